import { performance } from 'perf_hooks';
import { TestEngine } from '@bellows/persistence-typeorm';
import { BenchContext, BenchPart, SummaryRow } from '../bench-part';
import { machine, onEachEngine } from '../support/engines';
import { numberFromEnv } from '../support/settings';
import { startBenchServer } from '../support/bench-server';
import { Target } from '../support/http-client';
import { loadInWorker } from '../support/load-worker';
import { LatencySummary, round, summarize } from '../support/stats';
import { FULL_SCALE, SeedScale, seedOwners, SeededOwner } from './seed-owners';
import { formatQuotaTable } from './quota-report';
import { verifyAnswers } from './verify-answers';

/** The goal of issue 3: the big owner's latency at most 1.5 times the small owner's. */
export const RATIO_GOAL = 1.5;

const ENDPOINTS = [
  { name: 'info', path: '/user/quota' },
  { name: 'check', path: '/user/quota/check?subject=size:all' },
] as const;

/** Knobs, from the environment so a quick run is possible while developing; the defaults are the figures. */
const SETTINGS = {
  warmup: numberFromEnv('BENCH_WARMUP', 100),
  sequential: numberFromEnv('BENCH_REQUESTS', 500),
  clients: numberFromEnv('BENCH_CLIENTS', 50),
  concurrentSeconds: numberFromEnv('BENCH_SECONDS', 5),
  concurrentMaxRequests: numberFromEnv('BENCH_MAX_REQUESTS', 50_000),
  /** Multiplies the big owner's object counts (1 = the figures). */
  scale: numberFromEnv('BENCH_SCALE', 1),
};

export interface EndpointFigures {
  endpoint: string;
  path: string;
  big: LatencySummary;
  small: LatencySummary;
  /** big / small. */
  ratio: { p50: number; p99: number };
  requestsPerSecond: { big: number; small: number };
}

export interface QuotaBenchResult {
  part: 'quota';
  engine: TestEngine;
  measuredAt: string;
  machine: { cpus: number; cpuModel: string; node: string };
  settings: typeof SETTINGS;
  seeded: { big: { objects: number } & SeedScale; small: { objects: number }; seedSeconds: number; ledgerRowsFixedByRecount: number };
  endpoints: EndpointFigures[];
  ratioGoal: number;
  withinGoal: boolean;
}

/** `npm run bench` → quota: GET /user/quota and /user/quota/check for a big and a small owner, on each engine. */
export const quotaBench: BenchPart = {
  name: 'quota',
  description: 'quota info and check: big owner vs small owner, SQLite and PostgreSQL',
  run: (context) =>
    onEachEngine(context, 'quota', (engine) => benchEngine(engine, context), { table: formatQuotaTable, rows: summaryRows }),
};

/** The issue-3 promise in the summary: the big owner's p50 and p99 against the small owner's. */
function summaryRows(result: QuotaBenchResult): SummaryRow[] {
  return result.endpoints.flatMap((e) =>
    (['p50', 'p99'] as const).map((percentile) => ({
      what: `GET ${e.path}: ${percentile}, owner with ${result.seeded.big.objects} objects vs ${result.seeded.small.objects}`,
      engine: result.engine,
      bellows: `${e.big[percentile].toFixed(2)} ms`,
      baseline: `${e.small[percentile].toFixed(2)} ms`,
      ratio: e.ratio[percentile],
      goal: `≤ ${RATIO_GOAL}×`,
      met: e.ratio[percentile] <= RATIO_GOAL,
    })),
  );
}

async function benchEngine(engine: TestEngine, context: BenchContext): Promise<QuotaBenchResult> {
  const scale = scaled(FULL_SCALE, SETTINGS.scale);
  context.log(
    `quota/${engine}: starting the server and seeding ${scale.attachments} attachments, ${scale.packageFiles} package files, ${scale.repositories} repositories…`,
  );
  const server = await startBenchServer(engine);
  try {
    const seedStarted = performance.now();
    const { big, small, ledgerRowsFixed } = await seedOwners(server.app.db, scale);
    const seedSeconds = round((performance.now() - seedStarted) / 1000, 1);
    context.log(
      `quota/${engine}: seeded in ${seedSeconds} s; the recount rewrote ${ledgerRowsFixed} ledger rows and then found none to fix`,
    );
    await verifyAnswers(server.apiUrl, big, small);
    const endpoints: EndpointFigures[] = [];
    for (const endpoint of ENDPOINTS) {
      context.log(`quota/${engine}: measuring GET ${endpoint.path}`);
      endpoints.push(await measureEndpoint(server.apiUrl, endpoint, big, small));
    }
    return {
      part: 'quota',
      engine,
      measuredAt: new Date().toISOString(),
      machine: machine(),
      settings: SETTINGS,
      seeded: {
        big: { objects: big.objects, ...scale },
        small: { objects: small.objects },
        seedSeconds,
        ledgerRowsFixedByRecount: ledgerRowsFixed,
      },
      endpoints,
      ratioGoal: RATIO_GOAL,
      withinGoal: endpoints.every((e) => e.ratio.p50 <= RATIO_GOAL && e.ratio.p99 <= RATIO_GOAL),
    };
  } finally {
    await server.close();
  }
}

async function measureEndpoint(
  apiUrl: string,
  endpoint: (typeof ENDPOINTS)[number],
  big: SeededOwner,
  small: SeededOwner,
): Promise<EndpointFigures> {
  const target = (owner: SeededOwner, label: string): Target => ({ label, url: `${apiUrl}${endpoint.path}`, token: owner.token });
  const bigTarget = target(big, 'big');
  const smallTarget = target(small, 'small');
  const sequential = await loadInWorker({
    kind: 'sequential',
    targets: [bigTarget, smallTarget],
    warmup: SETTINGS.warmup,
    requests: SETTINGS.sequential,
  });
  const throughput = (t: Target) =>
    loadInWorker({
      kind: 'concurrent',
      target: t,
      clients: SETTINGS.clients,
      maxRequests: SETTINGS.concurrentMaxRequests,
      maxSeconds: SETTINGS.concurrentSeconds,
    });
  const bigRps = await throughput(bigTarget);
  const smallRps = await throughput(smallTarget);
  const bigSummary = summarize(sequential.samples.big);
  const smallSummary = summarize(sequential.samples.small);
  return {
    endpoint: endpoint.name,
    path: endpoint.path,
    big: bigSummary,
    small: smallSummary,
    ratio: { p50: round(bigSummary.p50 / smallSummary.p50, 2), p99: round(bigSummary.p99 / smallSummary.p99, 2) },
    requestsPerSecond: { big: Math.round(bigRps.requestsPerSecond), small: Math.round(smallRps.requestsPerSecond) },
  };
}

function scaled(scale: SeedScale, factor: number): SeedScale {
  const times = (n: number) => Math.max(1, Math.round(n * factor));
  return { attachments: times(scale.attachments), packageFiles: times(scale.packageFiles), repositories: times(scale.repositories) };
}
