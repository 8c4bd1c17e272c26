import { EntityManager } from 'typeorm';
import type { ArtifactStore, OrphanRow, OrphanRows, PackageStore } from '@bellows/domain';
import type { TypeOrmAttachmentStore } from '../stores/attachment.store';
import { InTransaction, sqlParam } from './in-transaction';

type Row = Record<string, unknown>;

/**
 * The OrphanRows port on TypeORM: finds and removes rows that the usage ledger cannot account for properly:
 *
 * - sized rows whose parent is gone: an attachment whose repository, issue,
 *   comment or release no longer exists; an artifact whose run or repository
 *   is gone; a package file whose version or package is gone; a repository's
 *   reference to an LFS object when the repository is gone;
 * - stored-content rows nothing uses: an LFS object no repository references
 *   (left when its last repository was deleted), a package blob no file uses
 *   (left when a deletion stopped between the file and its blob).
 *
 * These come from crashes and races (a deletion and an upload at once), or
 * from older versions. An orphan whose bytes the recount still counts (its
 * repository exists: an attachment of a deleted release counts in
 * `attachments:releases`) is removed through its store, which takes the bytes
 * off the ledger in the same transaction; one the recount cannot count (its
 * repository or package is gone) is removed directly, as no ledger figure
 * includes it. Removing an orphan leaves its file unreferenced, for the blob
 * sweep. Slow by design (it reads whole tables), like the recount: an
 * operator's tool, never on a request's path.
 */
export class TypeOrmOrphanRows implements OrphanRows {
  constructor(
    private readonly manager: EntityManager,
    private readonly inTransaction: InTransaction,
    private readonly stores: { attachments: TypeOrmAttachmentStore; artifacts: ArtifactStore; packages: PackageStore },
  ) {}

  /** Every orphan, or those counted for one owner (orphans nothing counts belong to no owner and are left out then). */
  async find(ownerId?: number): Promise<OrphanRow[]> {
    const all = [
      ...(await this.attachments()),
      ...(await this.artifacts()),
      ...(await this.packageFiles()),
      ...(await this.packageBlobs()),
      ...(await this.lfsReferences()),
      ...(await this.lfsObjects()),
    ];
    return ownerId === undefined ? all : all.filter((orphan) => orphan.ownerId === ownerId);
  }

  /**
   * Removes every orphan (of one owner, or all) and returns those it removed.
   * Removing one can orphan another (a package file's blob), so it looks again
   * until nothing is left, or nothing more could be removed.
   */
  async removeAll(ownerId?: number): Promise<OrphanRow[]> {
    const removed: OrphanRow[] = [];
    for (let found = await this.find(ownerId); found.length > 0; found = await this.find(ownerId)) {
      const before = removed.length;
      for (const orphan of found) if (await this.remove(orphan)) removed.push(orphan);
      if (removed.length === before) break; // what is left cannot be removed now (e.g. referenced again meanwhile)
    }
    return removed;
  }

  /** Removes the orphan (see the class comment for how); false when it was gone already or is no orphan any more. */
  async remove(orphan: OrphanRow): Promise<boolean> {
    switch (orphan.kind) {
      case 'attachment':
        return orphan.ownerId !== null
          ? this.stores.attachments.delete(Number(orphan.id))
          : this.deleteWhere('attachment', 'id = ? AND NOT EXISTS (SELECT 1 FROM repository r WHERE r.id = attachment.repo_id)', [
              Number(orphan.id),
            ]);
      case 'artifact':
        return orphan.ownerId !== null
          ? this.stores.artifacts.delete(Number(orphan.id))
          : this.deleteWhere('action_artifact', 'id = ? AND NOT EXISTS (SELECT 1 FROM repository r WHERE r.id = action_artifact.repo_id)', [
              Number(orphan.id),
            ]);
      case 'package file':
        return this.deleteWhere(
          'package_file',
          'id = ? AND NOT EXISTS (SELECT 1 FROM package_version v INNER JOIN package p ON p.id = v.package_id WHERE v.id = package_file.version_id)',
          [Number(orphan.id)],
        );
      case 'package blob':
        return (await this.stores.packages.deleteBlobIfUnused(Number(orphan.id))) !== null;
      case 'lfs reference': {
        const [repoId, oid] = orphan.id.split('/');
        return this.deleteWhere(
          'lfs_object_repository',
          'repo_id = ? AND oid = ? AND NOT EXISTS (SELECT 1 FROM repository r WHERE r.id = lfs_object_repository.repo_id)',
          [Number(repoId), oid],
        );
      }
      case 'lfs object':
        // An upload may reference the object at this very moment: the foreign key then refuses the deletion, and the object stays.
        return this.deleteWhere(
          'lfs_object',
          'oid = ? AND NOT EXISTS (SELECT 1 FROM lfs_object_repository ref WHERE ref.oid = lfs_object.oid)',
          [orphan.id],
        ).catch((error) => {
          if (isForeignKeyViolation(error)) return false;
          throw error;
        });
    }
  }

