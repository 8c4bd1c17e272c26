import { Injectable } from '@nestjs/common';
import { BlobReferenceStore } from '@bellows/domain';
import { BlobStorage, ListedBlobInfo } from '../storage/blob-storage';
import { garbageCutoff, unreferencedKeys } from './garbage-policy';

/** A file a sweep removed (or, in a dry run, would remove). */
export interface GarbageFile {
  /** `temporary`: a partial upload in `.tmp`; `unreferenced`: a blob no row refers to. */
  kind: 'temporary' | 'unreferenced';
  /** Its path below `[storage] PATH`. */
  path: string;
  size: number;
}

export interface SweepOptions {
  /** List what would go, remove nothing. */
  dryRun?: boolean;
  /** The moment ages are measured from (tests pass one). */
  now?: Date;
}

/** Keys asked about per database query: few enough for any engine's parameter limit. */
const BATCH = 500;
/** Removals under way at once (each is a few file-system calls that wait on the OS). */
const REMOVE_PARALLELISM = 16;

/**
 * Removes what nothing needs under `[storage] PATH`: temporary files left by
 * uploads that died with their process, and blobs no row refers to (left by a
 * crash between writing a blob and recording it, or between deleting a row and
 * its file, or by deleting a repository, whose files are not removed with it).
 * Only files untouched for GARBAGE_MIN_AGE_MS go, so an upload under way is never
 * disturbed; see garbage-policy.ts for what keeps a blob.
 */
@Injectable()
export class StorageGarbage {
  constructor(
    private readonly references: BlobReferenceStore,
    private readonly blobs: BlobStorage,
  ) {}

  /** Temporary files and unreferenced blobs, in that order. */
  async sweep(options: SweepOptions = {}): Promise<GarbageFile[]> {
    return [...(await this.sweepTemporary(options)), ...(await this.sweepUnreferenced(options))];
  }

  /** Partial uploads a crash left in `.tmp` (what the server also does at start and every hour). */
  async sweepTemporary({ dryRun = false, now = new Date() }: SweepOptions = {}): Promise<GarbageFile[]> {
    const swept = await this.blobs.sweepTemporary(garbageCutoff(now), { dryRun });
    return swept.map((file): GarbageFile => ({ kind: 'temporary', path: file.name, size: file.size })).sort(byPath);
  }

  /**
   * Blobs no row refers to. The store is walked once; blobs old enough are
   * checked against the rows a batch at a time, so memory stays flat whatever
   * the number of files. Each removal checks the blob's age again at the moment
   * it goes (an upload may have just found and touched it).
   */
  async sweepUnreferenced({ dryRun = false, now = new Date() }: SweepOptions = {}): Promise<GarbageFile[]> {
    const cutoff = garbageCutoff(now);
    const removed: GarbageFile[] = [];
    let batch: ListedBlobInfo[] = [];
    const flush = async () => {
      const garbage = new Set(
        await unreferencedKeys(
          this.references,
          batch.map((blob) => blob.key),
        ),
      );
      const doomed = batch.filter((blob) => garbage.has(blob.key));
      batch = [];
      for (let i = 0; i < doomed.length; i += REMOVE_PARALLELISM) {
        const chunk = doomed.slice(i, i + REMOVE_PARALLELISM);
        const gone = dryRun ? chunk : await Promise.all(chunk.map((blob) => this.blobs.deleteIfOlderThan(blob.key, cutoff)));
        chunk.forEach((blob, j) => {
          if (gone[j]) removed.push({ kind: 'unreferenced', path: blob.key, size: gone[j]!.size });
        });
      }
    };
    for await (const blob of this.blobs.list()) {
      if (blob.modifiedAt.getTime() >= cutoff.getTime()) continue;
      batch.push(blob);
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    return removed.sort(byPath);
  }
}

/** Reports list files in path order (the store is walked in whatever order the file system gives). */
function byPath(a: GarbageFile, b: GarbageFile): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/** One line of a sweep's report: `unreferenced blob attachments/ab/cd/…: 5000 bytes removed`. */
export function describeGarbage(file: GarbageFile, dryRun = false): string {
  const what = file.kind === 'temporary' ? 'temporary file' : 'unreferenced blob';
  return `${what} ${file.path}: ${file.size} bytes ${dryRun ? 'would be removed' : 'removed'}`;
}
