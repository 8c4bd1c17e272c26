import { readdirSync, utimesSync } from 'fs';
import { join, relative, sep } from 'path';
import { Database } from '@bellows/persistence-typeorm';

/**
 * The test's own view of `[storage] PATH` and of the rows that need its files,
 * written from the layouts and the tables directly (not through the sweep's
 * code, which it checks).
 */

/** Every regular file under the folder, as paths relative to it with '/' (temporary files included). */
export function storageFiles(root: string): string[] {
  const walk = (dir: string): string[] => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return [];
    }
    return entries.flatMap((entry) =>
      entry.isDirectory()
        ? walk(join(dir, entry.name))
        : entry.isFile()
          ? [relative(root, join(dir, entry.name)).split(sep).join('/')]
          : [],
    );
  };
  return walk(root).sort();
}

/** Moves every file's modification time `ms` into the past, as if the files had been written (and the process crashed) that long ago. */
export function backdateFiles(root: string, ms: number): void {
  const then = new Date(Date.now() - ms);
  for (const file of storageFiles(root)) utimesSync(join(root, file), then, then);
}

const sharded = (namespace: string, id: string) => `${namespace}/${id.slice(0, 2)}/${id.slice(2, 4)}/${id}`;

/** The files rows need: each attachment's, LFS object's, package blob's and live artifact's file, and every file of an unfinished artifact upload. */
export async function filesRowsNeed(db: Database): Promise<{ exact: Set<string>; uploadIds: Set<number> }> {
  const q = (sql: string) => db.dataSource.query(sql) as Promise<Record<string, unknown>[]>;
  const exact = new Set<string>([
    ...(await q('SELECT uuid FROM attachment')).map((r) => sharded('attachments', String(r.uuid))),
    ...(await q('SELECT oid FROM lfs_object')).map((r) => sharded('lfs', String(r.oid))),
    ...(await q('SELECT sha256 FROM package_blob')).map((r) => sharded('packages', String(r.sha256))),
    ...(await q("SELECT storage_key FROM action_artifact WHERE status = 'active' AND storage_key IS NOT NULL")).map((r) =>
      String(r.storage_key),
    ),
  ]);
  const uploadIds = new Set((await q('SELECT id FROM action_artifact_upload')).map((r) => Number(r.id)));
  return { exact, uploadIds };
}

/** The files under the storage folder that no row needs (temporary files included: no row needs those). */
export async function filesNoRowNeeds(db: Database, root: string): Promise<string[]> {
  const { exact, uploadIds } = await filesRowsNeed(db);
  return storageFiles(root).filter((file) => {
    if (exact.has(file)) return false;
    const upload = /^actions\/(?:blocks\/(\d+)\/|artifacts\/(\d+)\.zip$)/.exec(file);
    return !(upload && uploadIds.has(Number(upload[1] ?? upload[2])));
  });
}

/** The files rows need that are missing (data loss, which no sweep may cause). */
export async function missingFiles(db: Database, root: string): Promise<string[]> {
  const present = new Set(storageFiles(root));
  return [...(await filesRowsNeed(db)).exact].filter((file) => !present.has(file)).sort();
}

/**
 * Resolves once the server is streaming an upload into storage (a temporary
 * file exists under `{root}/.tmp`): the request has passed its checks and is
 * mid-body. Gives up after `timeoutMs`.
 */
export async function untilStoring(root: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (storageFiles(root).some((file) => file.startsWith('.tmp/') && file.endsWith('.part'))) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no upload reached storage under ${root} within ${timeoutMs} ms`);
}
