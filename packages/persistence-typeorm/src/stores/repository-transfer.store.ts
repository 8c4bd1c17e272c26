import { EntityManager, IsNull, Not } from 'typeorm';
import { NewRepositoryTransfer, RepositoryTransfer, RepositoryTransferStore, TransferInProgressError } from '@bellows/domain';
import { RepositoryTransferEntity } from '../entities/repository-transfer.entity';
import { TeamRepositoryEntity } from '../entities/team-repository.entity';
import { InTransaction } from '../quota/in-transaction';
import { isUniqueViolation } from '../unique-violation';
import { TypeOrmRepositoryStore } from './repository.store';

/** Transfers of repositories on TypeORM: one row per repository, pending or with its files still to move. */
export class TypeOrmRepositoryTransferStore implements RepositoryTransferStore {
  constructor(
    private readonly manager: EntityManager,
    private readonly inTransaction: InTransaction,
  ) {}

  private get rows() {
    return this.manager.getRepository(RepositoryTransferEntity);
  }

  /** An insert, never a save: a save would overwrite the transfer a repository already has. */
  async start(transfer: NewRepositoryTransfer): Promise<RepositoryTransfer> {
    const row = { ...transfer, teamIds: [...transfer.teamIds], movingFrom: null, createdAt: new Date() };
    try {
      // TypeORM may write the stored forms back into what it inserts: it gets a copy.
      await this.rows.insert({ ...row });
      return row;
    } catch (error) {
      throw isUniqueViolation(error) ? new TransferInProgressError(transfer.repoId) : error;
    }
  }

  pendingFor(repoId: number): Promise<RepositoryTransfer | null> {
    return this.rows.findOneBy({ repoId, movingFrom: IsNull() });
  }

  async cancel(repoId: number): Promise<boolean> {
    return ((await this.rows.delete({ repoId, movingFrom: IsNull() })).affected ?? 0) > 0;
  }

  /** The ownership change, the teams and the note of the move to make, in one transaction. */
  changeOwner(transfer: NewRepositoryTransfer, movingFrom: string): Promise<void> {
    return this.inTransaction(async (manager) => {
      const rows = manager.getRepository(RepositoryTransferEntity);
      if (await rows.findOneBy({ repoId: transfer.repoId, movingFrom: Not(IsNull()) })) throw new TransferInProgressError(transfer.repoId);
      await new TypeOrmRepositoryStore(manager, (work) => work(manager)).changeOwner(transfer.repoId, transfer.recipientId);
      for (const teamId of transfer.teamIds)
        await manager
          .createQueryBuilder()
          .insert()
          .into(TeamRepositoryEntity)
          .values({ teamId, repoId: transfer.repoId })
          .orIgnore()
          .execute();
      await rows.delete({ repoId: transfer.repoId });
      await rows.insert({ ...transfer, movingFrom, createdAt: new Date() });
    });
  }

  unfinishedMoves(): Promise<RepositoryTransfer[]> {
    return this.rows.find({ where: { movingFrom: Not(IsNull()) }, order: { repoId: 'ASC' } });
  }

  async finishMove(repoId: number): Promise<void> {
    await this.rows.delete({ repoId, movingFrom: Not(IsNull()) });
  }
}
