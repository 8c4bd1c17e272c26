import { createHash, type Hash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** The digests a blob write can compute (sha256 always; the others when asked for). */
export type DigestAlgorithm = 'md5' | 'sha1' | 'sha256' | 'sha512';

export type Digests = Partial<Record<DigestAlgorithm, string>>;

/**
 * Content up to this size is hashed on the calling thread: a worker round trip
 * costs more than hashing it (small attachments, package files).
 */
const INLINE_LIMIT = 4 * 1024 * 1024;
/** What a worker reads and hashes of a file at a time, before it looks at its other jobs and messages. */
const READ_BYTES = 1024 * 1024;
/** Rough cost of each hash per byte (SHA extensions make sha1 and sha256 cheap), to split them between workers. */
const COST: Record<DigestAlgorithm, number> = { md5: 2, sha1: 1, sha256: 1, sha512: 2 };

/**
 * How far the file must have grown before the workers are told again: one
 * message per this many bytes (a message to a busy worker costs the event loop
 * about 0.2 ms on a loaded machine; the workers lag at most this far behind).
 */
const NOTIFY_BYTES = 8 * 1024 * 1024;

/**
 * Computes several digests of an upload in one pass. Small content is hashed
 * where it arrives (a thread hop costs more). Once it passes
 * {@link INLINE_LIMIT}, the digest workers hash it instead, from its first
 * byte, reading the file the upload is written to as far as it is written
 * ({@link written}): the bytes go from the disk's cache to the hash without
 * being copied or posted to the workers by the event loop, and the hashing
 * does not hold up other requests.
 */
export class UploadDigester {
  private inline: Map<DigestAlgorithm, Hash> | null;
  private received = 0;
  private job: FileDigestJob | null = null;
  private told = 0;

  /** `path` is the file the upload is written to; it must stay until {@link digest} settles. */
  constructor(
    private readonly algorithms: readonly DigestAlgorithm[],
    private readonly path: string,
  ) {
    this.inline = new Map(algorithms.map((algorithm) => [algorithm, createHash(algorithm)]));
  }

  /** A chunk of the content arrives (before it is written). */
  update(chunk: Buffer): void {
    this.received += chunk.length;
    if (!this.inline) return;
    if (this.received > INLINE_LIMIT)
      this.inline = null; // large: the workers hash the file from its first byte
    else for (const hash of this.inline.values()) hash.update(chunk);
  }

  /** The file now holds the first `bytes` bytes of the content. */
  written(bytes: number): void {
    if (this.inline) return;
    if (!this.job) this.job = digestFileBeingWritten(this.path, this.algorithms, bytes);
    else if (bytes - this.told >= NOTIFY_BYTES) this.job.available(bytes);
    else return;
    this.told = bytes;
  }

  /** The digests, once the whole content (`size` bytes) is written. */
  async digest(size: number): Promise<Digests> {
    if (this.inline) {
      const digests: Digests = {};
      for (const [algorithm, hash] of this.inline) digests[algorithm] = hash.digest('hex');
      return digests;
    }
    this.job ??= digestFileBeingWritten(this.path, this.algorithms, size);
    return this.job.end(size);
  }

  /** Stops the workers' share of an upload that failed. */
  abort(): void {
    this.job?.cancel();
  }
}

/**
 * The hashing a worker does. A job reads a file itself, with blocking reads on
 * the worker's own thread (neither the event loop nor libuv's pool, which the
 * writes use, takes part), as far as the writer says is written (`available`),
 * and answers the digests once it has read to the `end` it is given. Several
 * jobs take turns a block at a time.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { openSync, readSync, closeSync } = require('node:fs');
const files = new Map();
const READ_BYTES = ${READ_BYTES};
let buffer = null;
let scheduled = false;
function schedule() {
  if (!scheduled) { scheduled = true; setImmediate(readFiles); }
}
function closeFile(id) {
  const file = files.get(id);
  files.delete(id);
  if (file && file.fd !== null) try { closeSync(file.fd); } catch {}
}
function readFiles() {
  scheduled = false;
  buffer = buffer || Buffer.allocUnsafe(READ_BYTES);
  for (const [id, file] of files) {
    try {
      if (file.position < file.available) {
        const n = readSync(file.fd, buffer, 0, Math.min(READ_BYTES, file.available - file.position), file.position);
        if (n === 0) throw new Error('the file ended at ' + file.position + ' bytes, before the ' + file.available + ' written');
        for (const hash of file.hashes) hash[1].update(buffer.subarray(0, n));
        file.position += n;
      }
      if (file.end !== null && file.position >= file.end) {
        const digests = {};
        for (const [algorithm, hash] of file.hashes) digests[algorithm] = hash.digest('hex');
        closeFile(id);
        parentPort.postMessage({ type: 'digests', job: id, digests });
      }
    } catch (error) {
      closeFile(id);
      parentPort.postMessage({ type: 'failed', job: id, message: error.message, code: error.code });
    }
  }
  for (const file of files.values()) if (file.position < file.available) return schedule();
}
parentPort.on('message', (message) => {
  if (message.type === 'cancel') {
    closeFile(message.job);
  } else if (message.type === 'file') {
    const file = { fd: null, hashes: message.algorithms.map((a) => [a, createHash(a)]), position: 0, available: message.available, end: message.end };
    files.set(message.job, file);
    try { file.fd = openSync(message.path, 'r'); } catch (error) { closeFile(message.job); return parentPort.postMessage({ type: 'failed', job: message.job, message: error.message, code: error.code }); }
    schedule();
  } else if (message.type === 'available') {
    const file = files.get(message.job);
    if (file) { file.available = Math.max(file.available, message.available); if (message.end !== undefined) file.end = message.end; schedule(); }
  }
});
`;

interface WorkerAnswer {
  type: 'digests' | 'failed';
  job: number;
  digests?: Digests;
  /** Why a file job failed (its error's message and code). */
  message?: string;
  code?: string;
}

