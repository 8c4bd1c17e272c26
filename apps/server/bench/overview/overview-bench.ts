import { performance } from 'perf_hooks';
import { TestEngine } from '@bellows/persistence-typeorm';
import { BenchContext, BenchPart, SummaryRow } from '../bench-part';
import { createBenchUser } from '../support/bench-user';
import { startBenchServer } from '../support/bench-server';
import { machine, onEachEngine } from '../support/engines';
import { AskedInstance, BigVsSmallRead, formatBigVsSmallTable, measureBigVsSmall } from '../support/big-vs-small';
import { numberFromEnv } from '../support/settings';
import { round } from '../support/stats';
import { QuotaSummaries } from '../../src/modules/quota-overview/quota-summaries';
import { seedOverviewOwners } from './seed-owners';

/** Issue 16: a page of the overview at 10 000 owners costs at most 1.5 times a page at 10. */
export const RATIO_GOAL = 1.5;

const SETTINGS = {
  warmup: numberFromEnv('BENCH_WARMUP', 100),
  sequential: numberFromEnv('BENCH_REQUESTS', 500),
  smallOwners: numberFromEnv('BENCH_OVERVIEW_SMALL', 10),
  bigOwners: numberFromEnv('BENCH_OVERVIEW_BIG', 10_000),
};

/**
 * "Per page": each read lists as many owners on both instances (10 of 10 000
 * and 10 of 11; the one over-quota owner the smallest instance has), so what
 * is compared is what the owners behind a page cost, not the page's length.
 */
const ENDPOINTS = [
  { name: 'page of 10 by size:all', path: '/admin/quota/usage?sort=size:all&limit=10' },
  { name: 'page of 10 by size:repos:all, ascending', path: '/admin/quota/usage?sort=size:repos:all&order=asc&limit=10' },
  { name: 'page of 10, users only', path: '/admin/quota/usage?type=user&sort=size:git:lfs&limit=10' },
  { name: 'first owner over quota', path: '/admin/quota/usage?sort=size:all&over=true&limit=1' },
  { name: 'totals', path: '/admin/quota/usage/total' },
] as const;

interface Instance extends AskedInstance {
  owners: number;
  /** Seconds the refresh of every never-refreshed row took (the start-up pass after an upgrade). */
  refreshSeconds: number;
}

export interface OverviewBenchResult {
  part: 'overview';
  engine: TestEngine;
  measuredAt: string;
  machine: { cpus: number; cpuModel: string; node: string };
  settings: typeof SETTINGS;
  owners: { big: number; small: number };
  refreshSeconds: { big: number; small: number };
  endpoints: BigVsSmallRead[];
  ratioGoal: number;
}

/** `BENCH_ONLY=overview`: the overview's pages and totals on an instance of 10 000 owners beside one of 10, on each engine. */
export const overviewBench: BenchPart = {
  name: 'overview',
  description: 'GET /admin/quota/usage (+ /total): 10 000 owners vs 10, SQLite and PostgreSQL',
  run: (context) => onEachEngine(context, 'overview', (engine) => benchEngine(engine, context), { table: formatTable, rows: summaryRows }),
};

async function benchEngine(engine: TestEngine, context: BenchContext): Promise<OverviewBenchResult> {
  context.log(`overview/${engine}: two servers, seeding ${SETTINGS.bigOwners} and ${SETTINGS.smallOwners} owners…`);
  const big = await instance(engine, SETTINGS.bigOwners);
  try {
    const small = await instance(engine, SETTINGS.smallOwners);
    try {
      context.log(`overview/${engine}: refresh of every row after seeding: ${big.refreshSeconds} s for ${big.owners} owners`);
      await expectEqualPages(big, small);
      const endpoints: BigVsSmallRead[] = [];
      for (const endpoint of ENDPOINTS) {
        context.log(`overview/${engine}: measuring GET ${endpoint.path}`);
        endpoints.push(await measureBigVsSmall(endpoint.name, () => endpoint.path, { big, small }, SETTINGS));
      }
      return {
        part: 'overview',
        engine,
        measuredAt: new Date().toISOString(),
        machine: machine(),
        settings: SETTINGS,
        owners: { big: big.owners, small: small.owners },
        refreshSeconds: { big: big.refreshSeconds, small: small.refreshSeconds },
        endpoints,
        ratioGoal: RATIO_GOAL,
      };
    } finally {
      await small.server.close();
    }
  } finally {
    await big.server.close();
  }
}

/** A server with `owners` seeded owners and a site admin to ask as; every summary row refreshed before measuring. */
async function instance(engine: TestEngine, owners: number): Promise<Instance> {
  const server = await startBenchServer(engine);
  try {
    const { owner, token } = await createBenchUser(server.app.db, `bench-admin-${owners}`, 'all');
    await server.app.db.owners.update(owner.id, { isAdmin: true });
    await seedOverviewOwners(server.app.db, owners);
    const started = performance.now();
    await server.app.app.get(QuotaSummaries, { strict: false }).refreshNeverRefreshed();
    const refreshSeconds = round((performance.now() - started) / 1000, 2);
    // The refresh rewrote every row (and the totals as many times): vacuum and analyse as autovacuum would soon after, not measure the dead rows it leaves.
    if (engine === 'postgres') await server.app.db.dataSource.query('VACUUM ANALYZE');
    const total = await fetch(`${server.apiUrl}/admin/quota/usage/total`, { headers: { authorization: `token ${token}` } });
    const counted = ((await total.json()) as { owners: number }).owners;
    // The admin and the seeded owners, every one listed.
    if (counted !== owners + 1) throw new Error(`the overview counts ${counted} owners, expected ${owners + 1}`);
    return { server, token, owners: counted, refreshSeconds };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/** The bench's premise, checked: every page lists its full `limit` of owners on both instances. */
async function expectEqualPages(...instances: Instance[]): Promise<void> {
  for (const { path } of ENDPOINTS) {
    const limit = Number(new URL(path, 'http://x').searchParams.get('limit'));
    if (!limit) continue;
    for (const i of instances) {
      const res = await fetch(`${i.server.apiUrl}${path}`, { headers: { authorization: `token ${i.token}` } });
      const listed = ((await res.json()) as unknown[]).length;
      if (listed !== limit) throw new Error(`GET ${path} lists ${listed} owners at ${i.owners} owners, not ${limit}`);
    }
  }
}

function summaryRows(result: OverviewBenchResult): SummaryRow[] {
  return result.endpoints.flatMap((e) =>
    (['p50', 'p99'] as const).map((percentile) => ({
      what: `GET ${e.path} (${e.endpoint}): ${percentile}, ${result.owners.big} owners vs ${result.owners.small}`,
      engine: result.engine,
      bellows: `${e.big[percentile].toFixed(2)} ms`,
      baseline: `${e.small[percentile].toFixed(2)} ms`,
      ratio: e.ratio[percentile],
      goal: `≤ ${RATIO_GOAL}×`,
      met: e.ratio[percentile] <= RATIO_GOAL,
    })),
  );
}

function formatTable(result: OverviewBenchResult): string {
  return formatBigVsSmallTable(
    [
      `overview bench on ${result.engine} (${result.machine.cpus} CPUs, Node ${result.machine.node}): ${result.owners.big} owners vs ${result.owners.small}`,
      `${result.settings.sequential} sequential requests per instance after ${result.settings.warmup} warm-up, the two taken in turn`,
      `refresh of every row (start-up pass): ${result.refreshSeconds.big} s for ${result.owners.big} owners`,
    ],
    'overview read',
    result.endpoints,
  );
}
