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
/** Bytes gathered before they are handed to the workers in one message. */
const BATCH_BYTES = 1024 * 1024;
/** Bytes handed to the workers but not yet hashed, past which the writer waits (bounds memory). */
const MAX_IN_FLIGHT = 3 * 1024 * 1024;
/** Rough cost of each hash per byte (SHA extensions make sha1 and sha256 cheap), to split them between workers. */
const COST: Record<DigestAlgorithm, number> = { md5: 2, sha1: 1, sha256: 1, sha512: 2 };

/**
 * Computes several digests of a stream of chunks in one pass. Small content is
 * hashed where it arrives; once it passes {@link INLINE_LIMIT} the hashing
 * moves to worker threads (the digests split between them, so they run in
 * parallel), so that a large upload does not hold up the event loop, and
 * other requests, for the time of its hashing. `update` resolves when the
 * writer may go on: the workers are never more than {@link MAX_IN_FLIGHT} behind.
 */
export class ContentDigester {
  private inline: Map<DigestAlgorithm, Hash> | null;
  private kept: Buffer[] = [];
  private keptBytes = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private job: DigestJob | null = null;

  constructor(private readonly algorithms: readonly DigestAlgorithm[]) {
    this.inline = new Map(algorithms.map((algorithm) => [algorithm, createHash(algorithm)]));
  }

  /** Adds a chunk; the chunk must not be changed afterwards (it may be read later). */
  async update(chunk: Buffer): Promise<void> {
    if (this.inline) {
      for (const hash of this.inline.values()) hash.update(chunk);
      this.kept.push(chunk);
      this.keptBytes += chunk.length;
      if (this.keptBytes <= INLINE_LIMIT) return;
      // Large: the workers take over from the first byte (a hash's state cannot move between threads).
      this.inline = null;
      this.job = digestPool().start(this.algorithms);
      this.pending = this.kept;
      this.pendingBytes = this.keptBytes;
      this.kept = [];
    } else {
      this.pending.push(chunk);
      this.pendingBytes += chunk.length;
    }
    while (this.pendingBytes >= BATCH_BYTES) {
      this.sendBlock();
      await this.job!.below(MAX_IN_FLIGHT);
    }
  }

  async digest(): Promise<Digests> {
    if (this.inline) {
      const digests: Digests = {};
      for (const [algorithm, hash] of this.inline) digests[algorithm] = hash.digest('hex');
      return digests;
    }
    while (this.pendingBytes > 0) this.sendBlock();
    return this.job!.end();
  }

  /** Stops the workers' share of an upload that failed. */
  abort(): void {
    this.job?.cancel();
  }

  /** Hands the next (at most) {@link BATCH_BYTES} gathered bytes to the workers, splitting a chunk if need be. */
  private sendBlock(): void {
    const length = Math.min(BATCH_BYTES, this.pendingBytes);
    const parts: Buffer[] = [];
    let taken = 0;
    let used = 0;
    while (taken < length) {
      const chunk = this.pending[used];
      const wanted = length - taken;
      if (chunk.length <= wanted) {
        parts.push(chunk);
        used++;
        taken += chunk.length;
      } else {
        parts.push(chunk.subarray(0, wanted));
        this.pending[used] = chunk.subarray(wanted);
        taken += wanted;
      }
    }
    this.pending = this.pending.slice(used);
    this.pendingBytes -= length;
    this.job!.send(parts, length);
  }
}

