import { TestEngine } from '@bellows/persistence-typeorm';
import { BenchContext, BenchPart, SummaryRow } from '../bench-part';
import { enginesToRun, machine } from '../support/engines';
import { numberFromEnv } from '../support/settings';
import { CannonResult, cannonInChild } from '../support/autocannon-child';
import { startBenchServer } from '../support/bench-server';
import { grouped } from '../support/summary';
import { createBenchUser } from '../support/bench-user';
import { RecordedAnswer, startBareServer } from './bare-server';
import { startFastifyCeiling, startNestCeiling } from './framework-ceilings';

/** Issue 12's goals: quota answers ≥ 0.5× a bare node:http server, other typical reads ≥ 0.25×, p99 ≤ 5× the bare server's. */
const QUOTA_GOAL = 0.5;
const TYPICAL_GOAL = 0.25;
const P99_GOAL = 5;

const SETTINGS = {
  connections: numberFromEnv('BENCH_READ_CONNECTIONS', 50),
  seconds: numberFromEnv('BENCH_READ_SECONDS', 5),
  /** Each endpoint is measured this many times, bare and Bellows alternating; the best of each is kept. */
  rounds: numberFromEnv('BENCH_READ_ROUNDS', 2),
};

interface ReadEndpoint {
  path: string;
  goal: number;
  /** Also measure the frameworks' own ceiling on this path (see framework-ceilings.ts). */
  ceilings?: boolean;
}

export interface ReadFigures {
  path: string;
  bellows: CannonResult;
  bare: CannonResult;
  /** The same bytes from Fastify alone and from NestJS on Fastify, when measured. */
  fastify?: CannonResult;
  nest?: CannonResult;
  ratio: number;
  p99Ratio: number;
  goal: number;
}

/** `npm run bench` → reads: typical GETs with token auth under 50 connections, Bellows vs a bare node:http server. */
export const readsBench: BenchPart = {
  name: 'reads',
  description: 'typical reads with token auth, 50 connections: Bellows vs a bare node:http server answering the same bytes',
  async run(context) {
    const rows: SummaryRow[] = [];
    for (const engine of await enginesToRun(context, 'reads')) {
      const figures = await benchEngine(engine, context);
      const file = context.saveFigures(`reads-${engine}`, {
        part: 'reads',
        engine,
        measuredAt: new Date().toISOString(),
        machine: machine(),
        settings: SETTINGS,
        figures,
      });
      context.log(`figures written to ${file}`);
      rows.push(...figures.flatMap((f) => summaryRows(engine, f)));
    }
    return rows;
  },
};

async function benchEngine(engine: TestEngine, context: BenchContext): Promise<ReadFigures[]> {
  const server = await startBenchServer(engine);
  try {
    const owner = await createBenchUser(server.app.db, 'bench-reader', 'read:user,write:repository,write:issue');
    const endpoints = await seedRepository(server.apiUrl, owner.name, owner.token);
    const headers = { authorization: `token ${owner.token}`, accept: 'application/json' };
    const answers = await Promise.all(endpoints.map((e) => record(server.apiUrl, e.path, headers)));
    const bare = await startBareServer(answers);
    const ceilings = { fastify: await startFastifyCeiling(answers), nest: await startNestCeiling(answers) };
    try {
      const figures: ReadFigures[] = [];
      for (const endpoint of endpoints) {
        const bareRuns: CannonResult[] = [];
        const bellowsRuns: CannonResult[] = [];
        const fastifyRuns: CannonResult[] = [];
        const nestRuns: CannonResult[] = [];
        const recorded = answers[endpoints.indexOf(endpoint)];
        for (let round = 0; round < SETTINGS.rounds; round++) {
          bareRuns.push(await load(`${bare.url}${recorded.path}`, headers));
          if (endpoint.ceilings) {
            fastifyRuns.push(await load(`${ceilings.fastify.url}${recorded.path}`, headers));
            nestRuns.push(await load(`${ceilings.nest.url}${recorded.path}`, headers));
          }
          bellowsRuns.push(await load(`${server.apiUrl}${endpoint.path}`, headers));
        }
        const best = (runs: CannonResult[]) => runs.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
        const f = figuresOf(endpoint, best(bellowsRuns), best(bareRuns));
        if (endpoint.ceilings) Object.assign(f, { fastify: best(fastifyRuns), nest: best(nestRuns) });
        context.log(
          `reads/${engine}: GET ${endpoint.path}: ${grouped(f.bellows.requestsPerSecond)} req/s (p99 ${f.bellows.p99Ms} ms) vs bare ${grouped(f.bare.requestsPerSecond)} req/s (p99 ${f.bare.p99Ms} ms): ${f.ratio}×`,
        );
        figures.push(f);
      }
      return figures;
    } finally {
      await bare.close();
      await ceilings.fastify.close();
      await ceilings.nest.close();
    }
  } finally {
    await server.close();
  }
}

