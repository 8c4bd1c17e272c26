import { randomInt } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { TestServer } from './test-server';

/**
 * The race harness: a sized write (an upload, a publish, a push) is held
 * mid-body while its parent (issue, comment, release, package version,
 * repository…) is deleted, then released; afterwards nothing may have come
 * back, nothing may be left without its parent, no answer may be a 5xx, and
 * the quota ledger must equal a full recount.
 *
 * Where the deletion falls is drawn from a seeded PRNG, so a failing run is
 * reproduced with the seed it prints (`RACE_SEED`). `RACE_ITERATIONS` scales
 * the number of interleavings per pair, `RACE_CONCURRENCY` how many run side by
 * side, `RACE_REPORT` names a file that receives one JSON line per pair, and
 * `RACE_DEBUG=1` prints every iteration's answers.
 */

// ---------------------------------------------------------------------------
// Seeded randomness

/** mulberry32: 32 bits of state, good enough to draw interleavings, and reproducible. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a: a seed for a text (a pair's title, an iteration's number). */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

export class Rng {
  private readonly next: () => number;

  constructor(readonly seed: number) {
    this.next = mulberry32(seed);
  }

  /** A whole number from `min` to `max`, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)];
  }
}

// ---------------------------------------------------------------------------
// Settings

export interface RaceSettings {
  /** The run's seed; each pair draws from `hash(seed:title)`, so one seed reproduces every pair. */
  seed: number;
  iterations: number;
  /** Iterations run side by side in one batch. */
  concurrency: number;
  /** No request may take longer (a hang counts as a failure). */
  timeoutMs: number;
  reportFile?: string;
}

function positiveIntegerFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, not "${raw}"`);
  return value;
}

export function raceSettings(): RaceSettings {
  const seedText = process.env.RACE_SEED;
  const seed = seedText === undefined || seedText === '' ? randomInt(0, 2 ** 32 - 1) : Number(seedText) >>> 0;
  if (seedText && !/^\d+$/.test(seedText)) throw new Error(`RACE_SEED must be a whole number, not "${seedText}"`);
  return {
    seed,
    iterations: positiveIntegerFromEnv('RACE_ITERATIONS', 200),
    concurrency: positiveIntegerFromEnv('RACE_CONCURRENCY', 8),
    timeoutMs: positiveIntegerFromEnv('RACE_TIMEOUT_MS', 20_000),
    reportFile: process.env.RACE_REPORT || undefined,
  };
}

/** Enough time for a pair's iterations at the default pace, with room for a slow machine. */
export function raceTestTimeout(settings: RaceSettings): number {
  return Math.max(300_000, settings.iterations * 1_500);
}

// ---------------------------------------------------------------------------
// Interleavings

/**
 * Where the deletion happens, as one of the points a write passes:
 * `before` (no byte sent), `headers` (headers sent, no body), `chunk:k` (k of
 * the n body parts sent), `body-end` (whole body sent, no answer yet),
 * `after` (the write has its answer), or a step of a multi-request write
 * (`after-batch`, `after-create`, …).
 */
export type Point = string;

export interface Plan {
  index: number;
  /** How many parts the held body is written in (2…6). */
  chunks: number;
  point: Point;
  /**
   * `awaited`: the body waits at the point until the deletion has answered;
   * `concurrent`: the deletion starts there and the body goes on at once.
   */
  mode: 'awaited' | 'concurrent';
  /** Pause at the point before the deletion starts (lets the server catch up with what was sent). */
  delayMs: number;
  /** Pause between body parts. */
  gapMs: number;
  /** A second, unheld write into the same parent, started this long after the first; null for none. */
  second: { startAfterMs: number } | null;
  /** Size of the content the write sends. */
  contentBytes: number;
}

export function makePlan(rng: Rng, index: number, extraPoints: readonly Point[], withSecond: boolean): Plan {
  const chunks = rng.int(2, 6);
  const kinds = ['before', 'headers', 'chunk', 'body-end', 'after', ...(extraPoints.length ? ['step'] : [])];
  const kind = rng.pick(kinds);
  const point = kind === 'chunk' ? `chunk:${rng.int(1, chunks - 1)}` : kind === 'step' ? rng.pick(extraPoints) : kind;
  return {
    index,
    chunks,
    point,
    mode: rng.chance(0.5) ? 'awaited' : 'concurrent',
    delayMs: rng.int(0, 8),
    gapMs: rng.int(0, 3),
    second: withSecond && rng.chance(0.3) ? { startAfterMs: rng.int(0, 20) } : null,
    contentBytes: rng.int(2 * 1024, 32 * 1024),
  };
}

export function describePlan(plan: Plan): string {
  const at = plan.point.startsWith('chunk:') ? `after ${plan.point.slice(6)} of ${plan.chunks} body parts` : `at ${plan.point}`;
  return `#${plan.index}: deletion ${at}, ${plan.mode}, +${plan.delayMs} ms${plan.second ? `, second write after ${plan.second.startAfterMs} ms` : ''}`;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs the deletion when the write reaches the plan's point, once. `fire()`
 * starts it if the write never got there (a step refused earlier), so every
 * iteration deletes its parent exactly once.
 */
