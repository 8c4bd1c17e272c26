import { EntityManager, In } from 'typeorm';
import { IssueEntity } from '../entities/issue.entity';
import { MilestoneEntity } from '../entities/milestone.entity';
import { findLocked } from '../quota/locked-row';

export interface MilestoneCounts {
  open: number;
  closed: number;
}

/** The columns of a milestone an edit may write. */
export type MilestoneChanges = Partial<Pick<MilestoneEntity, 'name' | 'description' | 'isClosed' | 'dueOn' | 'updatedAt' | 'closedAt'>>;

export interface MilestoneFilter {
  repoId: number;
  isClosed?: boolean;
  /** Text the name must contain (case-insensitive). */
  name?: string;
}

/** Milestones of repositories, and how many issues of each are open and closed. */
export class MilestoneStore {
  constructor(private readonly manager: EntityManager) {}

  private get milestones() {
    return this.manager.getRepository(MilestoneEntity);
  }

  create(input: Omit<MilestoneEntity, 'id' | 'repository'>): Promise<MilestoneEntity> {
    return this.milestones.save(this.milestones.create(input));
  }

  findById(repoId: number, id: number): Promise<MilestoneEntity | null> {
    return this.milestones.findOne({ where: { repoId, id } });
  }

  findByIds(ids: number[]): Promise<MilestoneEntity[]> {
    return ids.length ? this.milestones.find({ where: { id: In(ids) } }) : Promise.resolve([]);
  }

  /** The first milestone of the repository with this name (case-insensitive). */
  findByName(repoId: number, name: string): Promise<MilestoneEntity | null> {
    return this.milestones
      .createQueryBuilder('m')
      .where('m.repoId = :repoId AND LOWER(m.name) = :name', { repoId, name: name.toLowerCase() })
      .orderBy('m.id', 'ASC')
      .getOne();
  }

  list(filter: MilestoneFilter, skip: number, take: number): Promise<[MilestoneEntity[], number]> {
    const query = this.milestones.createQueryBuilder('m').where('m.repoId = :repoId', { repoId: filter.repoId });
    if (filter.isClosed !== undefined) query.andWhere('m.isClosed = :isClosed', { isClosed: filter.isClosed });
    if (filter.name) {
      const pattern = `%${filter.name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query.andWhere("LOWER(m.name) LIKE :pattern ESCAPE '\\'", { pattern });
    }
    return query.orderBy('m.id', 'ASC').skip(skip).take(take).getManyAndCount();
  }

  /**
   * The milestone's current row, locked until the transaction ends (on
   * PostgreSQL), for a change computed from what is stored now (such as its
   * update date, which only moves forward); null when it is gone. Call inside a transaction.
   */
  findForChange(id: number): Promise<MilestoneEntity | null> {
    return findLocked(this.manager, MilestoneEntity, { id });
  }

  /** Writes the given columns by id; false when the milestone is gone (a deleted milestone is never written back). */
  async update(id: number, changes: MilestoneChanges): Promise<boolean> {
    return ((await this.milestones.update({ id }, changes)).affected ?? 0) > 0;
  }

  async delete(id: number): Promise<void> {
    await this.milestones.delete({ id });
  }

  /** Open and closed issues (pull requests included, as in Forgejo) of each milestone. */
  async countsOf(milestoneIds: number[]): Promise<Map<number, MilestoneCounts>> {
    const counts = new Map<number, MilestoneCounts>(milestoneIds.map((id) => [id, { open: 0, closed: 0 }]));
    if (!milestoneIds.length) return counts;
    const rows = await this.manager
      .getRepository(IssueEntity)
      .createQueryBuilder('issue')
      .select('issue.milestoneId', 'milestoneId')
      .addSelect('issue.isClosed', 'isClosed')
      .addSelect('COUNT(*)', 'count')
      .where('issue.milestoneId IN (:...milestoneIds)', { milestoneIds })
      .groupBy('issue.milestoneId')
      .addGroupBy('issue.isClosed')
      .getRawMany<{ milestoneId: number | string; isClosed: boolean | number; count: number | string }>();
    for (const row of rows) {
      const entry = counts.get(Number(row.milestoneId));
      if (!entry) continue;
      if (row.isClosed === true || Number(row.isClosed) === 1) entry.closed += Number(row.count);
      else entry.open += Number(row.count);
    }
    return counts;
  }
}
