import { performance } from 'perf_hooks';
import { EntityManager } from 'typeorm';
import { Database, TestEngine } from '@bellows/persistence-typeorm';
import { BenchContext, BenchPart, SummaryRow } from '../bench-part';
import { machine, onEachEngine } from '../support/engines';
import { readMainThreadCpuSeconds } from '../support/process-stats';
import { numberFromEnv } from '../support/settings';
import { startBenchServer } from '../support/bench-server';
import { createBenchUser } from '../support/bench-user';
import { grouped } from '../support/summary';
import { WritePlan, WriteResult, writeInWorker } from './write-load';

/** The goal of issue 12: at least this many small writes per second, 16 at a time, on each engine. */
export const WRITES_GOAL = 1000;

/** Knobs, from the environment so a quick run is possible while developing; the defaults are the issue's figures. */
const SETTINGS = {
  clients: numberFromEnv('BENCH_WRITE_CLIENTS', 16),
  seconds: numberFromEnv('BENCH_WRITE_SECONDS', 5),
  maxRequests: numberFromEnv('BENCH_WRITE_MAX_REQUESTS', 100_000),
  attachmentBytes: 1024,
};

interface KindFigures {
  kind: 'attachments' | 'issues' | 'comments' | 'refused';
  what: string;
  /** Answers with the expected status (201, or 422 for `refused`). */
  writes: number;
  seconds: number;
  writesPerSecond: number;
  statuses: Record<string, number>;
  /**
   * CPU time of the server's main thread (its event loop, where every request
   * is parsed, routed, validated, its statements built and its answer
   * written) per answer, in ms: one Node process cannot answer more than
   * 1 000 / this per second, however the database behaves.
   */
  mainThreadCpuMsPerWrite: number;
  /** Share of the run's wall time the event loop was not idle (1 = never idle; on a loaded machine this includes waiting for a core). */
  mainThreadBusy: number;
}

export interface WritesBenchResult {
  part: 'writes';
  engine: TestEngine;
  measuredAt: string;
  machine: { cpus: number; cpuModel: string; node: string };
  settings: typeof SETTINGS;
  kinds: KindFigures[];
  /** The floor: the same number of clients each committing one bare INSERT per transaction through the server's Database. */
  bareInserts: { writes: number; seconds: number; writesPerSecond: number };
  checks: string[];
}

/** `npm run bench` → writes: small attachments, issues and comments created through the API, 16 at a time, on each engine. */
export const writesBench: BenchPart = {
  name: 'writes',
  description: 'small writes per second (1 KiB attachments, issues, comments), 16 clients, SQLite and PostgreSQL',
  run: (context) => onEachEngine(context, 'writes', (engine) => benchEngine(engine, context), { rows: summaryRows }),
};

function summaryRows(result: WritesBenchResult): SummaryRow[] {
  const bare = result.bareInserts.writesPerSecond;
  return result.kinds
    .filter((k) => k.kind !== 'refused')
    .map((k) => ({
      what: `${k.what}, ${result.settings.clients} clients`,
      engine: result.engine,
      bellows: `${grouped(k.writesPerSecond)} writes/s`,
      baseline: `${grouped(bare)} bare INSERT tx/s`,
      ratio: k.writesPerSecond / bare,
      goal: `≥ ${grouped(WRITES_GOAL)} writes/s`,
      met: k.writesPerSecond >= WRITES_GOAL,
    }));
}

