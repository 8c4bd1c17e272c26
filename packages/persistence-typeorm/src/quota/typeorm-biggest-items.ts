import { EntityManager } from 'typeorm';
import { parameterMarkers } from './in-transaction';

/** A repository and the bytes one of its parts uses. */
export interface SizedRepository {
  id: number;
  name: string;
  size: number;
}

/**
 * The owner's biggest repositories, by git size and by LFS size, for the
 * storage page ("what uses my space"). Each is one query over the owner's
 * repositories (the owner_id index bounds it), ordered by size with a LIMIT;
 * the other kinds (attachments, packages, artifacts) come from CountedObjects.
 */
export class TypeOrmBiggestItems {
  constructor(private readonly manager: EntityManager) {}

  repositoriesByGitSize(ownerId: number, limit: number): Promise<SizedRepository[]> {
    return this.bySize('git_size', ownerId, limit);
  }

  repositoriesByLfsSize(ownerId: number, limit: number): Promise<SizedRepository[]> {
    return this.bySize('lfs_size', ownerId, limit);
  }

  private async bySize(column: 'git_size' | 'lfs_size', ownerId: number, limit: number): Promise<SizedRepository[]> {
    const p = parameterMarkers(this.manager);
    const rows: { id: number | string; name: string; size: number | string }[] = await this.manager.query(
      `SELECT id, name, ${column} AS size FROM repository WHERE owner_id = ${p(1)} AND ${column} > 0 ORDER BY ${column} DESC, id ASC LIMIT ${p(2)}`,
      [ownerId, limit],
    );
    return rows.map((row) => ({ id: Number(row.id), name: row.name, size: Number(row.size) }));
  }
}
