import { performance } from 'perf_hooks';
import { addDays, usageDayOf } from '@bellows/domain';
import { Database, TestEngine } from '@bellows/persistence-typeorm';
import { insertBenchOwners } from '../support/bench-owners';
import { BenchContext, BenchPart, SummaryRow } from '../bench-part';
import { createBenchUser } from '../support/bench-user';
import { BenchServer, startBenchServer } from '../support/bench-server';
import { machine, onEachEngine } from '../support/engines';
import { AskedInstance, BigVsSmallRead, formatBigVsSmallTable, measureBigVsSmall } from '../support/big-vs-small';
import { numberFromEnv } from '../support/settings';
import { round } from '../support/stats';

/** A history read at 10 000 owners costs at most 1.5 times one at 10: it must not add up owners as it reads. */
export const RATIO_GOAL = 1.5;
/** The daily snapshot of 10 000 owners is a background pass: well under a minute. */
export const SNAPSHOT_GOAL_SECONDS = 10;

const SETTINGS = {
  warmup: numberFromEnv('BENCH_WARMUP', 100),
  sequential: numberFromEnv('BENCH_REQUESTS', 500),
  smallOwners: numberFromEnv('BENCH_HISTORY_SMALL', 10),
  bigOwners: numberFromEnv('BENCH_HISTORY_BIG', 10_000),
  /** Days of history seeded before today's real snapshot (the API's default range is 90 days). */
  days: numberFromEnv('BENCH_HISTORY_DAYS', 90),
};

const BUCKETS: [string, string][] = [
  ['packages', '(id * 7919) % 4096 * 1024'],
  ['repos:public', '(id * 104729) % 2048 * 1024'],
  ['git:lfs', 'CASE WHEN id % 3 = 0 THEN (id * 31) % 8192 * 1024 ELSE 0 END'],
];

interface Instance extends AskedInstance {
  owners: number;
  /** A seeded owner whose own history is read. */
  sampleOwner: string;
  /** Seconds of each POST /admin/cron/quota_usage_snapshot: the first writes today's rows, the others overwrite them. */
  snapshotSeconds: number[];
}

export interface HistoryBenchResult {
  part: 'history';
  engine: TestEngine;
  measuredAt: string;
  machine: { cpus: number; cpuModel: string; node: string };
  settings: typeof SETTINGS;
  owners: { big: number; small: number };
  snapshotSeconds: { big: number[]; small: number[] };
  endpoints: BigVsSmallRead[];
}

/** `BENCH_ONLY=history`: the usage history's reads and its daily snapshot on an instance of 10 000 owners beside one of 10. */
export const historyBench: BenchPart = {
  name: 'history',
  description: 'GET /admin/quota/history and an owner history (90 days), and the daily snapshot: 10 000 owners vs 10',
  run: (context) => onEachEngine(context, 'history', (engine) => benchEngine(engine, context), { table: formatTable, rows: summaryRows }),
};

async function benchEngine(engine: TestEngine, context: BenchContext): Promise<HistoryBenchResult> {
  context.log(
    `history/${engine}: two servers, seeding ${SETTINGS.bigOwners} and ${SETTINGS.smallOwners} owners with ${SETTINGS.days} days…`,
  );
  const big = await instance(engine, SETTINGS.bigOwners);
  try {
    const small = await instance(engine, SETTINGS.smallOwners);
    try {
      context.log(`history/${engine}: snapshot passes at ${big.owners} owners: ${big.snapshotSeconds.join(', ')} s`);
      const pair = { big, small };
      const endpoints = [
        await measureBigVsSmall('instance, 90 days', () => '/admin/quota/history', pair, SETTINGS),
        await measureBigVsSmall('one owner, 90 days', (i) => `/admin/users/${i.sampleOwner}/quota/history`, pair, SETTINGS),
        await measureBigVsSmall(
          'one owner, packages, 90 days',
          (i) => `/admin/users/${i.sampleOwner}/quota/history?subject=size:assets:packages:all`,
          pair,
          SETTINGS,
        ),
      ];
      return {
        part: 'history',
        engine,
        measuredAt: new Date().toISOString(),
        machine: machine(),
        settings: SETTINGS,
        owners: { big: big.owners, small: small.owners },
        snapshotSeconds: { big: big.snapshotSeconds, small: small.snapshotSeconds },
        endpoints,
      };
    } finally {
      await small.server.close();
    }
  } finally {
    await big.server.close();
  }
}

