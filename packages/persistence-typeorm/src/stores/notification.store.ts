import { EntityManager, In } from 'typeorm';
import { TypeOrmRepoWatchStore } from './repo-watch.store';
import { NotificationEvent, NotificationFilter, NotificationStatus, NotificationStore, NotificationThread } from '@bellows/domain';
import { IssueParticipantEntity } from '../entities/issue-participant.entity';
import { NotificationEntity } from '../entities/notification.entity';
import { OwnerEntity } from '../entities/owner.entity';
import { RepoWatchEntity } from '../entities/repo-watch.entity';
import { TeamMemberEntity } from '../entities/team-member.entity';
import { parameterMarkers } from '../quota/in-transaction';

/**
 * Notification threads (one per user and issue), the explicit watchers of
 * repositories, and the participants of issues.
 */
export class TypeOrmNotificationStore implements NotificationStore {
  constructor(
    private readonly manager: EntityManager,
    private readonly repoWatches: TypeOrmRepoWatchStore,
  ) {}

  private get threads() {
    return this.manager.getRepository(NotificationEntity);
  }

  /** The users watching the repository: explicit watchers, its owner (a user) or its organization's owners. */
  async repositoryWatcherIds(repoId: number, ownerId: number): Promise<number[]> {
    const explicit = await this.manager.getRepository(RepoWatchEntity).find({ select: { userId: true }, where: { repoId } });
    const owner = await this.manager.getRepository(OwnerEntity).findOne({ select: { id: true, kind: true }, where: { id: ownerId } });
    const ids = explicit.map((row) => row.userId);
    if (owner?.kind === 'user') ids.push(owner.id);
    if (owner?.kind === 'organization') ids.push(...(await this.organizationOwnerIds(owner.id)));
    return [...new Set(ids)];
  }

  /** The members of the organization's Owners team. */
  private async organizationOwnerIds(orgId: number): Promise<number[]> {
    const rows = await this.manager
      .getRepository(TeamMemberEntity)
      .createQueryBuilder('tm')
      .innerJoin('team', 't', 't.id = tm.team_id')
      .select('tm.user_id', 'userId')
      .where("t.org_id = :orgId AND t.permission = 'owner'", { orgId })
      .getRawMany<{ userId: number | string }>();
    return rows.map((row) => Number(row.userId));
  }

  /** Through the watch store, so that the repository's `num_watches` moves with the row. */
  async watch(userId: number, repoId: number, at: Date): Promise<void> {
    await this.repoWatches.watch(userId, repoId, at);
  }

  async unwatch(userId: number, repoId: number): Promise<void> {
    await this.repoWatches.unwatch(userId, repoId);
  }

  async isWatching(userId: number, repoId: number): Promise<boolean> {
    return (await this.manager.getRepository(RepoWatchEntity).countBy({ userId, repoId })) > 0;
  }

  async participantIds(issueId: number): Promise<number[]> {
    const rows = await this.manager.getRepository(IssueParticipantEntity).find({ select: { userId: true }, where: { issueId } });
    return rows.map((row) => row.userId);
  }

  /**
   * Those who subscribed to the issue are in it, and those who unsubscribed
   * from it are not, whatever else would bring them in (as in Forgejo).
   * One statement, not the four the separate reads take: it runs inside every
   * issue and comment transaction, which holds SQLite's writer (and on
   * PostgreSQL the issue's row) until it commits.
   */
  async audienceOf(issueId: number, repoId: number, ownerId: number): Promise<number[]> {
    const p = parameterMarkers(this.manager);
    const rows: { id: number | string }[] = await this.manager.query(
      `/* notification audience */
       SELECT user_id AS id FROM watch WHERE repo_id = ${p(1)}
       UNION SELECT id FROM owner WHERE id = ${p(2)} AND kind = 'user'
       UNION SELECT tm.user_id FROM team_member tm JOIN team t ON t.id = tm.team_id WHERE t.org_id = ${p(2)} AND t.permission = 'owner'
       UNION SELECT user_id FROM issue_participant WHERE issue_id = ${p(3)}
       UNION SELECT assignee_id FROM issue_assignee WHERE issue_id = ${p(3)}
       UNION SELECT user_id FROM issue_watch WHERE issue_id = ${p(3)} AND is_watching = TRUE
       EXCEPT SELECT user_id FROM issue_watch WHERE issue_id = ${p(3)} AND is_watching = FALSE`,
      [repoId, ownerId, issueId],
    );
    return rows.map((row) => Number(row.id));
  }