  private async attachments(): Promise<OrphanRow[]> {
    const rows: Row[] = await this.manager.query(
      'SELECT a.id, a.size, a.repo_id, a.issue_id, a.comment_id, a.release_id, r.owner_id, i.id AS issue_found, c.id AS comment_found, rel.id AS release_found ' +
        'FROM attachment a LEFT JOIN repository r ON r.id = a.repo_id LEFT JOIN issue i ON i.id = a.issue_id ' +
        'LEFT JOIN comment c ON c.id = a.comment_id LEFT JOIN release rel ON rel.id = a.release_id ' +
        'WHERE r.id IS NULL OR (a.issue_id IS NOT NULL AND i.id IS NULL) OR (a.comment_id IS NOT NULL AND c.id IS NULL) ' +
        'OR (a.release_id IS NOT NULL AND rel.id IS NULL) ORDER BY a.id',
    );
    return rows.map((row) => {
      const gone =
        row.owner_id == null
          ? `repository ${row.repo_id}`
          : row.release_id != null && row.release_found == null
            ? `release ${row.release_id}`
            : row.comment_id != null && row.comment_found == null
              ? `comment ${row.comment_id}`
              : `issue ${row.issue_id}`;
      return {
        kind: 'attachment',
        id: String(row.id),
        size: Number(row.size),
        reason: `${gone} is gone`,
        ownerId: nullableNumber(row.owner_id),
      };
    });
  }

  private async artifacts(): Promise<OrphanRow[]> {
    const rows: Row[] = await this.manager.query(
      'SELECT a.id, a.compressed_size, a.repo_id, a.run_id, r.owner_id FROM action_artifact a LEFT JOIN repository r ON r.id = a.repo_id ' +
        'LEFT JOIN action_run run ON run.id = a.run_id WHERE r.id IS NULL OR run.id IS NULL ORDER BY a.id',
    );
    return rows.map((row) => ({
      kind: 'artifact',
      id: String(row.id),
      size: Number(row.compressed_size),
      reason: `${row.owner_id == null ? `repository ${row.repo_id}` : `run ${row.run_id}`} is gone`,
      ownerId: nullableNumber(row.owner_id),
    }));
  }

  private async packageFiles(): Promise<OrphanRow[]> {
    const rows: Row[] = await this.manager.query(
      'SELECT f.id, f.size, f.version_id, v.id AS version_found, v.package_id FROM package_file f LEFT JOIN package_version v ON v.id = f.version_id ' +
        'LEFT JOIN package p ON p.id = v.package_id WHERE v.id IS NULL OR p.id IS NULL ORDER BY f.id',
    );
    return rows.map((row) => ({
      kind: 'package file',
      id: String(row.id),
      size: Number(row.size),
      reason: `${row.version_found == null ? `package version ${row.version_id}` : `package ${row.package_id}`} is gone`,
      ownerId: null,
    }));
  }

  private async packageBlobs(): Promise<OrphanRow[]> {
    const rows: Row[] = await this.manager.query(
      'SELECT b.id, b.size FROM package_blob b WHERE NOT EXISTS (SELECT 1 FROM package_file f WHERE f.blob_id = b.id) ORDER BY b.id',
    );
    return rows.map((row) => ({
      kind: 'package blob',
      id: String(row.id),
      size: Number(row.size),
      reason: 'no package file uses it',
      ownerId: null,
    }));
  }

  private async lfsReferences(): Promise<OrphanRow[]> {
    const rows: Row[] = await this.manager.query(
      'SELECT ref.repo_id, ref.oid, o.size FROM lfs_object_repository ref LEFT JOIN repository r ON r.id = ref.repo_id ' +
        'LEFT JOIN lfs_object o ON o.oid = ref.oid WHERE r.id IS NULL ORDER BY ref.repo_id, ref.oid',
    );
    return rows.map((row) => ({
      kind: 'lfs reference',
      id: `${row.repo_id}/${row.oid}`,
      size: Number(row.size ?? 0),
      reason: `repository ${row.repo_id} is gone`,
      ownerId: null,
    }));
  }

  private async lfsObjects(): Promise<OrphanRow[]> {
    const rows: Row[] = await this.manager.query(
      'SELECT o.oid, o.size FROM lfs_object o WHERE NOT EXISTS (SELECT 1 FROM lfs_object_repository ref INNER JOIN repository r ON r.id = ref.repo_id WHERE ref.oid = o.oid) ORDER BY o.oid',
    );
    return rows.map((row) => ({
      kind: 'lfs object',
      id: String(row.oid),
      size: Number(row.size),
      reason: 'no repository references it',
      ownerId: null,
    }));
  }

  /** Runs `DELETE FROM table WHERE …` (the condition re-checks that it is still an orphan) in a transaction of its own; true when a row went. */
  private deleteWhere(table: string, where: string, parameters: unknown[]): Promise<boolean> {
    return this.inTransaction(async (manager) => {
      let n = 0;
      const sql = `DELETE FROM ${table} WHERE ${where.replace(/\?/g, () => sqlParam(manager, ++n))}`;
      const result = await manager.queryRunner!.query(sql, parameters, true);
      return (result.affected ?? 0) > 0;
    });
  }
}

function nullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** True when a deletion failed because another row still refers to this one. */
function isForeignKeyViolation(error: unknown): boolean {
  const driverError =
    (error as { driverError?: { code?: string; message?: string } })?.driverError ?? (error as { code?: string; message?: string });
  if (driverError?.code === '23503') return true; // PostgreSQL foreign_key_violation
  return typeof driverError?.message === 'string' && driverError.message.includes('FOREIGN KEY constraint failed');
}
