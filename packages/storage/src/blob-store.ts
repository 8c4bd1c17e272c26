import { randomUUID } from 'node:crypto';
import { link, lstat, mkdir, open, opendir, readdir, rename, rm, stat, unlink, utimes, type FileHandle } from 'node:fs/promises';
import type { Dirent } from 'node:fs';
import * as path from 'node:path';
import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { digestFile, UploadDigester, type DigestAlgorithm, type Digests } from './digests';
import type {
  BlobBackend,
  BlobInfo,
  BlobStat,
  HashedBlobInfo,
  ListedBlob,
  PresignedReadOptions,
  StoredBlob,
  TemporaryFile,
  WriteOptions,
} from './blob-backend';
import { BlobAbortedError, BlobExistsError, BlobNotFoundError, BlobStoreError } from './errors';
import { assertBlobKey, isBlobKey } from './keys';
import { checkAnnounced, digestsToCompute, hashed, limitPassed, withSha256 } from './write-checks';

export type { BlobInfo, BlobStat, HashedBlobInfo, ListedBlob, StoredBlob, TemporaryFile, WriteOptions } from './blob-backend';

/** Temporary files live here: inside the root (same file system, so rename is atomic) and hidden from keys. */
const TEMP_DIR = '.tmp';
/** How many folders are read, or files looked at, at once while listing. */
const WALK_PARALLELISM = 16;
/** How many times a write that finds the blob removed under it (by a garbage sweep) tries to place its copy again. */
const PLACE_ATTEMPTS = 5;
/** What the file writer gathers while a write is under way, then writes in one call (fewer system calls and thread hops). */
const WRITE_BUFFER_BYTES = 1024 * 1024;
/**
 * A large upload asks the kernel to put its bytes on disk every this many bytes
 * while it goes on receiving (see {@link FileSink}), so that the disk works
 * while the network does and the final fsync has little left to write.
 */
const EARLY_FLUSH_BYTES = 32 * 1024 * 1024;

/**
 * Blobs under a root folder, one file per key. A write streams to a temporary file while
 * hashing and counting, checks what was announced, fsyncs and only then renames (or links)
 * the file into place: readers see the whole blob or none, and a failed, aborted or refused
 * upload leaves no file behind (empty shard directories may stay; they hold no bytes).
 * Only a crash of the process mid-upload leaves its temporary file: {@link sweepTemporary}
 * removes those, and {@link list} with {@link deleteIfOlderThan} lets a caller that knows
 * which blobs are referenced remove the others.
 */
export class BlobStore implements BlobBackend {
  readonly root: string;
  /** Settles once the temporary folder has been made by this store (see {@link tempDir}). */
  private tempDirMade: Promise<true> | undefined;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The file behind a key, for callers that hand files to the OS (e.g. sendfile). */
  pathOf(key: string): string {
    return path.join(this.root, ...assertBlobKey(key).split('/'));
  }

  async write(key: string, input: Readable, options: WriteOptions = {}): Promise<StoredBlob> {
    assertBlobKey(key);
    const stored = await this.store(input, options, () => key);
    if (!stored.created) throw new BlobExistsError(key);
    return stored;
  }

  /**
   * Like {@link write}, for keys that depend on the content (content addressing): `keyFor`
   * gets the size and hash once the whole content has been received.
   */
  async writeDerived(
    input: Readable,
    options: WriteOptions,
    keyFor: (info: HashedBlobInfo) => string,
  ): Promise<StoredBlob & HashedBlobInfo> {
    return hashed(await this.store(input, withSha256(options), (info) => keyFor(hashed(info))));
  }

  /** Receives the content into a temporary file, then names it with the key `keyFor` gives. */
  private async store(input: Readable, options: WriteOptions, keyFor: (info: BlobInfo) => string): Promise<StoredBlob> {
    const { tempPath, info } = await this.receive(input, options);
    try {
      const key = assertBlobKey(keyFor(info));
      const created = await this.place(tempPath, this.pathOf(key), options.overwrite ?? true);
      return { key, ...info, created };
    } finally {
      await removeQuietly(tempPath);
    }
  }

