import { TestEngine } from '@bellows/persistence-typeorm';
import { BenchContext, BenchPart, SummaryRow } from '../bench-part';
import { createBenchUser } from '../support/bench-user';
import { BenchServer, startBenchServer } from '../support/bench-server';
import { machine, onEachEngine } from '../support/engines';
import { loadInWorker } from '../support/load-worker';
import { numberFromEnv } from '../support/settings';
import { LatencySummary, round, summarize } from '../support/stats';
import { QuotaSummaries } from '../../src/modules/quota-overview/quota-summaries';
import { seedOverviewOwners } from '../overview/seed-owners';

/** The request hook may cost at most 5 % of a cheap authenticated read. */
export const REQUEST_RATIO_GOAL = 1.05;
/** A scrape of an instance of 10 000 owners answers well inside Prometheus' default 10 s scrape timeout. */
export const SCRAPE_GOAL_MS = 1000;

const SETTINGS = {
  warmup: numberFromEnv('BENCH_WARMUP', 200),
  requests: numberFromEnv('BENCH_REQUESTS', 2000),
  scrapes: numberFromEnv('BENCH_METRICS_SCRAPES', 30),
  owners: numberFromEnv('BENCH_METRICS_OWNERS', 10_000),
};

export interface MetricsBenchResult {
  part: 'metrics';
  engine: TestEngine;
  measuredAt: string;
  machine: { cpus: number; cpuModel: string; node: string };
  settings: typeof SETTINGS;
  /** GET /api/v1/user on a server with metrics on beside one with them off, taken in turn. */
  request: { on: LatencySummary; off: LatencySummary; ratio: { p50: number; mean: number } };
  /** GET /metrics at `settings.owners` owners, without and with PER_OWNER_QUOTA. */
  scrape: { totals: LatencySummary; perOwner: LatencySummary; perOwnerBytes: number };
}

/** `BENCH_ONLY=metrics`: what the request hook costs, and what a scrape costs at 10 000 owners, on each engine. */
export const metricsBench: BenchPart = {
  name: 'metrics',
  description: 'metrics on vs off (GET /api/v1/user), and GET /metrics at 10 000 owners with and without PER_OWNER_QUOTA',
  run: (context) => onEachEngine(context, 'metrics', (engine) => benchEngine(engine, context), { table: formatTable, rows: summaryRows }),
};

async function benchEngine(engine: TestEngine, context: BenchContext): Promise<MetricsBenchResult> {
  context.log(`metrics/${engine}: request cost, metrics on vs off`);
  const request = await requestCost(engine);
  context.log(`metrics/${engine}: scrapes at ${SETTINGS.owners} owners`);
  const totals = await scrapeCost(engine, {});
  const perOwner = await scrapeCost(engine, { METRICS__PER_OWNER_QUOTA: 'true' });
  return {
    part: 'metrics',
    engine,
    measuredAt: new Date().toISOString(),
    machine: machine(),
    settings: SETTINGS,
    request,
    scrape: { totals: totals.latency, perOwner: perOwner.latency, perOwnerBytes: perOwner.bytes },
  };
}

/**
 * Both servers live in this process (the load runs in a worker thread), so
 * what prom-client watches process-wide (event loop delay, GC) weighs on
 * both alike: the ratio is the per-request hook's own cost.
 */
async function requestCost(engine: TestEngine): Promise<MetricsBenchResult['request']> {
  const off = await startBenchServer(engine);
  const on = await startBenchServer(engine, { METRICS__ENABLED: 'true' });
  try {
    const target = async (server: BenchServer, label: string) => {
      const { token } = await createBenchUser(server.app.db, `bench-metrics-${label}`, 'read:user');
      return { label, url: `${server.apiUrl}/user`, token };
    };
    const { samples } = await loadInWorker({
      kind: 'sequential',
      targets: [await target(off, 'off'), await target(on, 'on')],
      warmup: SETTINGS.warmup,
      requests: SETTINGS.requests,
    });
    const [offSummary, onSummary] = [summarize(samples.off), summarize(samples.on)];
    return {
      on: onSummary,
      off: offSummary,
      ratio: { p50: round(onSummary.p50 / offSummary.p50, 2), mean: round(onSummary.mean / offSummary.mean, 2) },
    };
  } finally {
    await on.close();
    await off.close();
  }
}

async function scrapeCost(engine: TestEngine, settings: Record<string, string>): Promise<{ latency: LatencySummary; bytes: number }> {
  const server = await startBenchServer(engine, { METRICS__ENABLED: 'true', ...settings });
  try {
    await seedOverviewOwners(server.app.db, SETTINGS.owners);
    await server.app.app.get(QuotaSummaries, { strict: false }).refreshNeverRefreshed();
    const url = `${server.app.url}metrics`;
    const bytes = (await (await fetch(url)).text()).length;
    const { samples } = await loadInWorker({
      kind: 'sequential',
      targets: [{ label: 'scrape', url, token: '' }],
      warmup: 3,
      requests: SETTINGS.scrapes,
    });
    return { latency: summarize(samples.scrape), bytes };
  } finally {
    await server.close();
  }
}

function summaryRows(result: MetricsBenchResult): SummaryRow[] {
  const { request, scrape } = result;
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  return [
    {
      // p50: on a shared machine the mean follows the other loads' tails (the table shows it too).
      what: 'GET /api/v1/user with [metrics] ENABLED vs off: p50',
      engine: result.engine,
      bellows: ms(request.on.p50),
      baseline: ms(request.off.p50),
      ratio: request.ratio.p50,
      goal: `≤ ${REQUEST_RATIO_GOAL}×`,
      met: request.ratio.p50 <= REQUEST_RATIO_GOAL,
    },
    ...(
      [
        ['GET /metrics', scrape.totals],
        ['GET /metrics, PER_OWNER_QUOTA', scrape.perOwner],
      ] as const
    ).map(([what, latency]) => ({
      what: `${what}: p50, ${result.settings.owners} owners`,
      engine: result.engine,
      bellows: ms(latency.p50),
      baseline: '-',
      ratio: null,
      goal: `< ${SCRAPE_GOAL_MS} ms`,
      met: latency.p50 < SCRAPE_GOAL_MS,
    })),
  ];
}

function formatTable(result: MetricsBenchResult): string {
  const { request, scrape } = result;
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  return [
    '',
    `metrics bench on ${result.engine} (${result.machine.cpus} CPUs, Node ${result.machine.node})`,
    `GET /api/v1/user, ${result.settings.requests} sequential requests each, the two servers in turn:`,
    `  metrics off: p50 ${ms(request.off.p50)}, mean ${ms(request.off.mean)}, p99 ${ms(request.off.p99)}`,
    `  metrics on:  p50 ${ms(request.on.p50)}, mean ${ms(request.on.mean)}, p99 ${ms(request.on.p99)}`,
    `  on ÷ off: p50 ${request.ratio.p50}×, mean ${request.ratio.mean}×`,
    `GET /metrics at ${result.settings.owners} owners, ${result.settings.scrapes} scrapes:`,
    `  totals only:     p50 ${ms(scrape.totals.p50)}, p99 ${ms(scrape.totals.p99)}`,
    `  PER_OWNER_QUOTA: p50 ${ms(scrape.perOwner.p50)}, p99 ${ms(scrape.perOwner.p99)} (${Math.round(scrape.perOwnerBytes / 1024)} KiB a scrape)`,
    '',
  ].join('\n');
}
