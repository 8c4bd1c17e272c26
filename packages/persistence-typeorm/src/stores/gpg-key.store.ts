import { EntityManager, In } from 'typeorm';
import { GpgKey, GpgKeyIdTakenError, GpgKeyStore, NewGpgKey } from '@bellows/domain';
import { GpgKeyEntity } from '../entities/gpg-key.entity';
import { InTransaction } from '../quota/in-transaction';
import { isUniqueViolation } from '../unique-violation';

/**
 * GPG keys on TypeORM (`gpg_key`): a primary key row and one row per subkey,
 * written in one transaction. The unique index on key_id settles two users
 * adding one key at the same moment.
 */
export class TypeOrmGpgKeyStore implements GpgKeyStore {
  constructor(
    private readonly manager: EntityManager,
    private readonly inTransaction: InTransaction,
  ) {}

  async listForOwner(ownerId: number, skip: number, take: number): Promise<[GpgKey[], number]> {
    const [rows, total] = await this.repo().findAndCount({ where: { ownerId, primaryKeyId: '' }, order: { id: 'ASC' }, skip, take });
    return [await this.withSubkeys(rows), total];
  }

  async findByOwnerAndId(ownerId: number, id: number): Promise<GpgKey | null> {
    const row = await this.repo().findOneBy({ ownerId, id, primaryKeyId: '' });
    return row ? (await this.withSubkeys([row]))[0] : null;
  }

  async findByOwnerAndKeyId(ownerId: number, keyId: string): Promise<GpgKey | null> {
    const row = await this.repo().findOneBy({ ownerId, keyId });
    if (!row) return null;
    const primary = row.primaryKeyId ? await this.repo().findOneBy({ ownerId, keyId: row.primaryKeyId, primaryKeyId: '' }) : row;
    return primary ? (await this.withSubkeys([primary]))[0] : null;
  }

  async isKeyIdTaken(keyId: string): Promise<boolean> {
    return this.repo().existsBy({ keyId });
  }

  async insert(key: NewGpgKey): Promise<GpgKey> {
    try {
      const id = await this.inTransaction(async (manager) => {
        const repo = manager.getRepository(GpgKeyEntity);
        const { subkeys, ...primary } = key;
        const taken = await repo.findOneBy({ keyId: In([primary.keyId, ...subkeys.map((s) => s.keyId)]) });
        if (taken) throw new GpgKeyIdTakenError(taken.keyId);
        const inserted = await repo.insert(toRow(primary));
        for (const subkey of subkeys) await repo.insert(toRow(subkey));
        return Number(inserted.identifiers[0].id);
      });
      return (await this.findByOwnerAndId(key.ownerId, id))!;
    } catch (error) {
      if (isUniqueViolation(error)) throw new GpgKeyIdTakenError(key.keyId); // added at the same moment elsewhere
      throw error;
    }
  }

  async markVerified(id: number): Promise<void> {
    await this.repo().update({ id }, { verified: true });
  }

  async delete(id: number): Promise<void> {
    await this.inTransaction(async (manager) => {
      const repo = manager.getRepository(GpgKeyEntity);
      const row = await repo.findOneBy({ id, primaryKeyId: '' });
      if (!row) return;
      await repo.delete({ ownerId: row.ownerId, primaryKeyId: row.keyId });
      await repo.delete({ id });
    });
  }

  private repo() {
    return this.manager.getRepository(GpgKeyEntity);
  }

  private async withSubkeys(rows: GpgKeyEntity[]): Promise<GpgKey[]> {
    if (!rows.length) return [];
    const subs = await this.repo().find({ where: { primaryKeyId: In(rows.map((r) => r.keyId)) }, order: { id: 'ASC' } });
    return rows.map((row) => ({
      ...toKey(row),
      subkeys: subs.filter((s) => s.primaryKeyId === row.keyId && s.ownerId === row.ownerId).map((s) => ({ ...toKey(s), subkeys: [] })),
    }));
  }
}

function toRow(key: Omit<GpgKey, 'id' | 'subkeys'>): Omit<GpgKeyEntity, 'id' | 'owner'> {
  return { ...key, emails: JSON.stringify(key.emails) };
}

function toKey(row: GpgKeyEntity): Omit<GpgKey, 'subkeys'> {
  return {
    id: row.id,
    ownerId: row.ownerId,
    primaryKeyId: row.primaryKeyId,
    keyId: row.keyId,
    content: row.content,
    armored: row.armored,
    emails: JSON.parse(row.emails) as string[],
    canSign: row.canSign,
    canEncryptComms: row.canEncryptComms,
    canEncryptStorage: row.canEncryptStorage,
    canCertify: row.canCertify,
    verified: row.verified,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  };
}