  /** Streams a blob, optionally a byte range (inclusive `end`, as HTTP ranges). */
  async read(key: string, range: { start?: number; end?: number } = {}): Promise<Readable> {
    let handle: FileHandle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (error) {
      throw notFoundOr(error, key);
    }
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      throw new BlobNotFoundError(key); // a shard directory is not a blob
    }
    return handle.createReadStream(range);
  }

  async stat(key: string): Promise<BlobStat> {
    try {
      const info = await stat(this.pathOf(key));
      if (!info.isFile()) throw new BlobNotFoundError(key);
      return { size: info.size, modifiedAt: info.mtime };
    } catch (error) {
      throw notFoundOr(error, key);
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.stat(key);
      return true;
    } catch (error) {
      if (error instanceof BlobNotFoundError) return false;
      throw error;
    }
  }

  /**
   * Digests of a stored blob (for those computed when first asked for rather
   * than at upload): its file is read and hashed on the digest workers, never
   * on the event loop. BlobNotFoundError when there is none.
   */
  async digestsOf(key: string, algorithms: DigestAlgorithm[]): Promise<Digests> {
    const { size } = await this.stat(key);
    try {
      return await digestFile(this.pathOf(key), algorithms, size);
    } catch (error) {
      throw notFoundOr(error, key);
    }
  }

  /** Removes a blob; returns false when there was none. */
  async delete(key: string): Promise<boolean> {
    try {
      await unlink(this.pathOf(key));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  /**
   * Removes every blob whose key starts with `prefix` (whole key parts, e.g.
   * `actions/blocks/12`) with the folder holding them; nothing there is fine.
   */
  async deleteFolder(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  /**
   * Every blob whose key starts with `prefix` (a whole key part, e.g. `attachments`
   * or `actions/blocks`; everything when absent), walked one folder at a time so
   * memory stays flat however many there are. Temporary files are not blobs and are
   * never listed; neither are files whose path is not a valid key (they are not the
   * store's). Blobs written or removed during the walk may or may not appear.
   */
  async *list(prefix?: string): AsyncGenerator<ListedBlob> {
    const start = prefix === undefined ? this.root : this.pathOf(prefix);
    yield* this.walk(start, prefix === undefined ? [] : prefix.split('/'));
  }

  /**
   * Removes the blob if it was last written before `cutoff`, and returns what was
   * removed (null when it was newer, or already gone). A write that finds the
   * same content-addressed blob already stored refreshes its modification time
   * (see {@link place}), so a garbage sweep racing with such a write keeps the
   * blob: the file is first moved aside (atomically), its time is read from the
   * moved file, and a file refreshed before the move is put back. A write that
   * refreshes after the move finds no file and stores its own copy again.
   */
  async deleteIfOlderThan(key: string, cutoff: Date): Promise<BlobStat | null> {
    const target = this.pathOf(key);
    try {
      if (!(await lstat(target)).isFile()) return null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const aside = path.join(await this.tempDir(), `${randomUUID()}.deleting`);
    try {
      await inFolderMadeOnDemand(aside, () => rename(target, aside));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const info = await stat(aside);
    if (info.mtime.getTime() >= cutoff.getTime()) {
      // Refreshed just before the move: put it back (unless a new copy took the name meanwhile).
      await link(aside, target).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
      await removeQuietly(aside);
      return null;
    }
    await unlink(aside);
    return { size: info.size, modifiedAt: info.mtime };
  }

  /**
   * The files of the temporary folder last written before `cutoff`, removed unless
   * `dryRun`. An upload under way writes to its file continually, so an old file is
   * one a crash (or a kill -9) left behind; an upload whose client sent nothing for
   * that long loses its file and fails.
   */
  async sweepTemporary(cutoff: Date, options: { dryRun?: boolean } = {}): Promise<TemporaryFile[]> {
    const swept: TemporaryFile[] = [];
    let dir;
    try {
      dir = await opendir(path.join(this.root, TEMP_DIR));
    } catch (error) {
      if (isMissing(error)) return swept;
      throw error;
    }
    for await (const entry of dir) {
      if (!entry.isFile()) continue;
      const file = path.join(this.root, TEMP_DIR, entry.name);
      const info = await stat(file).catch(() => null);
      if (!info || info.mtime.getTime() >= cutoff.getTime()) continue;
      if (!options.dryRun) {
        try {
          await unlink(file);
        } catch (error) {
          if (isMissing(error)) continue; // its upload finished or failed meanwhile
          throw error;
        }
      }
      swept.push({ name: `${TEMP_DIR}/${entry.name}`, size: info.size, modifiedAt: info.mtime });
    }
    return swept;
  }

  /** A folder of the local disk has no URL of its own: the server streams its blobs (see {@link BlobBackend.presignedReadUrl}). */
  presignedReadUrl(_key: string, _options: PresignedReadOptions): Promise<string | null> {
    return Promise.resolve(null);
  }

  /**
   * Walks folders a few at a time (file-system calls wait on the OS, so several
   * under way at once walk a sharded tree much faster than one by one), keeping
   * only the folders still to read in memory.
   */
  private async *walk(start: string, startParts: string[]): AsyncGenerator<ListedBlob> {
    const pending: { dir: string; parts: string[] }[] = [{ dir: start, parts: startParts }];
    while (pending.length > 0) {
      const folders = pending.splice(-WALK_PARALLELISM, WALK_PARALLELISM);
      const listings = await Promise.all(folders.map(({ dir }) => readdir(dir, { withFileTypes: true }).catch(missingAsEmpty)));
      const files: { key: string; file: string }[] = [];
      folders.forEach(({ dir, parts }, i) => {
        for (const entry of listings[i]) {
          if (parts.length === 0 && entry.name === TEMP_DIR) continue;
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) pending.push({ dir: full, parts: [...parts, entry.name] });
          else if (entry.isFile() && isBlobKey([...parts, entry.name].join('/')))
            files.push({ key: [...parts, entry.name].join('/'), file: full });
        }
      });
      for (let i = 0; i < files.length; i += WALK_PARALLELISM) {
        const chunk = files.slice(i, i + WALK_PARALLELISM);
        const infos = await Promise.all(chunk.map(({ file }) => stat(file).catch(() => null))); // gone meanwhile: not listed
        for (let j = 0; j < chunk.length; j++) {
          const info = infos[j];
          if (info?.isFile()) yield { key: chunk[j].key, size: info.size, modifiedAt: info.mtime };
        }
      }
    }
  }

  /**
   * The temporary folder, made by the first write that needs it. A small upload
   * costs about ten file-system calls, each a hop to libuv's thread pool and
   * back (and, on a loaded machine, often a context switch), so the folder is
   * not made again for every one; should something remove it, the next
   * temporary file finds it missing and makes it again ({@link openTemporaryFile}).
   */
  private async tempDir(): Promise<string> {
    const tempDir = path.join(this.root, TEMP_DIR);
    this.tempDirMade ??= mkdir(tempDir, { recursive: true }).then(
      () => true,
      (error) => {
        this.tempDirMade = undefined;
        throw error;
      },
    );
    await this.tempDirMade;
    return tempDir;
  }

  /** A new temporary file, open for writing; makes the temporary folder again if it went away. */
  private async openTemporaryFile(suffix: string): Promise<{ tempPath: string; handle: FileHandle }> {
    for (let attempt = 1; ; attempt++) {
      const tempPath = path.join(await this.tempDir(), `${randomUUID()}${suffix}`);
      try {
        return { tempPath, handle: await open(tempPath, 'wx', 0o644) };
      } catch (error) {
        if (!isMissing(error) || attempt > 1) throw error;
        this.tempDirMade = undefined;
      }
    }
  }

  /** Streams the input to a fresh temporary file, hashing and counting; the file is removed on any failure. */
  private async receive(input: Readable, options: WriteOptions): Promise<{ tempPath: string; info: BlobInfo }> {
    const { tempPath, handle } = await this.openTemporaryFile('.part');
    try {
      const meter = new ContentMeter(options, tempPath);
      try {
        await pipeline(input, meter, new FileSink(handle, (bytes) => meter.written(bytes)), { signal: options.signal });
      } catch (error) {
        meter.abort();
        throw error;
      }
      await handle.close();
      const info = await meter.result();
      checkAnnounced(info, options);
      return { tempPath, info };
    } catch (error) {
      await handle.close().catch(() => undefined);
      await removeQuietly(tempPath);
      throw asStoreError(error);
    }
  }

  /**
   * Gives the finished temporary file its name; returns false when an existing blob
   * was kept. A kept blob gets a fresh modification time: the caller is about to
   * record a reference to it, and a garbage sweep ({@link deleteIfOlderThan}) leaves
   * recently written blobs alone. Should the sweep have removed it just now, the
   * new copy is placed instead.
   */
  private async place(tempPath: string, target: string, overwrite: boolean): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      if (overwrite) {
        await inFolderMadeOnDemand(target, () => rename(tempPath, target));
      } else {
        try {
          // link() fails when the name exists, atomically: of two concurrent writers exactly one creates.
          await inFolderMadeOnDemand(target, () => link(tempPath, target));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
          const now = new Date();
          try {
            await utimes(target, now, now);
            return false;
          } catch (refreshError) {
            if (!isMissing(refreshError) || attempt >= PLACE_ATTEMPTS) throw refreshError;
            continue; // removed between link and utimes: place this copy
          }
        }
      }
      await syncDirectory(path.dirname(target));
      return true;
    }
  }
}

/**
 * Writes into an open file and fsyncs it before finishing, so the bytes are on disk before a
 * name points at them. The caller keeps ownership of the handle (closes it).
 *
 * Chunks that arrive while a write is under way are written together by the next one
 * (writev). Every {@link EARLY_FLUSH_BYTES} it starts an fdatasync in the background
 * (one at a time) without waiting for it: the kernel would otherwise keep a large upload
 * in memory until the final fsync and only then write it all, so that the upload took
 * the time to receive it plus the time to write it, where it now takes about the longer
 * of the two. Durability is unchanged: the final fsync still covers every byte before
 * the file is named.
 */
class FileSink extends Writable {
  private unflushed = 0;
  private total = 0;
  private flushing: Promise<void> | null = null;
  private flushError: Error | null = null;

  /** `onWritten` learns how many bytes the file holds after each write. */
  constructor(
    private readonly handle: FileHandle,
    private readonly onWritten: (bytes: number) => void = () => undefined,
  ) {
    super({ highWaterMark: WRITE_BUFFER_BYTES });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.writeChunks([chunk]).then(() => callback(), callback);
  }

  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void): void {
    this.writeChunks(chunks.map((c) => c.chunk)).then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.finish().then(() => callback(), callback);
  }

  private async writeChunks(chunks: Buffer[]): Promise<void> {
    if (this.flushError) throw this.flushError;
    const bytes = await writeAll(this.handle, chunks);
    this.unflushed += bytes;
    this.total += bytes;
    this.onWritten(this.total);
    if (this.unflushed >= EARLY_FLUSH_BYTES && !this.flushing) {
      this.unflushed = 0;
      this.flushing = this.handle.datasync().then(
        () => void (this.flushing = null),
        (error: Error) => {
          this.flushError = error;
          this.flushing = null;
        },
      );
    }
  }

  private async finish(): Promise<void> {
    await this.flushing;
    if (this.flushError) throw this.flushError;
    await this.handle.sync();
  }
}