/** One worker's share of a job: what to do with its answer. */
interface Share {
  onDigests: (digests: Digests) => void;
  onError: (error: Error) => void;
}

class DigestWorker {
  private readonly worker: Worker;
  readonly shares = new Map<number, Share>();
  /** Sum of the cost of the algorithms it holds for jobs under way: new work goes to the least busy worker. */
  load = 0;

  constructor(onExit: (worker: DigestWorker) => void) {
    this.worker = new Worker(WORKER_SOURCE, { eval: true });
    this.worker.on('message', (answer: WorkerAnswer) => this.answer(answer));
    const fail = (error: Error) => {
      for (const share of this.shares.values()) share.onError(error);
      this.shares.clear();
      onExit(this);
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the digest worker stopped (${code})`)));
    this.worker.unref(); // an idle pool never keeps the process alive (after the listeners: adding one refs the port)
  }

  post(message: unknown): void {
    this.worker.postMessage(message);
  }

  /** A worker with work keeps the process alive (a script may be waiting only for its digests); an idle one does not. */
  hold(): void {
    this.worker.ref();
  }

  releaseIfIdle(): void {
    if (this.shares.size === 0) this.worker.unref();
  }

  private answer(answer: WorkerAnswer): void {
    const share = this.shares.get(answer.job);
    if (!share) return;
    this.shares.delete(answer.job);
    if (answer.type === 'failed') share.onError(Object.assign(new Error(answer.message), { code: answer.code }));
    else share.onDigests(answer.digests ?? {});
  }
}

/** A file's digests under way on one or more workers, each reading the file itself (see WORKER_SOURCE). */
export class FileDigestJob {
  private readonly parts: { worker: DigestWorker; cost: number }[] = [];
  private readonly digests: Promise<Digests>;

  constructor(
    private readonly id: number,
    groups: { worker: DigestWorker; algorithms: DigestAlgorithm[] }[],
    path: string,
    available: number,
    end: number | null,
  ) {
    const answers = groups.map(
      ({ worker, algorithms }) =>
        new Promise<Digests>((resolve, reject) => {
          const cost = algorithms.reduce((sum, a) => sum + COST[a], 0);
          worker.shares.set(id, { onDigests: resolve, onError: reject });
          worker.hold();
          worker.load += cost;
          worker.post({ type: 'file', job: id, path, algorithms, available, end });
          this.parts.push({ worker, cost });
        }),
    );
    this.digests = Promise.all(answers).then(
      (all) => {
        this.release();
        return Object.assign({}, ...all) as Digests;
      },
      (error: Error) => {
        this.cancel();
        throw error;
      },
    );
    this.digests.catch(() => undefined); // awaited by end(); a failure before then is not unhandled
  }

  /** The writer has written the file up to `bytes`: the workers may read that far. */
  available(bytes: number): void {
    for (const { worker } of this.parts) worker.post({ type: 'available', job: this.id, available: bytes });
  }

  /** The file is `size` bytes, all written: the digests once the workers have read it all. */
  end(size: number): Promise<Digests> {
    for (const { worker } of this.parts) worker.post({ type: 'available', job: this.id, available: size, end: size });
    return this.digests;
  }

  cancel(): void {
    for (const { worker } of this.parts) worker.post({ type: 'cancel', job: this.id });
    this.release();
  }

  private release(): void {
    for (const { worker, cost } of this.parts.splice(0)) {
      worker.load -= cost;
      worker.shares.delete(this.id);
      worker.releaseIfIdle();
    }
  }
}

/**
 * A few long-lived hashing threads shared by every upload (one per core, at
 * most two: the event loop, the file system's threads and the kernel need the
 * rest). A job's digests are split between the least busy workers, balanced by
 * cost, so md5 and sha512 (the slow ones) run beside sha1 and sha256.
 */
class DigestPool {
  private readonly workers: DigestWorker[] = [];
  private nextJob = 1;
  private readonly size = Math.max(1, Math.min(2, availableParallelism()));

  /** The digests of a file being written (`end` null) or already whole, read by the workers themselves. */
  startFile(path: string, algorithms: readonly DigestAlgorithm[], available: number, end: number | null): FileDigestJob {
    return new FileDigestJob(this.nextJob++, this.groupsFor(algorithms), path, available, end);
  }

  private groupsFor(algorithms: readonly DigestAlgorithm[]): { worker: DigestWorker; algorithms: DigestAlgorithm[] }[] {
    // No more threads than the job has digests (one for a sha256 alone).
    while (this.workers.length < Math.min(this.size, algorithms.length)) {
      this.workers.push(new DigestWorker((gone) => this.workers.splice(this.workers.indexOf(gone) >>> 0, 1)));
    }
    const byLoad = [...this.workers].sort((a, b) => a.load - b.load).slice(0, algorithms.length);
    const groups = byLoad.map((worker) => ({ worker, algorithms: [] as DigestAlgorithm[], cost: 0 }));
    // Costliest first, each to the group with the least cost so far.
    for (const algorithm of [...algorithms].sort((a, b) => COST[b] - COST[a])) {
      const group = groups.reduce((least, g) => (g.cost < least.cost ? g : least));
      group.algorithms.push(algorithm);
      group.cost += COST[algorithm];
    }
    return groups.filter((g) => g.algorithms.length > 0);
  }
}

let pool: DigestPool | null = null;

function digestPool(): DigestPool {
  return (pool ??= new DigestPool());
}

/**
 * The digests of a whole file of `size` bytes, read and hashed on the digest
 * workers (never on the event loop); rejects with the file system's error
 * (ENOENT when it is gone).
 */
export function digestFile(path: string, algorithms: readonly DigestAlgorithm[], size: number): Promise<Digests> {
  if (algorithms.length === 0) return Promise.resolve({});
  return digestPool().startFile(path, algorithms, size, size).end(size);
}

/**
 * The digests of a file still being written: the workers read it as far as
 * {@link FileDigestJob.available} says, so the bytes go from the disk's cache to
 * the hash without passing through the event loop or being copied for it.
 */
export function digestFileBeingWritten(path: string, algorithms: readonly DigestAlgorithm[], written: number): FileDigestJob {
  return digestPool().startFile(path, algorithms, written, null);
}
