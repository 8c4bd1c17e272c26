import { Brackets, EntityManager, In } from 'typeorm';
import { Label, LabelChanges, LabelHolder, LabelStore, NewLabel, UsableLabels } from '@bellows/domain';
import { LabelEntity } from '../entities/label.entity';
import { noteWrite } from '../read-cache/change-versions';

/** Labels of repositories and organizations. */
export class TypeOrmLabelStore implements LabelStore {
  constructor(private readonly manager: EntityManager) {}

  private get repo() {
    return this.manager.getRepository(LabelEntity);
  }

  /** One page of the holder's labels, by name. */
  list(holder: LabelHolder, skip: number, take: number): Promise<[Label[], number]> {
    return this.repo.findAndCount({ where: whereHolder(holder), order: { name: 'ASC', id: 'ASC' }, skip, take });
  }

  find(holder: LabelHolder, id: number): Promise<Label | null> {
    return this.repo.findOneBy({ ...whereHolder(holder), id });
  }

  create(holder: LabelHolder, input: NewLabel): Promise<Label> {
    return this.repo.save(this.repo.create({ repoId: null, orgId: null, ...holder, ...input }));
  }

  /** Writes exactly the given columns by id; false when the label is gone (a deleted label is never written back). */
  async update(id: number, changes: LabelChanges): Promise<boolean> {
    if (Object.keys(changes).length === 0) return this.repo.existsBy({ id });
    const updated = ((await this.repo.update({ id }, changes)).affected ?? 0) > 0;
    // Issue lists show their labels' names and colours.
    noteWrite(this.manager, 'issues');
    return updated;
  }

  /** Deletes the label; it goes off every issue with it (the foreign key cascades). */
  async delete(id: number): Promise<void> {
    await this.repo.delete({ id });
    noteWrite(this.manager, 'issues');
  }

  /**
   * The usable labels matching the given ids or names (a name may match a
   * repository label and an organization label alike: both are returned).
   */
  findUsable(usable: UsableLabels, ids: readonly number[], names: readonly string[]): Promise<Label[]> {
    if (ids.length === 0 && names.length === 0) return Promise.resolve([]);
    const query = this.repo.createQueryBuilder('l').where(
      new Brackets((holder) => {
        holder.where('l.repo_id = :repoId', { repoId: usable.repoId });
        if (usable.orgId !== null) holder.orWhere('l.org_id = :orgId', { orgId: usable.orgId });
      }),
    );
    query.andWhere(
      new Brackets((match) => {
        match.where('1 = 0');
        if (ids.length > 0) match.orWhere('l.id IN (:...ids)', { ids });
        if (names.length > 0) match.orWhere('l.name IN (:...names)', { names });
      }),
    );
    return query.orderBy('l.name', 'ASC').addOrderBy('l.id', 'ASC').getMany();
  }

  findByIds(ids: readonly number[]): Promise<Label[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.repo.findBy({ id: In([...ids]) });
  }
}

function whereHolder(holder: LabelHolder): { repoId: number } | { orgId: number } {
  return 'repoId' in holder ? { repoId: holder.repoId } : { orgId: holder.orgId };
}
