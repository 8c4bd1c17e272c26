import { NewRepositoryTransfer, RepositoryTransfer } from './repository-transfer';

/**
 * Port: transfers of repositories between owners. The ownership change and
 * the note that the files on disk must follow are written in one transaction,
 * so a crash between the database and the disk is finished at the next start
 * (see `unfinishedMoves`).
 */
export abstract class RepositoryTransferStore {
  /** Records a pending transfer; TransferInProgressError when the repository has one. */
  abstract start(transfer: NewRepositoryTransfer): Promise<RepositoryTransfer>;
  /** The repository's pending transfer (not yet accepted), or null. */
  abstract pendingFor(repoId: number): Promise<RepositoryTransfer | null>;
  /** Drops the repository's pending transfer; false when it had none. */
  abstract cancel(repoId: number): Promise<boolean>;
  /**
   * In one transaction: gives the repository to `transfer.recipientId`
   * (RepositoryStore.changeOwner: usage moves with it), links the given teams,
   * and replaces any pending transfer by a note that its files are still
   * under `movingFrom`. RepositoryNameTakenError, ContainerGoneError,
   * TransferInProgressError (another transfer was started meanwhile).
   */
  abstract changeOwner(transfer: NewRepositoryTransfer, movingFrom: string): Promise<void>;
  /** Transfers whose ownership changed but whose files were not yet moved (after a crash). */
  abstract unfinishedMoves(): Promise<RepositoryTransfer[]>;
  /** Forgets the note once the files are where the new owner's name says. */
  abstract finishMove(repoId: number): Promise<void>;
}