/** The hashing a worker does: one message per block, one answer per block hashed and one with the digests. */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const jobs = new Map();
parentPort.on('message', (message) => {
  if (message.type === 'start') jobs.set(message.job, message.algorithms.map((a) => [a, createHash(a)]));
  else if (message.type === 'data') {
    const hashes = jobs.get(message.job);
    const bytes = new Uint8Array(message.buffer, 0, message.length);
    if (hashes) for (const [, hash] of hashes) hash.update(bytes);
    parentPort.postMessage({ type: 'hashed', job: message.job, bytes: message.length, block: message.block });
  } else if (message.type === 'end') {
    const hashes = jobs.get(message.job) || [];
    jobs.delete(message.job);
    const digests = {};
    for (const [algorithm, hash] of hashes) digests[algorithm] = hash.digest('hex');
    parentPort.postMessage({ type: 'digests', job: message.job, digests });
  } else if (message.type === 'cancel') jobs.delete(message.job);
});
`;

interface WorkerAnswer {
  type: 'hashed' | 'digests';
  job: number;
  bytes?: number;
  block?: number;
  digests?: Digests;
}

/** A piece of memory shared with the workers: the bytes of one batch, reused once every worker has hashed them. */
interface SharedBlock {
  id: number;
  buffer: SharedArrayBuffer;
  length: number;
  /** Workers that have still to hash it. */
  readers: number;
}

/**
 * The shared blocks: a few of {@link BATCH_BYTES} are kept and reused, because
 * a SharedArrayBuffer is freed only once both threads' garbage collectors let
 * go of it, which an idle worker does rarely: fresh ones would pile up.
 */
class BlockPool {
  private readonly free: SharedArrayBuffer[] = [];
  private readonly lent = new Map<number, SharedBlock>();
  private nextId = 1;

  lend(length: number, readers: number): SharedBlock {
    const reusable = length <= BATCH_BYTES;
    const buffer = (reusable && this.free.pop()) || new SharedArrayBuffer(reusable ? BATCH_BYTES : length);
    const block = { id: this.nextId++, buffer, length, readers };
    this.lent.set(block.id, block);
    return block;
  }

  /** One reader is done with the block (it hashed it, or its job ended). */
  done(id: number): void {
    const block = this.lent.get(id);
    if (!block || --block.readers > 0) return;
    this.lent.delete(id);
    if (block.buffer.byteLength === BATCH_BYTES && this.free.length < 64) this.free.push(block.buffer);
  }
}

const blocks = new BlockPool();

/** One worker's share of a job. */
interface Share {
  inFlight: number;
  onProgress: (() => void) | null;
  onDigests: ((digests: Digests) => void) | null;
  onError: ((error: Error) => void) | null;
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
      for (const share of this.shares.values()) share.onError?.(error);
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
    if (!share) return void (answer.type === 'hashed' && blocks.done(answer.block ?? 0));
    if (answer.type === 'hashed') {
      blocks.done(answer.block ?? 0);
      share.inFlight -= answer.bytes ?? 0;
      share.onProgress?.();
    } else {
      this.shares.delete(answer.job);
      share.onDigests?.(answer.digests ?? {});
    }
  }
}

/** A content's digests under way on one or more workers. */
class DigestJob {
  private readonly parts: { worker: DigestWorker; share: Share; cost: number }[] = [];
  private failure: Error | null = null;

  constructor(
    private readonly id: number,
    groups: { worker: DigestWorker; algorithms: DigestAlgorithm[] }[],
  ) {
    for (const { worker, algorithms } of groups) {
      const share: Share = { inFlight: 0, onProgress: null, onDigests: null, onError: null };
      share.onError = (error) => (this.failure = error);
      const cost = algorithms.reduce((sum, a) => sum + COST[a], 0);
      worker.shares.set(id, share);
      worker.hold();
      worker.load += cost;
      worker.post({ type: 'start', job: id, algorithms });
      this.parts.push({ worker, share, cost });
    }
  }

  /** Hands the chunks to every worker of the job, copied once into a shared block. */
  send(chunks: Buffer[], length: number): void {
    const block = blocks.lend(length, this.parts.length);
    const bytes = new Uint8Array(block.buffer, 0, length);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    for (const { worker, share } of this.parts) {
      share.inFlight += length;
      worker.post({ type: 'data', job: this.id, buffer: block.buffer, length, block: block.id });
    }
  }

  /** Resolves once every worker has fewer than `limit` bytes of this job still to hash. */
  async below(limit: number): Promise<void> {
    for (const { share } of this.parts) {
      while (share.inFlight >= limit) {
        if (this.failure) throw this.failure;
        await new Promise<void>((resolve, reject) => {
          share.onProgress = resolve;
          share.onError = (error) => reject((this.failure = error));
        });
      }
    }
    if (this.failure) throw this.failure;
  }

  async end(): Promise<Digests> {
    try {
      const answers = await Promise.all(
        this.parts.map(
          ({ worker, share }) =>
            new Promise<Digests>((resolve, reject) => {
              if (this.failure) return reject(this.failure);
              share.onDigests = resolve;
              share.onError = reject;
              worker.post({ type: 'end', job: this.id });
            }),
        ),
      );
      return Object.assign({}, ...answers) as Digests;
    } finally {
      this.release();
    }
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

  start(algorithms: readonly DigestAlgorithm[]): DigestJob {
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
    return new DigestJob(
      this.nextJob++,
      groups.filter((g) => g.algorithms.length > 0),
    );
  }
}

let pool: DigestPool | null = null;

function digestPool(): DigestPool {
  return (pool ??= new DigestPool());
}
