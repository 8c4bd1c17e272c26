import { EntityManager, In } from 'typeorm';
import { Milestone, MilestoneChanges, MilestoneCounts, MilestoneFilter, MilestoneStore, NewMilestone } from '@bellows/domain';
import { IssueEntity } from '../entities/issue.entity';
import { MilestoneEntity } from '../entities/milestone.entity';
import { findLocked } from '../quota/locked-row';
import { noteWrite } from '../read-cache/change-versions';

/** Milestones of repositories, and how many issues of each are open and closed. */
export class TypeOrmMilestoneStore implements MilestoneStore {
  constructor(private readonly manager: EntityManager) {}

  private get milestones() {
    return this.manager.getRepository(MilestoneEntity);
  }

  create(input: NewMilestone): Promise<Milestone> {
    return this.milestones.save(this.milestones.create(input));
  }

  findById(repoId: number, id: number): Promise<Milestone | null> {
    return this.milestones.findOne({ where: { repoId, id } });
  }

  findByIds(ids: number[]): Promise<Milestone[]> {
    return ids.length ? this.milestones.find({ where: { id: In(ids) } }) : Promise.resolve([]);
  }

  /** The first milestone of the repository with this name (case-insensitive). */
  findByName(repoId: number, name: string): Promise<Milestone | null> {
    return this.milestones
      .createQueryBuilder('m')
      .where('m.repoId = :repoId AND LOWER(m.name) = :name', { repoId, name: name.toLowerCase() })
      .orderBy('m.id', 'ASC')
      .getOne();
  }

  list(filter: MilestoneFilter, skip: number, take: number): Promise<[Milestone[], number]> {
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
  findForChange(id: number): Promise<Milestone | null> {
    return findLocked(this.manager, MilestoneEntity, { id });
  }

  /** Writes the given columns by id; false when the milestone is gone (a deleted milestone is never written back). */
  async update(id: number, changes: MilestoneChanges): Promise<boolean> {
    return ((await this.milestones.update({ id }, changes)).affected ?? 0) > 0;
  }

  /** Its issues are left without a milestone (the foreign key sets theirs to null). */
  async delete(id: number): Promise<void> {
    await this.milestones.delete({ id });
    noteWrite(this.manager, 'issues');
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
