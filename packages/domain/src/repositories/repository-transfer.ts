/**
 * A transfer of a repository to another owner that waits for the recipient
 * to accept it (Forgejo's pending transfer), or one whose ownership change is
 * committed while its folder on disk still has to follow (`movingFrom`).
 */
export interface RepositoryTransfer {
  repoId: number;
  /** Who asked for the transfer. */
  doerId: number;
  /** The user or organization that is to own the repository. */
  recipientId: number;
  /** Teams of the recipient organization that get the repository once it is theirs. */
  teamIds: number[];
  /**
   * Set once the ownership changed: the name of the owner whose folder the
   * repository's files are still in until they are moved. Null while pending.
   */
  movingFrom: string | null;
  createdAt: Date;
}

/** What starting a transfer takes. */
export type NewRepositoryTransfer = Pick<RepositoryTransfer, 'repoId' | 'doerId' | 'recipientId' | 'teamIds'>;

/** Raised when a repository already has a transfer in progress (Forgejo answers 409). */
export class TransferInProgressError extends Error {
  constructor(readonly repoId: number) {
    super(`repository ${repoId} already has a transfer in progress`);
    this.name = 'TransferInProgressError';
  }
}
