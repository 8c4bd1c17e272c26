import { EntityManager } from 'typeorm';
import { NewTrackedTime, TrackedTime, TrackedTimeFilter, TrackedTimeStore } from '@bellows/domain';
import { TrackedTimeEntity } from '../entities/tracked-time.entity';
import { insertRow } from './insert-row';

/** Tracked times on TypeORM: the `tracked_time` table; removal marks a row deleted, by id and only once. */
export class TypeOrmTrackedTimeStore implements TrackedTimeStore {
  constructor(private readonly manager: EntityManager) {}

  private get times() {
    return this.manager.getRepository(TrackedTimeEntity);
  }

  add(time: NewTrackedTime): Promise<TrackedTime> {
    return insertRow(this.manager, TrackedTimeEntity, { ...time, deleted: false });
  }

  findById(id: number): Promise<TrackedTime | null> {
    return this.times.findOneBy({ id });
  }

  async list(filter: TrackedTimeFilter, skip: number, take: number): Promise<[TrackedTime[], number]> {
    if (filter.repoIds?.length === 0) return [[], 0];
    const query = this.times.createQueryBuilder('time').where('time.deleted = :deleted', { deleted: false });
    if (filter.issueId !== undefined) query.andWhere('time.issue_id = :issueId', { issueId: filter.issueId });
    if (filter.userId !== undefined) query.andWhere('time.user_id = :userId', { userId: filter.userId });
    if (filter.since) query.andWhere('time.created_at >= :since', { since: filter.since.getTime() });
    if (filter.before) query.andWhere('time.created_at <= :before', { before: filter.before.getTime() });
    if (filter.repoId !== undefined || filter.repoIds) {
      query.innerJoin('time.issue', 'issue');
      if (filter.repoId !== undefined) query.andWhere('issue.repo_id = :repoId', { repoId: filter.repoId });
      if (filter.repoIds) query.andWhere('issue.repo_id IN (:...repoIds)', { repoIds: filter.repoIds });
    }
    return query.orderBy('time.createdAt', 'ASC').addOrderBy('time.id', 'ASC').skip(skip).take(take).getManyAndCount();
  }

  async remove(id: number): Promise<boolean> {
    const result = await this.times.update({ id, deleted: false }, { deleted: true });
    return (result.affected ?? 0) > 0;
  }

  /** Row by row, each write conditional on the row still being live, so a concurrent removal is never counted twice. */
  async removeAllOf(issueId: number, userId: number): Promise<{ times: number; seconds: number }> {
    const removed = { times: 0, seconds: 0 };
    for (const time of await this.times.findBy({ issueId, userId, deleted: false })) {
      if (await this.remove(time.id)) {
        removed.times += 1;
        removed.seconds += time.seconds;
      }
    }
    return removed;
  }
}