/** Writes every byte of the chunks (a write may take only part of them); answers how many. */
async function writeAll(handle: FileHandle, chunks: Buffer[]): Promise<number> {
  const left = chunks.filter((chunk) => chunk.length > 0);
  let total = 0;
  while (left.length > 0) {
    const { bytesWritten } = await handle.writev(left);
    total += bytesWritten;
    let skipped = bytesWritten;
    while (left.length > 0 && skipped >= left[0].length) skipped -= left.shift()!.length;
    if (skipped > 0) left[0] = left[0].subarray(skipped);
  }
  return total;
}

/**
 * Counts what flows through, stops the flow as soon as a limit is passed, and
 * has it hashed (the digests asked for, if any) by an {@link UploadDigester}:
 * on this thread while small, by the workers reading the file once large.
 */
class ContentMeter extends Transform {
  private readonly digester: UploadDigester | null;
  private size = 0;

  constructor(
    private readonly limits: Pick<WriteOptions, 'maxBytes' | 'expectedSize' | 'expectedSha256' | 'digests'>,
    file: string,
  ) {
    super();
    const algorithms = digestsToCompute(limits);
    this.digester = algorithms.length > 0 ? new UploadDigester(algorithms, file) : null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null, data?: Buffer) => void): void {
    this.size += chunk.length;
    const passed = limitPassed(this.size, this.limits);
    if (passed) return callback(passed);
    this.digester?.update(chunk);
    callback(null, chunk);
  }

  /** The file holds the first `bytes` bytes that went through. */
  written(bytes: number): void {
    this.digester?.written(bytes);
  }

  async result(): Promise<BlobInfo> {
    if (!this.digester) return { size: this.size };
    const digests = await this.digester.digest(this.size);
    const others = Object.keys(digests).some((algorithm) => algorithm !== 'sha256');
    return { size: this.size, ...(digests.sha256 ? { sha256: digests.sha256 } : {}), ...(others ? { digests } : {}) };
  }

  abort(): void {
    this.digester?.abort();
  }
}

