import { performance } from 'perf_hooks';
import { TestEngine } from '@bellows/persistence-typeorm';
import { BenchContext, BenchPart, SummaryRow } from '../bench-part';
import { createBenchUser } from '../support/bench-user';
import { BenchServer, startBenchServer } from '../support/bench-server';
import { enginesToRun, machine } from '../support/engines';
import { Target } from '../support/http-client';
import { loadInWorker } from '../support/load-worker';
import { numberFromEnv } from '../support/settings';
import { LatencySummary, round, summarize } from '../support/stats';
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

const ENDPOINTS = [
  { name: 'page', path: '/admin/quota/usage?sort=size:all&limit=50' },
  { name: 'page over', path: '/admin/quota/usage?sort=size:all&over=true&limit=50' },
  { name: 'page by repos asc', path: '/admin/quota/usage?sort=size:repos:all&order=asc&limit=50' },
  // The same number of items on both instances (10 of 10 000 and 10 of 11), so the page's own cost is compared, not its length.
  { name: 'page of 10', path: '/admin/quota/usage?sort=size:all&limit=10' },
  { name: 'total', path: '/admin/quota/usage/total' },
] as const;

interface Instance {
  server: BenchServer;
  token: string;
  owners: number;
  /** Seconds the refresh of every never-refreshed row took (the start-up pass after an upgrade). */
  refreshSeconds: number;
}

export interface OverviewEndpointFigures {
  endpoint: string;
  path: string;
  big: LatencySummary;
  small: LatencySummary;
  /** big / small. */
  ratio: { p50: number; p99: number };
}

export interface OverviewBenchResult {
  part: 'overview';
  engine: TestEngine;
  measuredAt: string;
  machine: { cpus: number; cpuModel: string; node: string };
  settings: typeof SETTINGS;
  owners: { big: number; small: number };
  refreshSeconds: { big: number; small: number };
  endpoints: OverviewEndpointFigures[];
  ratioGoal: number;
}

/** `BENCH_ONLY=overview`: the overview's pages and totals on an instance of 10 000 owners beside one of 10, on each engine. */
export const overviewBench: BenchPart = {
  name: 'overview',
  description: 'GET /admin/quota/usage (+ /total): 10 000 owners vs 10, SQLite and PostgreSQL',
  async run(context) {
    const rows: SummaryRow[] = [];
    for (const engine of await enginesToRun(context, 'overview')) {
      const result = await benchEngine(engine, context);
      context.saveFigures(`overview-${engine}`, result);
      context.log(formatTable(result));
      rows.push(...summaryRows(result));
    }
    return rows;
  },
};

async function benchEngine(engine: TestEngine, context: BenchContext): Promise<OverviewBenchResult> {
  context.log(`overview/${engine}: two servers, seeding ${SETTINGS.bigOwners} and ${SETTINGS.smallOwners} owners…`);
  const big = await instance(engine, SETTINGS.bigOwners);
  try {
    const small = await instance(engine, SETTINGS.smallOwners);
    try {
      context.log(`overview/${engine}: refresh of every row after seeding: ${big.refreshSeconds} s for ${big.owners} owners`);
      const endpoints: OverviewEndpointFigures[] = [];
      for (const endpoint of ENDPOINTS) {
        context.log(`overview/${engine}: measuring GET ${endpoint.path}`);
        endpoints.push(await measure(endpoint, big, small));
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

/** Both instances asked in turn (big, small, big…), so the same background noise falls on both. */
async function measure(endpoint: (typeof ENDPOINTS)[number], big: Instance, small: Instance): Promise<OverviewEndpointFigures> {
  const target = (i: Instance, label: string): Target => ({ label, url: `${i.server.apiUrl}${endpoint.path}`, token: i.token });
  const { samples } = await loadInWorker({
    kind: 'sequential',
    targets: [target(big, 'big'), target(small, 'small')],
    warmup: SETTINGS.warmup,
    requests: SETTINGS.sequential,
  });
  const bigSummary = summarize(samples.big);
  const smallSummary = summarize(samples.small);
  return {
    endpoint: endpoint.name,
    path: endpoint.path,
    big: bigSummary,
    small: smallSummary,
    ratio: { p50: round(bigSummary.p50 / smallSummary.p50, 2), p99: round(bigSummary.p99 / smallSummary.p99, 2) },
  };
}

function summaryRows(result: OverviewBenchResult): SummaryRow[] {
  return result.endpoints.flatMap((e) =>
    (['p50', 'p99'] as const).map((percentile) => ({
      what: `GET ${e.path}: ${percentile}, ${result.owners.big} owners vs ${result.owners.small}`,
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
  const header = ['endpoint', 'p50 big', 'p50 small', 'ratio', 'p99 big', 'p99 small', 'ratio'];
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const rows = result.endpoints.map((e) => [
    `GET ${e.path}`,
    ms(e.big.p50),
    ms(e.small.p50),
    `${e.ratio.p50.toFixed(2)}×`,
    ms(e.big.p99),
    ms(e.small.p99),
    `${e.ratio.p99.toFixed(2)}×`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [
    '',
    `overview bench on ${result.engine} (${result.machine.cpus} CPUs, Node ${result.machine.node}): ${result.owners.big} owners vs ${result.owners.small}`,
    `${result.settings.sequential} sequential requests per instance after ${result.settings.warmup} warm-up, the two taken in turn`,
    `refresh of every row (start-up pass): ${result.refreshSeconds.big} s for ${result.owners.big} owners`,
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    '',
  ].join('\n');
}
