/** The kinds of rows that can outlive what they belong to. */
export type OrphanKind = 'attachment' | 'artifact' | 'package file' | 'package blob' | 'lfs reference' | 'lfs object';

/**
 * A row whose parent is gone, or a stored-content row nothing uses any more.
 * `id` names the row as its table does (an LFS reference: `repoId/oid`);
 * `reason` says why it is an orphan, e.g. `release 4 is gone` or `no package file uses it`.
 */
export interface OrphanRow {
  kind: OrphanKind;
  id: string;
  size: number;
  reason: string;
  /** The owner whose usage it was counted in; null when nothing counts it (its repository or package is gone). */
  ownerId: number | null;
}

/**
 * Port (the operator's repair tool): rows the usage ledger cannot account for
 * properly, found and removed. Sized rows whose parent is gone (an attachment
 * of a deleted issue, comment, release or repository; an artifact whose run or
 * repository is gone; a package file whose version or package is gone; an LFS
 * reference of a deleted repository), and stored-content rows nothing uses (an
 * LFS object no repository references, a package blob no file uses). An orphan
 * still counted for an owner is removed with its bytes taken off that owner's
 * ledger; removing an orphan leaves its file to the blob sweep. Slow by design
 * (it reads whole tables), never on a request's path.
 */
export abstract class OrphanRows {
  /** Every orphan, or those counted for one owner (orphans nothing counts belong to no owner and are left out then). */
  abstract find(ownerId?: number): Promise<OrphanRow[]>;
  /**
   * Removes every orphan (of one owner, or all) and returns those it removed,
   * looking again until nothing is left (removing one can orphan another, as a
   * package file does its blob) or nothing more could be removed.
   */
  abstract removeAll(ownerId?: number): Promise<OrphanRow[]>;
  /** Removes the orphan; false when it was gone already or is no orphan any more. */
  abstract remove(orphan: OrphanRow): Promise<boolean>;
}