  /** Records the users as taking part in the issue; those already recorded stay as they are. */
  async addParticipants(issueId: number, userIds: readonly number[]): Promise<void> {
    if (userIds.length === 0) return;
    // Written out, not built by the query builder: it runs inside every issue and comment transaction (see audienceOf).
    const p = parameterMarkers(this.manager);
    const rows = userIds.map((_, i) => `(${p(1)}, ${p(i + 2)})`).join(', ');
    await this.manager.query(`INSERT INTO issue_participant (issue_id, user_id) VALUES ${rows} ON CONFLICT DO NOTHING`, [
      issueId,
      ...userIds,
    ]);
  }

  /**
   * Opens or refreshes each user's thread on the issue: it becomes unread
   * (a pinned thread stays pinned) and takes the event's date and comment.
   */
  async notify(userIds: readonly number[], event: NotificationEvent): Promise<void> {
    if (userIds.length === 0) return;
    const existing = await this.threads.find({
      select: { id: true, userId: true },
      where: { issueId: event.issueId, userId: In([...userIds]) },
    });
    const known = new Set(existing.map((thread) => thread.userId));
    if (existing.length > 0) {
      // One UPDATE by id (never the rows read above saved back): a thread pinned or deleted meanwhile stays so.
      await this.threads
        .createQueryBuilder()
        .update()
        .set({
          status: () => "CASE WHEN status = 'pinned' THEN 'pinned' ELSE 'unread' END",
          updatedAt: event.at,
          ...(event.commentId !== null && { commentId: event.commentId }),
        })
        .where({ id: In(existing.map((thread) => thread.id)) })
        .execute();
    }
    const fresh = userIds.filter((userId) => !known.has(userId));
    if (fresh.length === 0) return;
    await this.threads.insert(
      fresh.map((userId) => ({
        userId,
        repoId: event.repoId,
        issueId: event.issueId,
        commentId: event.commentId,
        source: event.source,
        status: 'unread' as const,
        createdAt: event.at,
        updatedAt: event.at,
      })),
    );
  }

  async notifyQuota(userIds: readonly number[], quotaEventId: number, at: Date): Promise<void> {
    if (userIds.length === 0) return;
    await this.threads.insert(
      userIds.map((userId) => ({
        userId,
        repoId: null,
        issueId: null,
        quotaEventId,
        commentId: null,
        source: 'quota' as const,
        status: 'unread' as const,
        createdAt: at,
        updatedAt: at,
      })),
    );
  }

  /** One page of the user's threads, most recently updated first, with their issue. */
  list(userId: number, filter: NotificationFilter, skip: number, take: number): Promise<[NotificationThread[], number]> {
    return this.filtered(userId, filter)
      .leftJoinAndSelect('n.issue', 'issue')
      .orderBy('n.updatedAt', 'DESC')
      .addOrderBy('n.id', 'DESC')
      .skip(skip)
      .take(take)
      .getManyAndCount();
  }

  countUnread(userId: number): Promise<number> {
    return this.threads.countBy({ userId, status: 'unread' });
  }

  /** The thread with its issue, or null. */
  findById(id: number): Promise<NotificationThread | null> {
    return this.threads.findOne({ where: { id }, relations: { issue: true } });
  }

  async setStatus(id: number, status: NotificationStatus): Promise<void> {
    await this.threads.update({ id }, { status });
  }

  /** Sets the status of every matching thread of the user; returns the threads changed, as they are now. */
  async setStatusWhere(userId: number, filter: NotificationFilter, status: NotificationStatus): Promise<NotificationThread[]> {
    const matching = await this.filtered(userId, filter).select('n.id', 'id').getRawMany<{ id: number | string }>();
    const ids = matching.map((row) => Number(row.id));
    if (ids.length === 0) return [];
    await this.threads.update({ id: In(ids) }, { status });
    return this.threads.find({ where: { id: In(ids) }, relations: { issue: true }, order: { updatedAt: 'DESC', id: 'DESC' } });
  }

  private filtered(userId: number, filter: NotificationFilter) {
    const query = this.threads.createQueryBuilder('n').where('n.user_id = :userId', { userId });
    if (filter.repoId !== undefined) query.andWhere('n.repo_id = :repoId', { repoId: filter.repoId });
    if (filter.statuses?.length) query.andWhere('n.status IN (:...statuses)', { statuses: filter.statuses });
    if (filter.sources) query.andWhere(filter.sources.length ? 'n.source IN (:...sources)' : '1 = 0', { sources: filter.sources });
    if (filter.updatedAfter) query.andWhere('n.updated_at >= :after', { after: filter.updatedAfter.getTime() });
    if (filter.updatedBefore) query.andWhere('n.updated_at <= :before', { before: filter.updatedBefore.getTime() });
    return query;
  }
}