/** A repository with a few issues, created through the API as a user would; the endpoints to read. */
async function seedRepository(apiUrl: string, owner: string, token: string): Promise<ReadEndpoint[]> {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 201) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  };
  await post('/user/repos', { name: 'bench-repo', auto_init: false });
  for (let i = 1; i <= 10; i++) await post(`/repos/${owner}/bench-repo/issues`, { title: `issue ${i}`, body: `the body of issue ${i}` });
  return [
    { path: '/user/quota', goal: QUOTA_GOAL, ceilings: true },
    { path: '/user/quota/check?subject=size:all', goal: QUOTA_GOAL, ceilings: true },
    { path: '/user', goal: TYPICAL_GOAL },
    // The repository and its issue list answer bigger bodies (1.5 and 11 KiB): their own ceilings say what this runtime allows there.
    { path: `/repos/${owner}/bench-repo`, goal: TYPICAL_GOAL, ceilings: true },
    { path: `/repos/${owner}/bench-repo/issues`, goal: TYPICAL_GOAL, ceilings: true },
  ];
}

/** Bellows' answer to a path, which the bare server will replay. A read that fails spoils the bench. */
async function record(apiUrl: string, path: string, headers: Record<string, string>): Promise<RecordedAnswer> {
  const response = await fetch(`${apiUrl}${path}`, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${body.toString().slice(0, 200)}`);
  // The bare server is asked the very same path and query, so its routing matches Bellows'.
  const url = new URL(`${apiUrl}${path}`);
  return { path: `${url.pathname}${url.search}`, contentType: response.headers.get('content-type') ?? 'application/json', body };
}

async function load(url: string, headers: Record<string, string>): Promise<CannonResult> {
  const result = await cannonInChild({ url, headers, connections: SETTINGS.connections, seconds: SETTINGS.seconds });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`GET ${url} under load: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
  return result;
}

function figuresOf(endpoint: ReadEndpoint, bellows: CannonResult, bare: CannonResult): ReadFigures {
  const ratio = Math.round((bellows.requestsPerSecond / bare.requestsPerSecond) * 100) / 100;
  const p99Ratio = Math.round((Math.max(bellows.p99Ms, 1) / Math.max(bare.p99Ms, 1)) * 100) / 100;
  return { path: endpoint.path, bellows, bare, ratio, p99Ratio, goal: endpoint.goal };
}

function summaryRows(engine: string, f: ReadFigures): SummaryRow[] {
  const ceiling = (framework: string, result: CannonResult | undefined): SummaryRow[] =>
    result
      ? [
          {
            what: `  ceiling: ${framework} answering the same bytes, no work`,
            engine,
            bellows: `${grouped(result.requestsPerSecond)} req/s`,
            baseline: `${grouped(f.bare.requestsPerSecond)} req/s (bare node:http)`,
            ratio: Math.round((result.requestsPerSecond / f.bare.requestsPerSecond) * 100) / 100,
            goal: '(reference)',
            met: true,
          },
        ]
      : [];
  return [
    {
      what: `GET ${f.path}, ${SETTINGS.connections} connections`,
      engine,
      bellows: `${grouped(f.bellows.requestsPerSecond)} req/s`,
      baseline: `${grouped(f.bare.requestsPerSecond)} req/s (bare node:http)`,
      ratio: f.ratio,
      goal: `≥ ${f.goal}×`,
      met: f.ratio >= f.goal,
    },
    {
      what: `GET ${f.path}: p99 under load`,
      engine,
      bellows: `${f.bellows.p99Ms} ms`,
      baseline: `${f.bare.p99Ms} ms (bare node:http)`,
      ratio: f.p99Ratio,
      goal: `≤ ${P99_GOAL}×`,
      met: f.p99Ratio <= P99_GOAL,
    },
    ...ceiling('Fastify alone', f.fastify),
    ...ceiling('NestJS on Fastify, one controller', f.nest),
  ];
}
