import { EntityManager } from 'typeorm';
import { RefSnapshot, RefSnapshotStore, RefState } from '@bellows/domain';
import { WebhookRefSnapshotEntity } from '../entities/webhook-ref-snapshot.entity';

/**
 * The RefSnapshotStore port on TypeORM. `find` makes the row when it is
 * missing (insert-or-ignore: two instances making it at once is fine), so
 * that `replace` is always one UPDATE conditional on the version read.
 */
export class TypeOrmRefSnapshotStore implements RefSnapshotStore {
  constructor(private readonly manager: EntityManager) {}

  async find(repoId: number): Promise<RefSnapshot> {
    await this.manager
      .createQueryBuilder()
      .insert()
      .into(WebhookRefSnapshotEntity)
      .values({ repoId, refs: null, version: 0 })
      .orIgnore()
      .execute();
    const row = await this.manager.findOneByOrFail(WebhookRefSnapshotEntity, { repoId });
    return { state: row.refs === null ? null : (JSON.parse(row.refs) as RefState), version: row.version };
  }

  async replace(repoId: number, seenVersion: number, state: RefState): Promise<boolean> {
    const result = await this.manager
      .createQueryBuilder()
      .update(WebhookRefSnapshotEntity)
      .set({ refs: JSON.stringify(state), version: seenVersion + 1 })
      .where('repo_id = :repoId AND version = :seenVersion', { repoId, seenVersion })
      .execute();
    return (result.affected ?? 0) > 0;
  }
}
