import { EntityManager, In } from 'typeorm';
import {
  NewOAuth2Application,
  NewOAuth2AuthorizationCode,
  NewOAuth2Token,
  OAuth2ApplicationChanges,
  OAuth2ApplicationStore,
  OAuth2AuthorizationCode,
  OAuth2Grant,
  OAuth2GrantStore,
  OAuth2TokenKind,
} from '@bellows/domain';
import { OAuth2ApplicationEntity, OAuth2AuthorizationCodeEntity, OAuth2GrantEntity, OAuth2TokenEntity } from '../entities/oauth2.entities';
import { InTransaction } from '../quota/in-transaction';
import { fitsIdColumn } from '../row-id';
import { isUniqueViolation } from '../unique-violation';

/** OAuth2 applications on TypeORM: the `oauth2_application` table (grants, codes and tokens go with a deleted one). */
export class TypeOrmOAuth2ApplicationStore implements OAuth2ApplicationStore {
  constructor(
    private readonly manager: EntityManager,
    private readonly inTransaction: InTransaction,
  ) {}

  private get repo() {
    return this.manager.getRepository(OAuth2ApplicationEntity);
  }

  insert(application: NewOAuth2Application): Promise<OAuth2ApplicationEntity> {
    return this.repo.save(this.repo.create(application));
  }

  async findByOwnerAndId(ownerId: number, id: number): Promise<OAuth2ApplicationEntity | null> {
    return fitsIdColumn(id) ? this.repo.findOneBy({ ownerId, id }) : null;
  }

  findByClientId(clientId: string): Promise<OAuth2ApplicationEntity | null> {
    return this.repo.findOneBy({ clientId });
  }

  listForOwner(ownerId: number, skip: number, take: number): Promise<[OAuth2ApplicationEntity[], number]> {
    return this.repo.findAndCount({ where: { ownerId }, order: { id: 'ASC' }, skip, take });
  }

  /** One UPDATE by id and owner (never a loaded row saved), then the row as it now is. */
  async update(ownerId: number, id: number, changes: OAuth2ApplicationChanges): Promise<OAuth2ApplicationEntity | null> {
    if (!fitsIdColumn(id)) return null;
    const { affected } = await this.repo.update({ id, ownerId }, changes);
    return affected ? this.repo.findOneBy({ id, ownerId }) : null;
  }

  /** Deletes the application and, in the same transaction, what was issued under it (the foreign keys cascade too). */
  delete(ownerId: number, id: number): Promise<boolean> {
    if (!fitsIdColumn(id)) return Promise.resolve(false);
    return this.inTransaction(async (manager) => {
      const grants = await manager.getRepository(OAuth2GrantEntity).findBy({ applicationId: id });
      const grantIds = grants.map((grant) => grant.id);
      const removed = (await manager.getRepository(OAuth2ApplicationEntity).delete({ id, ownerId })).affected ?? 0;
      if (removed === 0) return false;
      if (grantIds.length > 0) {
        await manager.getRepository(OAuth2TokenEntity).delete({ grantId: In(grantIds) });
        await manager.getRepository(OAuth2AuthorizationCodeEntity).delete({ grantId: In(grantIds) });
      }
      await manager.getRepository(OAuth2GrantEntity).delete({ applicationId: id });
      return true;
    });
  }
}

/** Grants with their authorization codes and tokens on TypeORM. */
export class TypeOrmOAuth2GrantStore implements OAuth2GrantStore {
  constructor(private readonly manager: EntityManager) {}

  private get grants() {
    return this.manager.getRepository(OAuth2GrantEntity);
  }

  async grantFor(applicationId: number, userId: number, scope: string): Promise<OAuth2Grant> {
    const existing = await this.findGrant(applicationId, userId);
    if (existing) return existing;
    try {
      await this.grants.insert({ applicationId, userId, scope, nonce: '', createdAt: new Date() });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error; // granted at the same moment by another request: that grant stands
    }
    return this.grants.findOneByOrFail({ applicationId, userId });
  }

  findGrant(applicationId: number, userId: number): Promise<OAuth2Grant | null> {
    return this.grants.findOneBy({ applicationId, userId });
  }

  async setNonce(grantId: number, nonce: string): Promise<void> {
    await this.grants.update({ id: grantId }, { nonce });
  }

  async insertCode(code: NewOAuth2AuthorizationCode): Promise<void> {
    await this.manager.getRepository(OAuth2AuthorizationCodeEntity).insert(code);
  }

  /** The DELETE decides who takes the code: only the request that removed the row uses it. */
  async takeCode(codeHash: string, now: Date): Promise<{ code: OAuth2AuthorizationCode; grant: OAuth2Grant } | null> {
    const codes = this.manager.getRepository(OAuth2AuthorizationCodeEntity);
    const code = await codes.findOneBy({ codeHash });
    if (!code) return null;
    const { affected } = await codes.delete({ id: code.id });
    if (!affected || code.expiresAt.getTime() <= now.getTime()) return null;
    const grant = await this.grants.findOneBy({ id: code.grantId });
    return grant ? { code, grant } : null;
  }

  async insertTokens(tokens: NewOAuth2Token[]): Promise<void> {
    await this.manager.getRepository(OAuth2TokenEntity).insert(tokens);
  }

  async findGrantOfToken(tokenHash: string, kind: OAuth2TokenKind, now: Date): Promise<OAuth2Grant | null> {
    const token = await this.manager.getRepository(OAuth2TokenEntity).findOne({ where: { tokenHash, kind }, relations: { grant: true } });
    if (!token?.grant || token.expiresAt.getTime() <= now.getTime()) return null;
    return token.grant;
  }

  async takeRefreshToken(tokenHash: string, now: Date): Promise<OAuth2Grant | null> {
    const tokens = this.manager.getRepository(OAuth2TokenEntity);
    const token = await tokens.findOne({ where: { tokenHash, kind: 'refresh' }, relations: { grant: true } });
    if (!token?.grant) return null;
    const { affected } = await tokens.delete({ id: token.id });
    if (!affected || token.expiresAt.getTime() <= now.getTime()) return null;
    return token.grant;
  }
}
