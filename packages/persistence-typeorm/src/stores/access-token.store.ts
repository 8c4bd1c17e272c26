import { EntityManager } from 'typeorm';
import { AccessTokenNameTakenError, AccessTokenStore, NewAccessToken } from '@bellows/domain';
import { AccessTokenEntity } from '../entities/access-token.entity';
import { fitsIdColumn } from '../row-id';
import { noteWrite } from '../read-cache/change-versions';
import { ReadCaches } from '../read-cache/read-caches';
import { isUniqueViolation } from '../unique-violation';

/** The AccessTokenStore port on TypeORM: the `access_token` table. */
export class TypeOrmAccessTokenStore implements AccessTokenStore {
  constructor(private readonly manager: EntityManager) {}

  private get repo() {
    return this.manager.getRepository(AccessTokenEntity);
  }

  async insert(token: NewAccessToken): Promise<AccessTokenEntity> {
    try {
      return await this.repo.save(this.repo.create(token));
    } catch (error) {
      throw isUniqueViolation(error) ? new AccessTokenNameTakenError(token.name) : error;
    } finally {
      noteWrite(this.manager, 'auth');
    }
  }

  /** Candidates for a presented token: the rows whose clear last eight characters match; cached until a token or owner is written. */
  findByLastEight(lastEight: string): Promise<AccessTokenEntity[]> {
    return ReadCaches.of(this.manager.connection).tokensByLastEight.read(this.manager, lastEight, 'auth', () =>
      this.repo.findBy({ tokenLastEight: lastEight }),
    );
  }

  findByOwnerAndName(ownerId: number, name: string): Promise<AccessTokenEntity | null> {
    return this.repo.findOneBy({ ownerId, name });
  }

  async findByOwnerAndId(ownerId: number, id: number): Promise<AccessTokenEntity | null> {
    return fitsIdColumn(id) ? this.repo.findOneBy({ ownerId, id }) : null;
  }

  listForOwner(ownerId: number, skip: number, take: number): Promise<[AccessTokenEntity[], number]> {
    return this.repo.findAndCount({ where: { ownerId }, order: { id: 'ASC' }, skip, take });
  }

  /** Written at most once a minute per token; noted so the cached row shows it and sign-ins stop writing it. */
  async markUsed(id: number, when: Date): Promise<void> {
    await this.repo.update({ id }, { lastUsedAt: when });
    noteWrite(this.manager, 'auth');
  }

  async delete(id: number): Promise<void> {
    await this.repo.delete({ id });
    noteWrite(this.manager, 'auth');
  }
}