export class Gate {
  private deletion: Promise<Answer> | null = null;

  constructor(
    private readonly plan: Plan,
    private readonly remove: () => Promise<Answer>,
  ) {}

  async at(point: Point): Promise<void> {
    if (point !== this.plan.point || this.deletion) return;
    this.deletion = sleep(this.plan.delayMs).then(() => this.remove());
    if (this.plan.mode === 'awaited') await this.deletion;
  }

  fire(): Promise<Answer> {
    this.deletion ??= this.remove();
    return this.deletion;
  }
}

// ---------------------------------------------------------------------------
// Requests

/** What a request got: status 0 when no answer came (`error` says why: a timeout, a reset). */
export interface Answer {
  /** What the request was, e.g. `POST /api/v1/…/assets`. */
  label: string;
  status: number;
  text: string;
  json: any;
  error?: string;
}

export interface RaceRequest {
  method: string;
  /** Path and query, below the server root (`/api/v1/…`, `/owner/repo.git/…`). */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

const keepAlive = new Agent({ keepAlive: true, maxSockets: 64 });

function parseJson(text: string): unknown {
  try {
    return text.length ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One request written by hand with node:http. With a plan and a gate, the body
 * is written in `plan.chunks` parts with pauses, asking the gate at `headers`,
 * after each part but the last (`chunk:k`) and once it is all sent
 * (`body-end`); the deletion runs there. An answer that comes early (the
 * server refused before reading everything) stops the writing.
 */
export function send(baseUrl: string, request: RaceRequest, timeoutMs: number, held?: { plan: Plan; gate: Gate }): Promise<Answer> {
  const url = new URL(baseUrl);
  const body = request.body === undefined ? Buffer.alloc(0) : Buffer.from(request.body);
  const label = `${request.method} ${request.path.split('?')[0]}`;
  let status: number | undefined;
  let settled = false;
  let settle!: (answer: Answer) => void;
  const answer = new Promise<Answer>((resolve) => {
    settle = (a) => {
      if (settled) return;
      settled = true;
      resolve(a);
    };
  });
  const req = httpRequest(
    {
      host: url.hostname,
      port: url.port,
      method: request.method,
      path: request.path,
      // A held request gets a connection of its own: nothing else waits behind it.
      agent: held ? false : keepAlive,
      headers: { ...(request.headers ?? {}), 'content-length': String(body.length) },
    },
    (res) => {
      status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        settle({ label, status: status!, text, json: parseJson(text) });
      });
      res.on('error', (error) =>
        settle({ label, status: status!, text: '', json: undefined, error: `the answer was cut off: ${error.message}` }),
      );
      res.on('close', () => {
        if (!res.complete)
          settle({ label, status: status!, text: '', json: undefined, error: 'the answer was cut off (connection closed)' });
      });
    },
  );
  const timer = setTimeout(() => {
    settle({ label, status: 0, text: '', json: undefined, error: `no answer within ${timeoutMs} ms` });
    req.destroy();
  }, timeoutMs);
  req.on('error', (error) => settle({ label, status: status ?? 0, text: '', json: undefined, error: error.message }));
  const answered = () => settled || status !== undefined;
  const write = (part: Buffer) => new Promise<void>((resolve) => req.write(part, () => resolve()));

  const run = async (): Promise<Answer> => {
    if (!held) {
      req.end(body);
    } else {
      const { plan, gate } = held;
      req.flushHeaders();
      await gate.at('headers');
      const parts = splitInto(body, plan.chunks);
      for (let i = 0; i < parts.length; i++) {
        if (!answered()) await write(parts[i]);
        if (i < parts.length - 1) {
          await gate.at(`chunk:${i + 1}`);
          await sleep(plan.gapMs);
        }
      }
      if (!answered()) req.end();
      await gate.at('body-end');
    }
    const result = await answer;
    clearTimeout(timer);
    if (held) req.destroy();
    return result;
  };
  return run();
}

function splitInto(body: Buffer, parts: number): Buffer[] {
  const count = Math.max(1, Math.min(parts, body.length));
  const size = Math.ceil(body.length / count);
  return Array.from({ length: count }, (_, i) => body.subarray(i * size, Math.min(body.length, (i + 1) * size)));
}

/** A multipart/form-data body with one file field, as browsers and Forgejo clients send uploads. */
export function multipartBody(field: string, fileName: string, content: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----race${content.length.toString(36)}${Math.random().toString(36).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Content of `bytes` bytes that starts with `tag` (so that content-addressed stores see distinct objects). */
export function raceContent(tag: string, bytes: number): Buffer {
  const head = Buffer.from(`${tag}\n`);
  const body = Buffer.alloc(Math.max(0, bytes - head.length));
  for (let i = 0; i < body.length; i++) body[i] = 0x61 + ((i * 7 + tag.length) % 26);
  return Buffer.concat([head, body]);
}

// ---------------------------------------------------------------------------
// Orphans

/** Tables whose rows a sized row, or a parent of one, hangs on. */
export type ParentTable = 'repository' | 'issue' | 'comment' | 'release' | 'package' | 'package_version' | 'action_run';

/** A row whose parent is gone. */
export interface OrphanRow {
  table: string;
  id: string;
  parentTable: ParentTable;
  parentId: number;
}

/** Each child and the column naming its parent (nullable columns only count when set). */
const ORPHAN_LINKS: { table: string; idColumn: string; column: string; parentTable: ParentTable }[] = [
  { table: 'attachment', idColumn: 'id', column: 'repo_id', parentTable: 'repository' },
  { table: 'attachment', idColumn: 'id', column: 'issue_id', parentTable: 'issue' },
  { table: 'attachment', idColumn: 'id', column: 'comment_id', parentTable: 'comment' },
  { table: 'attachment', idColumn: 'id', column: 'release_id', parentTable: 'release' },
  { table: 'issue', idColumn: 'id', column: 'repo_id', parentTable: 'repository' },
  { table: 'comment', idColumn: 'id', column: 'issue_id', parentTable: 'issue' },
  { table: 'release', idColumn: 'id', column: 'repo_id', parentTable: 'repository' },
  { table: 'package_version', idColumn: 'id', column: 'package_id', parentTable: 'package' },
  { table: 'package_file', idColumn: 'id', column: 'version_id', parentTable: 'package_version' },
  { table: 'package_dist_tag', idColumn: 'id', column: 'version_id', parentTable: 'package_version' },
  { table: 'package_dist_tag', idColumn: 'id', column: 'package_id', parentTable: 'package' },
  { table: 'action_run', idColumn: 'id', column: 'repo_id', parentTable: 'repository' },
  { table: 'action_artifact', idColumn: 'id', column: 'repo_id', parentTable: 'repository' },
  { table: 'action_artifact', idColumn: 'id', column: 'run_id', parentTable: 'action_run' },
  { table: 'action_artifact_upload', idColumn: 'id', column: 'run_id', parentTable: 'action_run' },
  { table: 'lfs_object_repository', idColumn: 'oid', column: 'repo_id', parentTable: 'repository' },
];

/** Every row, in the whole database, whose parent row does not exist (read straight from the tables). */
export async function orphanRows(server: TestServer): Promise<OrphanRow[]> {
  const selects = ORPHAN_LINKS.map(
    (link) =>
      `SELECT '${link.table}' AS child, CAST(c."${link.idColumn}" AS VARCHAR(64)) AS id, '${link.parentTable}' AS parent, c."${link.column}" AS parent_id ` +
      `FROM "${link.table}" c WHERE c."${link.column}" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "${link.parentTable}" p WHERE p.id = c."${link.column}")`,
  );
  const rows: { child: string; id: string; parent: ParentTable; parent_id: number | string }[] = await server.db.dataSource.query(
    selects.join(' UNION ALL '),
  );
  return rows.map((row) => ({ table: row.child, id: String(row.id), parentTable: row.parent, parentId: Number(row.parent_id) }));
}

/** Whether a row with this id exists (the parent came back if it does after its deletion was answered). */
export async function rowExists(server: TestServer, table: ParentTable | 'package_file', id: number): Promise<boolean> {
  const placeholder = server.db.engine === 'postgres' ? '$1' : '?';
  const rows: unknown[] = await server.db.dataSource.query(`SELECT 1 AS present FROM "${table}" WHERE id = ${placeholder}`, [id]);
  return rows.length > 0;
}

// ---------------------------------------------------------------------------
// Pairs and the runner

export interface WriteContext {
  plan: Plan;
  /** A random source of this iteration's own (content, names). */
  rng: Rng;
  /** Asks the gate at a step of a multi-request write (`after-create`…): the deletion may run there. */
  step(point: Point): Promise<void>;
  /** The held request of the write: its body in parts, the deletion at the plan's point. */
  held(request: RaceRequest): Promise<Answer>;
  /** A request sent whole, at once. */
  call(request: RaceRequest): Promise<Answer>;
}

/** A sized write and the removal that races it. `P` is what one iteration's setup made (its fresh parents). */
export interface RacePair<P> {
  /** e.g. `comment attachment upload × comment deletion`. */
  title: string;
  /** What the deletion removes, for messages (`comment`). */
  parentName: string;
  /** Steps of a multi-request write where the deletion may also fall. */
  extraPoints?: Point[];
  setup(index: number, rng: Rng): Promise<P>;
  /** The held write; every answer it got, in order (stop at the first refusal). */
  write(parent: P, ctx: WriteContext): Promise<Answer[]>;
  /** An unheld write into the same parent, racing too (optional). */
  second?(parent: P, ctx: WriteContext): Promise<Answer[]>;
  remove(parent: P, ctx: WriteContext): Promise<Answer>;
  /** The rows this iteration's parents are, to attribute orphans found afterwards. */
  parents(parent: P): Partial<Record<ParentTable, number[]>>;
  /** After the deletion answered 2xx and every request is done: what came back (one text per finding). */
  resurrected(parent: P): Promise<string[]>;
  /** How to name a write's outcome in the figures (default: the method and status of its last answer). */
  outcome?(write: Answer[]): string;
  /** Other findings once all is done (a refused write whose row exists anyway…). */
  inconsistencies?(parent: P, write: Answer[], deletion: Answer): Promise<string[]>;
}

type ProblemKind = 'orphan' | 'resurrection' | '5xx' | 'other';

interface IterationRecord {
  plan: Plan;
  write: Answer[];
  second: Answer[];
  deletion: Answer;
  parents: Partial<Record<ParentTable, number[]>>;
  problems: Map<ProblemKind, string[]>;
}

export interface RaceFigures {
  pair: string;
  engine: string;
  seed: number;
  iterations: number;
  /** Iterations with at least one orphan row, resurrection, 5xx answer, other failure. */
  orphans: number;
  resurrections: number;
  fiveXx: number;
  other: number;
  /** 5xx answers in all (an iteration may get several). */
  fiveXxAnswers: number;
  /** Batches after which the ledger differed from a recount (and was set right to go on). */
  ledgerMismatches: number;
  batches: number;
  /** Requests whose connection the server closed before their answer could be read (see isReset; not a failure). */
  resets: number;
  /** Orphan rows no iteration of the pair owns (counted in `orphans` too). */
  unattributedOrphans: number;
  seconds: number;
  /** How the outcomes were spread, e.g. `upload 201: 120, upload 404: 80`. */
  outcomes: Record<string, number>;
  /** A few examples per kind of failure, with the interleaving that produced them. */
  examples: Record<ProblemKind | 'ledger', string[]>;
}

const ALLOWED_REFUSALS = new Set([404, 409, 410]);

/**
 * The server closed the connection while the body was still being sent, and
 * the answer it may have written was lost with it (EPIPE, ECONNRESET): a
 * refusal the client could not read, neither a hang nor a 5xx. Counted apart.
 */
function isReset(answer: Answer): boolean {
  return answer.status === 0 && /EPIPE|ECONNRESET/.test(answer.error ?? '');
}

/** Whether an answer is one the race may produce: 2xx, 404, 409 or 410, whole. */
function isFine(answer: Answer): boolean {
  if (answer.error) return false;
  return (answer.status >= 200 && answer.status < 300) || ALLOWED_REFUSALS.has(answer.status);
}

function describeAnswer(answer: Answer): string {
  const message = answer.json?.message ?? answer.json?.msg ?? (answer.status >= 400 ? answer.text.slice(0, 160) : '');
  return `${answer.label} → ${answer.status || 'no answer'}${answer.error ? ` (${answer.error})` : ''}${message ? ` "${message}"` : ''}`;
}

/**
 * Runs `settings.iterations` interleavings of one pair, `settings.concurrency`
 * at a time, each on fresh parents; after every batch it looks for orphan rows
 * and compares the ledger with a recount. Returns the figures (printed too).
 */
export async function runRace<P>(server: TestServer, pair: RacePair<P>, settings: RaceSettings): Promise<RaceFigures> {
  const started = Date.now();
  const pairSeed = hashText(`${settings.seed}:${pair.title}`);
  const planRng = new Rng(pairSeed);
  const plans = Array.from({ length: settings.iterations }, (_, i) =>
    makePlan(planRng, i, pair.extraPoints ?? [], pair.second !== undefined),
  );
  const records: IterationRecord[] = [];
  const seenOrphans = new Set((await orphanRows(server)).map(orphanKey));
  const examples: RaceFigures['examples'] = { orphan: [], resurrection: [], '5xx': [], other: [], ledger: [] };
  let ledgerMismatches = 0;
  let unattributedOrphans = 0;
  let batches = 0;

  // Start from a ledger that agrees, so a difference found later belongs to this pair.
  await server.db.quotaRecount.fix();

  for (let first = 0; first < plans.length; first += settings.concurrency) {
    const batch = await Promise.all(
      plans
        .slice(first, first + settings.concurrency)
        .map((plan) => watched(runIteration(server, pair, plan, pairSeed, settings), plan, settings)),
    );
    records.push(...batch);
    batches++;

    for (const orphan of await deadline(orphanRows(server), settings.timeoutMs, 'looking for orphan rows')) {
      const key = orphanKey(orphan);
      if (seenOrphans.has(key)) continue;
      seenOrphans.add(key);
      const owner = batch.find((record) => record.parents[orphan.parentTable]?.includes(orphan.parentId));
      const text = `${orphan.table} ${orphan.id} left without its ${orphan.parentTable} ${orphan.parentId}`;
      if (owner) addProblem(owner, 'orphan', text);
      else {
        unattributedOrphans++;
        if (examples.orphan.length < 3) examples.orphan.push(`(batch ${batches}) ${text}`);
      }
    }

    const differences = await deadline(server.db.quotaRecount.differences(), settings.timeoutMs, 'recounting the ledger');
    if (differences.length) {
      ledgerMismatches++;
      if (examples.ledger.length < 3) {
        const plansText = batch.map((record) => describePlan(record.plan)).join('; ');
        examples.ledger.push(
          `batch ${batches}: ${differences.map((d) => `owner ${d.ownerId} ${d.bucket} stored ${d.stored}, counted ${d.counted}`).join(', ')} [${plansText}]`,
        );
      }
      await server.db.quotaRecount.fix();
    }
  }

  const count = (kind: ProblemKind) => records.filter((record) => record.problems.has(kind)).length;
  for (const kind of ['orphan', 'resurrection', '5xx', 'other'] as const) {
    for (const record of records.filter((r) => r.problems.has(kind))) {
      if (examples[kind].length >= 3) break;
      examples[kind].push(
        `${describePlan(record.plan)}: ${record.problems.get(kind)!.join('; ')} [write: ${record.write.map(describeAnswer).join(', ') || 'none'}${record.second.length ? `; second: ${record.second.map(describeAnswer).join(', ')}` : ''}; deletion: ${describeAnswer(record.deletion)}]`,
      );
    }
  }
  const outcomes: Record<string, number> = {};
  for (const record of records) {
    const last = record.write[record.write.length - 1];
    const key = pair.outcome
      ? pair.outcome(record.write)
      : last
        ? `${stepName(record.write)} ${isReset(last) ? 'reset' : last.status}`
        : 'no write';
    outcomes[key] = (outcomes[key] ?? 0) + 1;
  }

  const figures: RaceFigures = {
    pair: pair.title,
    engine: server.db.engine,
    seed: settings.seed,
    iterations: records.length,
    orphans: count('orphan') + unattributedOrphans,
    resurrections: count('resurrection'),
    fiveXx: count('5xx'),
    other: count('other'),
    fiveXxAnswers: records.reduce((sum, r) => sum + [...r.write, ...r.second, r.deletion].filter((a) => a.status >= 500).length, 0),
    ledgerMismatches,
    batches,
    resets: records.reduce((sum, r) => sum + [...r.write, ...r.second].filter(isReset).length, 0),
    unattributedOrphans,
    seconds: Math.round((Date.now() - started) / 100) / 10,
    outcomes,
    examples,
  };
  printFigures(figures);
  if (settings.reportFile) appendFileSync(settings.reportFile, `${JSON.stringify(figures)}\n`);
  return figures;
}

async function runIteration<P>(
  server: TestServer,
  pair: RacePair<P>,
  plan: Plan,
  pairSeed: number,
  settings: RaceSettings,
): Promise<IterationRecord> {
  const rng = new Rng(hashText(`${pairSeed}:${plan.index}`));
  const parent = await pair.setup(plan.index, rng);
  const request = (held?: { plan: Plan; gate: Gate }) => (r: RaceRequest) => send(server.url, r, settings.timeoutMs, held);
  // Set once below; the context's closures read it only after that.
  // eslint-disable-next-line prefer-const
  let gate: Gate;
  const ctx: WriteContext = {
    plan,
    rng,
    step: (point) => gate.at(point),
    held: (r) => request({ plan, gate })(r),
    call: request(),
  };
  gate = new Gate(plan, () => pair.remove(parent, ctx).catch((error) => failedAnswer('deletion', error)));
  // The second write never waits at the gate: its requests are all sent whole.
  const secondCtx: WriteContext = { ...ctx, step: async () => undefined, held: request() };

  await gate.at('before');
  const second =
    plan.second && pair.second
      ? sleep(plan.second.startAfterMs)
          .then(() => pair.second!(parent, secondCtx))
          .catch((error) => [failedAnswer('second write', error)])
      : Promise.resolve([] as Answer[]);
  const write = await pair.write(parent, ctx).catch((error) => [failedAnswer('write', error)]);
  await gate.at('after');
  const deletion = await gate.fire();
  const secondAnswers = await second;

  const record: IterationRecord = { plan, write, second: secondAnswers, deletion, parents: pair.parents(parent), problems: new Map() };
  for (const answer of [...write, ...secondAnswers, deletion]) {
    if (answer.status >= 500) addProblem(record, '5xx', describeAnswer(answer));
  }
  for (const answer of [...write, ...secondAnswers]) {
    if (answer.status < 500 && !isFine(answer) && !isReset(answer))
      addProblem(record, 'other', `unexpected answer: ${describeAnswer(answer)}`);
  }
  const deleted = deletion.status >= 200 && deletion.status < 300 && !deletion.error;
  if (!deleted && deletion.status < 500) addProblem(record, 'other', `the ${pair.parentName} was not deleted: ${describeAnswer(deletion)}`);
  if (deleted) {
    for (const finding of await pair.resurrected(parent)) addProblem(record, 'resurrection', finding);
  }
  for (const finding of (await pair.inconsistencies?.(parent, write, deletion)) ?? []) addProblem(record, 'other', finding);
  if (process.env.RACE_DEBUG) {
    const answers = [
      ...write.map(describeAnswer),
      ...secondAnswers.map((a) => `second ${describeAnswer(a)}`),
      `deletion ${describeAnswer(deletion)}`,
    ];
    process.stdout.write(
      `  ${describePlan(plan)}: ${answers.join(', ')}${record.problems.size ? ` PROBLEMS ${[...record.problems.values()].flat().join('; ')}` : ''}\n`,
    );
  }
  return record;
}

/** `PUT` for a one-request write, `step 2/4 PUT` when a multi-request write stopped (or ended) at its second request. */
function stepName(write: Answer[]): string {
  const method = write[write.length - 1].label.split(' ')[0];
  return write.length === 1 ? method : `step ${write.length} ${method}`;
}

/**
 * An iteration that does not finish in time (its setup or a check hung: every
 * request has its own timeout) is recorded as such and the run goes on.
 */
async function watched(iteration: Promise<IterationRecord>, plan: Plan, settings: RaceSettings): Promise<IterationRecord> {
  const limit = settings.timeoutMs * 3;
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<IterationRecord>((resolve) => {
    timer = setTimeout(() => {
      const none = failedAnswer('iteration', new Error(`did not finish within ${limit} ms`));
      resolve({
        plan,
        write: [none],
        second: [],
        deletion: none,
        parents: {},
        problems: new Map([['other', [`the iteration hung (no end within ${limit} ms)`]]]),
      });
    }, limit);
  });
  try {
    return await Promise.race([iteration, hung]);
  } finally {
    clearTimeout(timer);
  }
}

/** The database checks between batches must answer too; a stuck connection fails the run with a clear message. */
async function deadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms: the database is stuck`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

function failedAnswer(what: string, error: unknown): Answer {
  return { label: what, status: 0, text: '', json: undefined, error: `threw: ${error instanceof Error ? error.message : String(error)}` };
}

function addProblem(record: IterationRecord, kind: ProblemKind, text: string): void {
  const list = record.problems.get(kind) ?? [];
  list.push(text);
  record.problems.set(kind, list);
}

function orphanKey(row: OrphanRow): string {
  return `${row.table}/${row.id}/${row.parentTable}/${row.parentId}`;
}

function printFigures(f: RaceFigures): void {
  const lines = [
    `race [${f.engine}] ${f.pair}: RACE_SEED=${f.seed} iterations=${f.iterations} orphans=${f.orphans} resurrections=${f.resurrections} 5xx=${f.fiveXx} (${f.fiveXxAnswers} answers) other=${f.other} ledger≠recount=${f.ledgerMismatches}/${f.batches} batches resets=${f.resets} time=${f.seconds}s`,
    `  outcomes: ${Object.entries(f.outcomes)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ')}`,
    ...Object.entries(f.examples).flatMap(([kind, list]) => list.map((text) => `  ${kind}: ${text}`)),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** The problems of a run as sentences (empty when the pair held): what the test asserts. */
export function raceProblems(f: RaceFigures): string[] {
  const problems: string[] = [];
  const of = `/${f.iterations} (RACE_SEED=${f.seed}, ${f.engine})`;
  if (f.resurrections) problems.push(`resurrected parent in ${f.resurrections}${of}; e.g. ${f.examples.resurrection[0]}`);
  if (f.orphans) problems.push(`orphan rows in ${f.orphans}${of}; e.g. ${f.examples.orphan[0]}`);
  if (f.fiveXx) problems.push(`5xx in ${f.fiveXx}${of}; e.g. ${f.examples['5xx'][0]}`);
  if (f.other) problems.push(`other failures in ${f.other}${of}; e.g. ${f.examples.other[0]}`);
  if (f.ledgerMismatches) problems.push(`ledger ≠ recount after ${f.ledgerMismatches}/${f.batches} batches; e.g. ${f.examples.ledger[0]}`);
  return problems;
}

/**
 * The jest test of one pair: every interleaving of the run is checked, and the
 * test fails with the problems as sentences (seed included, to reproduce).
 */
export function itHoldsUnderRaces<P>(server: () => TestServer, pair: RacePair<P>, settings: RaceSettings): void {
  it(
    `race: ${pair.title} — no resurrection, no orphan, no 5xx, ledger = recount`,
    async () => expect(raceProblems(await runRace(server(), pair, settings))).toEqual([]),
    raceTestTimeout(settings),
  );
}
