import { BlobNotFoundError } from '@bellows/storage';
import { BlobFileStat, BlobStorage } from '../storage/blob-storage';

/** What the migration needs of a store. */
export type MigrationStore = Pick<BlobStorage, 'list' | 'read' | 'stat' | 'digestsOf' | 'write'>;

/** What became of one blob. */
export interface MigratedBlob {
  key: string;
  size: number;
  /**
   * `copied`: written to the target and read back identical; `already-there`: the
   * target had the same size and sha256 (a resumed run); `recopied`: the target had
   * a different content under the key (a copy cut short elsewhere, or corrupted),
   * now replaced and checked; `failed`: see `problem`.
   */
  outcome: 'copied' | 'already-there' | 'recopied' | 'failed';
  sha256?: string;
  problem?: string;
}

/** Blobs copied at once: a small blob costs several round trips to an object store, most of the time waiting. */
const PARALLEL_COPIES = 8;

/**
 * Copies every blob below `prefix` from `source` to `target` under the same key,
 * streaming (a blob is never held in memory), a few at a time, reporting them in
 * the order listed. A blob the target already holds with the same size and
 * sha256 is left alone, so that running it again after an interruption resumes
 * where it stopped; a copy is read back from the target and its sha256 and size
 * compared with what was sent. The source is never changed. One failing blob
 * does not stop the others.
 */
export async function* migrateBlobs(
  source: MigrationStore,
  target: MigrationStore,
  prefix: string,
  parallel = PARALLEL_COPIES,
): AsyncGenerator<MigratedBlob> {
  const started: Promise<MigratedBlob>[] = [];
  for await (const blob of source.list(prefix)) {
    started.push(
      migrateOne(source, target, blob.key, blob.size).catch((error: Error): MigratedBlob => ({
        key: blob.key,
        size: blob.size,
        outcome: 'failed',
        problem: error.message,
      })),
    );
    if (started.length >= parallel) yield await started.shift()!;
  }
  while (started.length > 0) yield await started.shift()!;
}

async function migrateOne(source: MigrationStore, target: MigrationStore, key: string, size: number): Promise<MigratedBlob> {
  const present = await statOrNull(target, key);
  let outcome: 'copied' | 'recopied' = 'copied';
  if (present) {
    if (present.size === size) {
      // Same size: the hashes decide (both read in full, off the event loop for local files).
      const [from, to] = await Promise.all([source.digestsOf(key, ['sha256']), target.digestsOf(key, ['sha256'])]);
      if (from.sha256 === to.sha256) return { key, size, outcome: 'already-there', sha256: from.sha256 };
    }
    outcome = 'recopied';
  }
  // The write counts and hashes what it receives and refuses a different size (the source changed meanwhile).
  const written = await target.write(key, await source.read(key), { expectedSize: size, overwrite: true, digests: ['sha256'] });
  const check = await target.digestsOf(key, ['sha256']);
  const stored = await target.stat(key);
  if (check.sha256 !== written.sha256 || stored.size !== size) {
    return {
      key,
      size,
      outcome: 'failed',
      problem: `the copy read back differs (sha256 ${check.sha256}, ${stored.size} bytes; sent ${written.sha256}, ${size} bytes)`,
    };
  }
  return { key, size, outcome, sha256: written.sha256 };
}

async function statOrNull(store: MigrationStore, key: string): Promise<BlobFileStat | null> {
  try {
    return await store.stat(key);
  } catch (error) {
    if (error instanceof BlobNotFoundError) return null;
    throw error;
  }
}