/** Our own refusals keep their type; file-system failures stay what they are; anything else is the source failing. */
function asStoreError(error: unknown): unknown {
  if (error instanceof BlobStoreError) return error;
  const errno = error as NodeJS.ErrnoException;
  if (typeof errno?.syscall === 'string') return error;
  return new BlobAbortedError(error);
}

function notFoundOr(error: unknown, key: string): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR' ? new BlobNotFoundError(key) : error;
}

/** A folder that is gone (or is a file) lists nothing. */
function missingAsEmpty(error: unknown): Dirent[] {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return [];
  throw error;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === 'ENOENT';
}

/**
 * Runs `give` (a rename or link onto `target`) and, only when it fails because
 * `target`'s folder does not exist yet, makes the folder and runs it again: most
 * writes land in a shard folder that exists already, so they skip the mkdir.
 * (A missing source fails the same way again after the mkdir, and is thrown.)
 */
async function inFolderMadeOnDemand(target: string, give: () => Promise<void>): Promise<void> {
  try {
    await give();
  } catch (error) {
    if (!isMissing(error)) throw error;
    await mkdir(path.dirname(target), { recursive: true });
    await give();
  }
}

async function removeQuietly(file: string): Promise<void> {
  await unlink(file).catch(() => undefined);
}

/** Makes the new directory entry durable; not every platform can open a directory, which is fine. */
async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // best effort
  }
}