async function benchEngine(engine: TestEngine, context: BenchContext): Promise<WritesBenchResult> {
  context.log(`-- writes on ${engine}: ${SETTINGS.clients} clients, ${SETTINGS.seconds} s per kind`);
  const server = await startBenchServer(engine);
  try {
    const db = server.app.db;
    const { token } = await createBenchUser(db, 'bench-writer', 'write:repository,write:issue,write:user');
    const repo = await postJson<{ id: number; owner: { login: string }; name: string }>(`${server.apiUrl}/user/repos`, token, {
      name: 'writes',
    });
    const issue = await postJson<{ id: number; number: number }>(`${server.apiUrl}/repos/bench-writer/writes/issues`, token, {
      title: 'the issue the attachments and comments go to',
    });
    const issuesUrl = `${server.apiUrl}/repos/bench-writer/writes/issues`;
    const plans: { kind: KindFigures['kind']; what: string; plan: Omit<WritePlan, 'clients' | 'seconds' | 'maxRequests' | 'token'> }[] = [
      {
        // The floor of a request: authentication, routing and validation through Nest, then a refusal; no database write.
        kind: 'refused',
        what: 'POST issue without a title (422: auth, routing, validation only)',
        plan: { label: 'refused', url: issuesUrl, body: { kind: 'json', value: { body: 'no title' } }, expectedStatus: 422 },
      },
      {
        kind: 'attachments',
        what: 'POST 1 KiB issue attachment (multipart)',
        plan: {
          label: 'attachments',
          url: `${issuesUrl}/${issue.number}/assets`,
          body: { kind: 'multipart', fileBytes: SETTINGS.attachmentBytes },
        },
      },
      {
        kind: 'issues',
        what: 'POST issue',
        plan: { label: 'issues', url: issuesUrl, body: { kind: 'json', value: { title: 'a small issue', body: 'b' } } },
      },
      {
        kind: 'comments',
        what: 'POST issue comment',
        plan: {
          label: 'comments',
          url: `${issuesUrl}/${issue.number}/comments`,
          body: { kind: 'json', value: { body: 'a small comment' } },
        },
      },
    ];
    const kinds: KindFigures[] = [];
    const results: Record<string, WriteResult> = {};
    for (const { kind, what, plan } of plans) {
      const loopBefore = performance.eventLoopUtilization();
      const cpuBefore = readMainThreadCpuSeconds();
      markForProfile(context, 'start', kind);
      const result = await writeInWorker({
        ...plan,
        token,
        clients: SETTINGS.clients,
        seconds: SETTINGS.seconds,
        maxRequests: SETTINGS.maxRequests,
      });
      const loop = performance.eventLoopUtilization(loopBefore);
      const cpuSeconds = readMainThreadCpuSeconds() - cpuBefore;
      markForProfile(context, 'end', kind);
      results[kind] = result;
      const writes = result.statuses[String(plan.expectedStatus ?? 201)] ?? 0;
      const mainThreadCpuMsPerWrite = (cpuSeconds * 1000) / Math.max(writes, 1);
      kinds.push({
        kind,
        what,
        writes,
        seconds: result.seconds,
        writesPerSecond: result.writesPerSecond,
        statuses: result.statuses,
        mainThreadCpuMsPerWrite,
        mainThreadBusy: loop.utilization,
      });
      context.log(
        `   ${what}: ${grouped(result.writesPerSecond)}/s (${writes} in ${result.seconds.toFixed(1)} s) statuses ${JSON.stringify(result.statuses)}; ` +
          `main thread ${mainThreadCpuMsPerWrite.toFixed(2)} ms CPU per answer (bound ${grouped(1000 / mainThreadCpuMsPerWrite)}/s), event loop busy ${(loop.utilization * 100).toFixed(0)} %`,
      );
      if (result.firstFailure)
        throw new Error(`${what}: not every answer was ${plan.expectedStatus ?? 201}; first: ${result.firstFailure}`);
    }
    const checks = await verifyWrites(db, repo.id, issue, results);
    for (const check of checks) context.log(`   check: ${check}`);
    const bareInserts = await measureBareInserts(db);
    context.log(`   bare INSERT transactions through the same Database: ${grouped(bareInserts.writesPerSecond)}/s`);
    return {
      part: 'writes',
      engine,
      measuredAt: new Date().toISOString(),
      machine: machine(),
      settings: SETTINGS,
      kinds,
      bareInserts,
      checks,
    };
  } finally {
    await server.close();
  }
}

