import { EntityManager } from 'typeorm';
import { IssueWatchStore, Owner } from '@bellows/domain';
import { IssueWatchEntity } from '../entities/issue-watch.entity';
import { OwnerEntity } from '../entities/owner.entity';
import { parameterMarkers } from '../quota/in-transaction';

/** Issue subscriptions on TypeORM: one `issue_watch` row per user and issue, written as one upsert. */
export class TypeOrmIssueWatchStore implements IssueWatchStore {
  constructor(private readonly manager: EntityManager) {}

  private get watches() {
    return this.manager.getRepository(IssueWatchEntity);
  }

  async set(userId: number, issueId: number, watching: boolean, at: Date): Promise<void> {
    // One statement, so two requests at once end with one row holding the later choice (never a unique violation).
    const p = parameterMarkers(this.manager);
    await this.manager.query(
      `INSERT INTO issue_watch (user_id, issue_id, is_watching, created_at, updated_at) VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(4)})
       ON CONFLICT (user_id, issue_id) DO UPDATE SET is_watching = ${p(3)}, updated_at = ${p(4)}`,
      [userId, issueId, watching, at.getTime()],
    );
  }

  async choiceOf(userId: number, issueId: number): Promise<boolean | null> {
    const row = await this.watches.findOne({ select: { isWatching: true }, where: { userId, issueId } });
    return row ? Boolean(row.isWatching) : null;
  }

  async subscribers(issueId: number, skip: number, take: number): Promise<[Owner[], number]> {
    const [rows, total] = await this.watches.findAndCount({
      where: { issueId, isWatching: true },
      order: { id: 'ASC' },
      skip,
      take,
      relations: { user: true },
    });
    return [rows.map((row) => row.user as OwnerEntity), total];
  }
}
