import { EntityManager, FindOptionsWhere, IsNull } from 'typeorm';
import {
  HookEventType,
  NewWebhook,
  Webhook,
  WebhookChanges,
  WebhookContentType,
  WebhookScope,
  WebhookStatus,
  WebhookStore,
  WebhookType,
  isHookEventType,
} from '@bellows/domain';
import { WebhookEntity } from '../entities/webhook.entity';
import { parameterMarkers } from '../quota/in-transaction';

/** Webhooks on TypeORM: the `webhook` table. */
export class TypeOrmWebhookStore implements WebhookStore {
  constructor(private readonly manager: EntityManager) {}

  private get hooks() {
    return this.manager.getRepository(WebhookEntity);
  }

  async create(hook: NewWebhook): Promise<Webhook> {
    const now = new Date();
    const scope = hook.scope;
    const row = this.hooks.create({
      repoId: scope.kind === 'repo' ? scope.repoId : null,
      ownerId: scope.kind === 'owner' ? scope.ownerId : null,
      isSystem: scope.kind === 'system',
      type: hook.type,
      url: hook.url,
      contentType: hook.contentType,
      events: hook.events.join(','),
      branchFilter: hook.branchFilter,
      active: hook.active,
      secretSealed: hook.secretEncrypted,
      authorizationHeaderSealed: hook.authorizationHeaderEncrypted,
      lastStatus: 'none',
      createdAt: now,
      updatedAt: now,
    });
    return toWebhook(await this.hooks.save(row));
  }

  async findInScope(scope: WebhookScope, id: number): Promise<Webhook | null> {
    const row = await this.hooks.findOneBy({ id, ...scopeColumns(scope) });
    return row ? toWebhook(row) : null;
  }

  async listInScope(scope: WebhookScope, page: { offset: number; limit: number }): Promise<{ hooks: Webhook[]; total: number }> {
    const [rows, total] = await this.hooks.findAndCount({
      where: scopeColumns(scope),
      order: { id: 'ASC' },
      skip: page.offset,
      take: page.limit,
    });
    return { hooks: rows.map(toWebhook), total };
  }

  async update(scope: WebhookScope, id: number, changes: WebhookChanges): Promise<Webhook | null> {
    const columns: Partial<WebhookEntity> = { updatedAt: new Date() };
    if (changes.url !== undefined) columns.url = changes.url;
    if (changes.contentType !== undefined) columns.contentType = changes.contentType;
    if (changes.events !== undefined) columns.events = changes.events.join(',');
    if (changes.branchFilter !== undefined) columns.branchFilter = changes.branchFilter;
    if (changes.active !== undefined) columns.active = changes.active;
    if (changes.secretEncrypted !== undefined) columns.secretSealed = changes.secretEncrypted;
    if (changes.authorizationHeaderEncrypted !== undefined) columns.authorizationHeaderSealed = changes.authorizationHeaderEncrypted;
    const result = await this.hooks.update({ id, ...scopeColumns(scope) }, columns);
    if ((result.affected ?? 0) === 0) return null;
    return this.findInScope(scope, id);
  }

  async delete(scope: WebhookScope, id: number): Promise<boolean> {
    return ((await this.hooks.delete({ id, ...scopeColumns(scope) })).affected ?? 0) > 0;
  }

  async activeFor(repoId: number | null, ownerId: number): Promise<Webhook[]> {
    // Asked inside every issue and comment transaction (on PostgreSQL while the or repository's row is
    // locked), and most repositories have no hook: a written-out existence check answers those in one cheap
    // statement; the query builder reads the whole rows only when there is something to read.
    const p = parameterMarkers(this.manager);
    const any: unknown[] = await this.manager.query(
      `SELECT 1 AS found FROM webhook WHERE active AND (is_system OR (owner_id = ${p(1)} AND repo_id IS NULL) OR repo_id = ${p(2)}) LIMIT 1`,
      [ownerId, repoId],
    );
    if (any.length === 0) return [];
    const where: FindOptionsWhere<WebhookEntity>[] = [
      { ownerId, repoId: IsNull(), active: true },
      { isSystem: true, active: true },
    ];
    if (repoId !== null) where.push({ repoId, active: true });
    const rows = await this.hooks.find({ where, order: { id: 'ASC' } });
    return rows.map(toWebhook);
  }

  async findById(id: number): Promise<Webhook | null> {
    const row = await this.hooks.findOneBy({ id });
    return row ? toWebhook(row) : null;
  }
}

/** The columns that say a row is in `scope` (the others null or false). */
function scopeColumns(scope: WebhookScope): FindOptionsWhere<WebhookEntity> {
  if (scope.kind === 'repo') return { repoId: scope.repoId, ownerId: IsNull(), isSystem: false };
  if (scope.kind === 'owner') return { repoId: IsNull(), ownerId: scope.ownerId, isSystem: false };
  return { repoId: IsNull(), ownerId: IsNull(), isSystem: true };
}

function toWebhook(row: WebhookEntity): Webhook {
  const scope: WebhookScope =
    row.repoId !== null
      ? { kind: 'repo', repoId: row.repoId }
      : row.ownerId !== null
        ? { kind: 'owner', ownerId: row.ownerId }
        : { kind: 'system' };
  return {
    id: row.id,
    scope,
    type: row.type as WebhookType,
    url: row.url,
    contentType: row.contentType as WebhookContentType,
    events: row.events.split(',').filter(isHookEventType) as HookEventType[],
    branchFilter: row.branchFilter,
    active: row.active,
    secretEncrypted: row.secretSealed,
    authorizationHeaderEncrypted: row.authorizationHeaderSealed,
    lastStatus: row.lastStatus as WebhookStatus,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