/**
 * With BENCH_WRITES_MARKS set, logs when each kind's run starts and ends on
 * the clock of V8's CPU profiles (µs), so a `node --cpu-prof` run of the bench
 * can be cut into one profile per kind.
 */
function markForProfile(context: BenchContext, edge: 'start' | 'end', kind: string): void {
  if (process.env.BENCH_WRITES_MARKS) context.log(`   mark ${edge} ${kind} ${process.hrtime.bigint() / 1000n}`);
}

/**
 * After the run: every created row is there once, the usage ledger equals a
 * recount, and the issue numbers of the repository are 1..n without a gap or
 * a double. Any failure stops the bench: a fast wrong answer is not a result.
 */
async function verifyWrites(db: Database, repoId: number, issue: { id: number }, results: Record<string, WriteResult>): Promise<string[]> {
  const checks: string[] = [];
  const differences = await db.quotaRecount.differences();
  if (differences.length) throw new Error(`the usage ledger does not equal a recount after the run: ${JSON.stringify(differences)}`);
  checks.push('usage ledger equals a recount');
  const count = async (sql: string) => Number((await db.dataSource.query(sql, [issue.id]))[0].n);
  const p = db.engine === 'postgres' ? '$1' : '?';
  const attachments = await count(`SELECT COUNT(*) AS n FROM attachment WHERE issue_id = ${p}`);
  if (attachments !== results.attachments.ids.length)
    throw new Error(`${results.attachments.ids.length} attachments answered 201 but ${attachments} rows are stored`);
  const comments = await count(`SELECT COUNT(*) AS n FROM comment WHERE issue_id = ${p} AND type = 0`);
  if (comments !== results.comments.ids.length)
    throw new Error(`${results.comments.ids.length} comments answered 201 but ${comments} rows are stored`);
  checks.push(`${attachments} attachment rows and ${comments} comment rows, one per 201`);
  const numbers: { index: number | string }[] = await db.dataSource.query(
    `SELECT "index" FROM issue WHERE repo_id = ${p} ORDER BY "index"`,
    [repoId],
  );
  const indexes = numbers.map((row) => Number(row.index));
  if (indexes.some((n, i) => n !== i + 1)) throw new Error(`issue numbers are not 1..${indexes.length} without gaps or doubles`);
  if (new Set(results.issues.numbers).size !== results.issues.numbers.length)
    throw new Error('two created issues answered the same number');
  if (indexes.length !== results.issues.numbers.length + 1)
    throw new Error(`${results.issues.numbers.length + 1} issues created, ${indexes.length} stored`);
  checks.push(`issue numbers 1..${indexes.length}, unique and consecutive`);
  return checks;
}

/**
 * The floor a write through this database can reach: the same number of
 * clients, each committing one transaction with one bare INSERT, through the
 * server's own Database (its connection strategy), with nothing else running.
 */
async function measureBareInserts(db: Database): Promise<{ writes: number; seconds: number; writesPerSecond: number }> {
  await db.dataSource.query('CREATE TABLE bench_bare_insert (id integer NOT NULL PRIMARY KEY, body text NOT NULL)');
  const p = (n: number) => (db.engine === 'postgres' ? `$${n}` : '?');
  const started = performance.now();
  const deadline = started + SETTINGS.seconds * 1000;
  let next = 0;
  const client = async () => {
    while (performance.now() < deadline) {
      const id = ++next;
      await db.transaction((tx) =>
        managerOf(tx).query(`INSERT INTO bench_bare_insert (id, body) VALUES (${p(1)}, ${p(2)})`, [id, 'x'.repeat(100)]),
      );
    }
  };
  await Promise.all(Array.from({ length: SETTINGS.clients }, client));
  const seconds = (performance.now() - started) / 1000;
  return { writes: next, seconds, writesPerSecond: next / seconds };
}

/** The EntityManager a transaction's Database is bound to (private to the adapter; the bench alone reaches in). */
function managerOf(tx: Database): EntityManager {
  return (tx as unknown as { manager: EntityManager }).manager;
}

async function postJson<T>(url: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `token ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`POST ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}
