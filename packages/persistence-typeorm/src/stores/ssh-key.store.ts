import { EntityManager, FindOptionsWhere } from 'typeorm';
import { NewSshKey, SshKeyInUseError, SshKeyPage, SshKeyStore, SshKeyTitleTakenError } from '@bellows/domain';
import { SshKeyEntity, sshKeyScope } from '../entities/ssh-key.entity';
import { fitsIdColumn } from '../row-id';
import { isUniqueViolation } from '../unique-violation';

/** The SshKeyStore port on TypeORM: the `ssh_key` table. */
export class TypeOrmSshKeyStore implements SshKeyStore {
  constructor(private readonly manager: EntityManager) {}

  private get repo() {
    return this.manager.getRepository(SshKeyEntity);
  }

  /**
   * The unique indexes decide a clash, so two requests adding one key (or one
   * title) cannot both win; which index it was is told by looking afterwards.
   */
  async insert(key: NewSshKey): Promise<SshKeyEntity> {
    const scope = sshKeyScope(key);
    try {
      return await this.repo.save(this.repo.create({ ...key, scope }));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const sameKey = await this.repo.existsBy({ fingerprint: key.fingerprint, scope });
      throw sameKey ? new SshKeyInUseError(key.fingerprint) : new SshKeyTitleTakenError(key.title);
    }
  }

  findByFingerprint(fingerprint: string): Promise<SshKeyEntity[]> {
    return this.repo.find({ where: { fingerprint }, order: { id: 'ASC' } });
  }

  listForOwner(ownerId: number, page: SshKeyPage): Promise<[SshKeyEntity[], number]> {
    return this.page({ ownerId }, page);
  }

  listForRepository(repoId: number, page: SshKeyPage): Promise<[SshKeyEntity[], number]> {
    return this.page({ repoId }, page);
  }

  async findByOwnerAndId(ownerId: number, id: number): Promise<SshKeyEntity | null> {
    return fitsIdColumn(id) ? this.repo.findOneBy({ ownerId, id }) : null;
  }

  async findByRepositoryAndId(repoId: number, id: number): Promise<SshKeyEntity | null> {
    return fitsIdColumn(id) ? this.repo.findOneBy({ repoId, id }) : null;
  }

  async delete(id: number): Promise<void> {
    await this.repo.delete({ id });
  }

  private page(where: FindOptionsWhere<SshKeyEntity>, page: SshKeyPage): Promise<[SshKeyEntity[], number]> {
    const narrowed = page.fingerprint === undefined ? where : { ...where, fingerprint: page.fingerprint };
    return this.repo.findAndCount({ where: narrowed, order: { id: 'ASC' }, skip: page.skip, take: page.take });
  }
}