/** A server with `owners` seeded owners, their past days of history, and today's taken by the real job (timed). */
async function instance(engine: TestEngine, owners: number): Promise<Instance> {
  const server = await startBenchServer(engine);
  try {
    const { owner, token } = await createBenchUser(server.app.db, `bench-admin-${owners}`, 'all');
    await server.app.db.owners.update(owner.id, { isAdmin: true });
    const names = await seedOwners(server.app.db, owners);
    await seedPastDays(server.app.db, SETTINGS.days - 1);
    const snapshotSeconds: number[] = [];
    for (let pass = 0; pass < 3; pass++) {
      const started = performance.now();
      const res = await fetch(`${server.apiUrl}/admin/cron/quota_usage_snapshot`, {
        method: 'POST',
        headers: { authorization: `token ${token}` },
      });
      if (res.status !== 204) throw new Error(`the snapshot job answered ${res.status}`);
      snapshotSeconds.push(round((performance.now() - started) / 1000, 2));
    }
    const sampleOwner = names[Math.floor(names.length / 2)];
    await expectPoints(server, token, `/admin/users/${sampleOwner}/quota/history`, SETTINGS.days);
    await expectPoints(server, token, '/admin/quota/history', SETTINGS.days);
    return { server, token, owners, sampleOwner, snapshotSeconds };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/** Owners and their ledger rows over three buckets, computed from the id; answers their names. */
async function seedOwners(db: Database, count: number): Promise<string[]> {
  const stamp = Date.now().toString(36);
  const names = await insertBenchOwners(db, `bench-h${stamp}-`, count);
  for (const [bucket, bytes] of BUCKETS) {
    await db.dataSource.query(
      `INSERT INTO owner_quota_usage (owner_id, bucket, stripe, bytes) SELECT id, '${bucket}', 0, ${bytes} FROM owner WHERE lower_name LIKE 'bench-h${stamp}-%'`,
    );
  }
  return names;
}

/** `days` days before today, each owner's figure growing towards today's, with the instance totals the job would have added up. */
async function seedPastDays(db: Database, days: number): Promise<void> {
  const today = usageDayOf(new Date());
  for (let back = days; back >= 1; back--) {
    await db.dataSource.query(
      'INSERT INTO quota_usage_snapshot (owner_id, day, bucket, bytes) ' +
        `SELECT owner_id, '${addDays(today, -back)}', bucket, SUM(bytes) * ${days - back + 1} / ${days + 1} FROM owner_quota_usage GROUP BY owner_id, bucket`,
    );
  }
  await db.dataSource.query(
    'INSERT INTO quota_usage_snapshot_total (day, bucket, bytes) SELECT day, bucket, SUM(bytes) FROM quota_usage_snapshot GROUP BY day, bucket',
  );
  // Tables filled over 90 days have long been vacuumed and analysed; without this, PostgreSQL's autovacuum of the
  // millions of rows just written ran during the first measurements.
  if (db.engine === 'postgres') await db.dataSource.query('VACUUM ANALYZE quota_usage_snapshot');
}

async function expectPoints(server: BenchServer, token: string, path: string, points: number): Promise<void> {
  const res = await fetch(`${server.apiUrl}${path}`, { headers: { authorization: `token ${token}` } });
  const body = (await res.json()) as { points?: unknown[] };
  if (body.points?.length !== points) throw new Error(`GET ${path} answered ${body.points?.length} points, expected ${points}`);
}

function summaryRows(result: HistoryBenchResult): SummaryRow[] {
  const reads = result.endpoints.map((e) => ({
    what: `quota history, ${e.endpoint}: p50, ${result.owners.big} owners vs ${result.owners.small}`,
    engine: result.engine,
    bellows: `${e.big.p50.toFixed(2)} ms`,
    baseline: `${e.small.p50.toFixed(2)} ms`,
    ratio: e.ratio.p50,
    goal: `≤ ${RATIO_GOAL}×`,
    met: e.ratio.p50 <= RATIO_GOAL,
  }));
  const slowest = Math.max(...result.snapshotSeconds.big);
  return [
    ...reads,
    {
      what: `quota_usage_snapshot pass at ${result.owners.big} owners (slowest of ${result.snapshotSeconds.big.length})`,
      engine: result.engine,
      bellows: `${slowest} s`,
      baseline: '-',
      ratio: null,
      goal: `≤ ${SNAPSHOT_GOAL_SECONDS} s`,
      met: slowest <= SNAPSHOT_GOAL_SECONDS,
    },
  ];
}

function formatTable(result: HistoryBenchResult): string {
  return formatBigVsSmallTable(
    [
      `history bench on ${result.engine} (${result.machine.cpus} CPUs, Node ${result.machine.node}): ${result.owners.big} owners vs ${result.owners.small}, ${result.settings.days} days`,
      `${result.settings.sequential} sequential requests per instance after ${result.settings.warmup} warm-up, the two taken in turn`,
      `snapshot passes (first writes today's rows, then overwrites): ${result.snapshotSeconds.big.join(', ')} s at ${result.owners.big} owners; ${result.snapshotSeconds.small.join(', ')} s at ${result.owners.small}`,
    ],
    'history read',
    result.endpoints,
  );
}
