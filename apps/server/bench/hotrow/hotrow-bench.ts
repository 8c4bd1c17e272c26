import { ChildProcess, fork } from 'child_process';
import { randomBytes } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { Agent, request } from 'http';
import { tmpdir } from 'os';
import { join } from 'path';
import { performance } from 'perf_hooks';
import { Client } from 'pg';
import { createTestDatabase, Database, TestDatabase } from '@bellows/persistence-typeorm';
import { BenchContext, BenchPart } from '../bench-part';
import { answersOnTcp, postgresHostPort } from '../support/bench-server';
import { machine } from '../support/engines';
import { stopChild } from '../support/process-stats';
import { numberFromEnv } from '../support/settings';
import { grouped } from '../support/summary';
import type { HotrowInstanceInfo, HotrowRecountAnswer } from './hotrow-server-child';
import { nextMessage, ask } from '../support/child-messages';

/** Issue 15's goal: one owner's uploads at least this share of as many uploads spread over as many owners. */
export const HOTROW_GOAL = 0.8;

/** Knobs, from the environment so a quick run is possible while developing; the defaults are the figures. */
const SETTINGS = {
  uploaders: numberFromEnv('BENCH_HOTROW_UPLOADERS', 64),
  instances: numberFromEnv('BENCH_HOTROW_INSTANCES', 2),
  /** Seconds per round; the two shapes alternate, `rounds` times each, so drift of the machine hits both alike. */
  seconds: numberFromEnv('BENCH_HOTROW_SECONDS', 4),
  rounds: numberFromEnv('BENCH_HOTROW_ROUNDS', 6),
  /** Seconds of each shape before the rounds, not counted: warms both instances up and creates every package. */
  warmupSeconds: numberFromEnv('BENCH_HOTROW_WARMUP_SECONDS', 2),
  fileBytes: numberFromEnv('BENCH_HOTROW_FILE_BYTES', 4096),
};

type Shape = 'one-owner' | 'many-owners';

interface ShapeFigures {
  shape: Shape;
  uploads: number;
  seconds: number;
  uploadsPerSecond: number;
  /** Per round, in the order they ran. */
  rounds: number[];
  /**
   * How many of the database's sessions were waiting for a lock (PostgreSQL's
   * `wait_event_type = 'Lock'`, sampled every 20 ms), on average over the
   * shape's rounds: transactions queueing on a row another one holds.
   */
  lockWaiters: number;
  statuses: Record<string, number>;
}

export interface HotrowBenchResult {
  part: 'hotrow';
  engine: 'postgres';
  measuredAt: string;
  machine: { cpus: number; cpuModel: string; node: string };
  settings: typeof SETTINGS;
  oneOwner: ShapeFigures;
  manyOwners: ShapeFigures;
  ratio: number;
  /**
   * The same two shapes without HTTP: the recording transaction of an upload
   * (the package store's addFile: the version held, the file row, the ledger)
   * from as many callers over two Database pools, as two instances have. Far
   * less CPU per write than an upload, so it shows the row's queue even on a
   * machine whose cores are busy.
   */
  recording: { oneOwner: ShapeFigures; manyOwners: ShapeFigures; ratio: number };
  checks: string[];
}

/**
 * `npm run bench` → hotrow: small generic package files uploaded by 64
 * clients spread over two `bellows web` processes on one PostgreSQL database
 * and one data folder; all into one organization, against each into its own
 * organization. Every upload adds to its owner's usage ledger in the upload's
 * transaction, so this shows whether one owner's writes queue behind each
 * other on the ledger. Both shapes are otherwise alike: the same users and
 * tokens, each uploader its own package (its version locked by it alone),
 * fresh bytes in every file.
 */
export const hotrowBench: BenchPart = {
  name: 'hotrow',
  description: "one owner's uploads against many owners' (64 uploaders, two instances, PostgreSQL): the ledger's hot row",
  async run(context) {
    if (!(await answersOnTcp(postgresHostPort()))) {
      context.log(`hotrow skipped: nothing answers on ${postgresHostPort()} (it measures PostgreSQL only)`);
      return [];
    }
    const result = await bench(context);
    const file = context.saveFigures('hotrow-postgres', result);
    context.log(`figures written to ${file}`);
    return [
      {
        what: `4 KiB package uploads, ${SETTINGS.uploaders} uploaders over ${SETTINGS.instances} instances: one organization vs. one organization each`,
        engine: 'postgres',
        bellows: `${grouped(result.oneOwner.uploadsPerSecond)} uploads/s`,
        baseline: `${grouped(result.manyOwners.uploadsPerSecond)} uploads/s`,
        ratio: result.ratio,
        goal: `≥ ${HOTROW_GOAL}×`,
        met: result.ratio >= HOTROW_GOAL,
      },
      {
        what: `recording transactions (package file + ledger), ${SETTINGS.uploaders} callers over 2 pools: one organization vs. one organization each`,
        engine: 'postgres',
        bellows: `${grouped(result.recording.oneOwner.uploadsPerSecond)} tx/s`,
        baseline: `${grouped(result.recording.manyOwners.uploadsPerSecond)} tx/s`,
        ratio: result.recording.ratio,
        goal: `≥ ${HOTROW_GOAL}×`,
        met: result.recording.ratio >= HOTROW_GOAL,
      },
    ];
  },
};

async function bench(context: BenchContext): Promise<HotrowBenchResult> {
  const database: TestDatabase = await createTestDatabase('postgres');
  const dataDir = mkdtempSync(join(tmpdir(), 'bellows-bench-hotrow-'));
  const instances: ChildProcess[] = [];
  try {
    const env = {
      ...process.env,
      BENCH_HOTROW_CONFIG: join(dataDir, 'app.ini'),
      BELLOWS__SERVER__HTTP_ADDR: '127.0.0.1',
      BELLOWS__SERVER__HTTP_PORT: '0',
      BELLOWS__SERVER__APP_DATA_PATH: dataDir,
      BELLOWS__DATABASE__DB_TYPE: 'postgres',
      BELLOWS__DATABASE__HOST: database.options.host,
      BELLOWS__DATABASE__NAME: database.options.name,
      BELLOWS__DATABASE__USER: database.options.user,
    };
    // One after the other: the first migrates the database and makes the users.
    const infos: HotrowInstanceInfo[] = [];
    for (let i = 0; i < SETTINGS.instances; i++) {
      const child = fork(join(__dirname, 'hotrow-server-child.js'), [], {
        env: { ...env, BENCH_HOTROW_USERS: i === 0 ? String(SETTINGS.uploaders) : '0' },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      instances.push(child);
      infos.push(await nextMessage<HotrowInstanceInfo>(child));
    }
    const users = infos[0].users;
    const urls = infos.map((info) => info.url);
    context.log(`-- hotrow on postgres: ${users.length} uploaders over ${urls.length} instances (${urls.join(', ')})`);
    // Organizations on both sides, so that who may publish is decided the same way (an owner of the organization).
    const org = await makeOrganization(urls[0], 'hot-org', users);
    const orgs: string[] = [];
    for (const user of users) orgs.push(await makeOrganization(urls[0], `${user.name}-org`, [user]));
    const agent = new Agent({ keepAlive: true, maxSockets: SETTINGS.uploaders });
    const figures: Record<Shape, ShapeFigures> = {
      'one-owner': { shape: 'one-owner', uploads: 0, seconds: 0, uploadsPerSecond: 0, rounds: [], lockWaiters: 0, statuses: {} },
      'many-owners': { shape: 'many-owners', uploads: 0, seconds: 0, uploadsPerSecond: 0, rounds: [], lockWaiters: 0, statuses: {} },
    };
    const ownerOf: Record<Shape, (i: number) => string> = { 'one-owner': () => org, 'many-owners': (i) => orgs[i] };
    const waiters = await LockWaiters.watch(database.options.name);
    const samples: Record<Shape, number[]> = { 'one-owner': [], 'many-owners': [] };
    try {
      for (const shape of ['one-owner', 'many-owners'] as Shape[]) {
        const warm = await uploadRound(agent, urls, users, ownerOf[shape], 'warm-up', SETTINGS.warmupSeconds);
        if (warm.firstFailure) throw new Error(`${shape} warm-up: not every upload answered 201; first: ${warm.firstFailure}`);
      }
      for (let round = 0; round < SETTINGS.rounds; round++) {
        // The order flips each round, so neither shape always runs on a warmer (or more loaded) machine.
        const order: Shape[] = round % 2 === 0 ? ['one-owner', 'many-owners'] : ['many-owners', 'one-owner'];
        for (const shape of order) {
          waiters.samples = samples[shape];
          const measured = await uploadRound(agent, urls, users, ownerOf[shape], `1.0.${round}`, SETTINGS.seconds);
          waiters.samples = null;
          const f = figures[shape];
          f.uploads += measured.uploads;
          f.seconds += measured.seconds;
          f.rounds.push(measured.uploads / measured.seconds);
          for (const [status, n] of Object.entries(measured.statuses)) f.statuses[status] = (f.statuses[status] ?? 0) + n;
          context.log(
            `   round ${round + 1} ${shape}: ${grouped(measured.uploads / measured.seconds)} uploads/s (${measured.uploads} in ${measured.seconds.toFixed(1)} s) statuses ${JSON.stringify(measured.statuses)}`,
          );
          if (measured.firstFailure) throw new Error(`${shape}: not every upload answered 201; first: ${measured.firstFailure}`);
        }
      }
    } finally {
      agent.destroy();
      await waiters.stop();
    }
    for (const f of Object.values(figures)) {
      f.uploadsPerSecond = f.uploads / f.seconds;
      f.lockWaiters = samples[f.shape].reduce((sum, n) => sum + n, 0) / Math.max(samples[f.shape].length, 1);
    }
    const recording = await measureRecording(context, database, org, orgs, users.length);
    const checks: string[] = [];
    const { differences } = await ask<HotrowRecountAnswer>(instances[0], 'recount');
    if (differences.length) throw new Error(`the usage ledger does not equal a recount after the run: ${JSON.stringify(differences)}`);
    checks.push('usage ledger equals a recount');
    const ratio = figures['one-owner'].uploadsPerSecond / figures['many-owners'].uploadsPerSecond;
    context.log(
      `   one organization ${grouped(figures['one-owner'].uploadsPerSecond)} uploads/s, one organization each ${grouped(figures['many-owners'].uploadsPerSecond)} uploads/s: ${ratio.toFixed(2)}×; ` +
        `sessions waiting for a lock, on average: ${figures['one-owner'].lockWaiters.toFixed(2)} against ${figures['many-owners'].lockWaiters.toFixed(2)}`,
    );
    return {
      part: 'hotrow',
      engine: 'postgres',
      measuredAt: new Date().toISOString(),
      machine: machine(),
      settings: SETTINGS,
      oneOwner: figures['one-owner'],
      manyOwners: figures['many-owners'],
      ratio,
      recording,
      checks,
    };
  } finally {
    for (const child of instances) await stopChild(child);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The recording transactions alone: each caller adds files (one shared blob,
 * a new name each time) to a version of its own package, of the one
 * organization or of its own, through two Database objects on the bench's
 * database (two pools, as two instances have), shapes alternating as above.
 */
async function measureRecording(
  context: BenchContext,
  database: TestDatabase,
  org: string,
  orgs: string[],
  callers: number,
): Promise<HotrowBenchResult['recording']> {
  const pools = [await Database.open(database.options), await Database.open(database.options)];
  const waiters = await LockWaiters.watch(database.options.name);
  try {
    const db = pools[0];
    const blob = await db.packages.putBlob(randomBytes(32).toString('hex'), SETTINGS.fileBytes);
    const versionsOf = async (owners: string[]) => {
      const versions: number[] = [];
      for (const [i, name] of owners.entries()) {
        const owner = await db.owners.findByName(name);
        const pkg = await db.packages.createPackage({ ownerId: owner!.id, type: 'generic', name: `recorded-${i + 1}` });
        versions.push((await db.packages.createVersion(pkg.id, '1.0.0')).id);
      }
      return versions;
    };
    const versions: Record<Shape, number[]> = {
      'one-owner': await versionsOf(Array.from({ length: callers }, () => org)),
      'many-owners': await versionsOf(orgs),
    };
    const figures: Record<Shape, ShapeFigures> = {
      'one-owner': { shape: 'one-owner', uploads: 0, seconds: 0, uploadsPerSecond: 0, rounds: [], lockWaiters: 0, statuses: {} },
      'many-owners': { shape: 'many-owners', uploads: 0, seconds: 0, uploadsPerSecond: 0, rounds: [], lockWaiters: 0, statuses: {} },
    };
    const samples: Record<Shape, number[]> = { 'one-owner': [], 'many-owners': [] };
    let file = 0;
    for (let round = 0; round < SETTINGS.rounds; round++) {
      const order: Shape[] = round % 2 === 0 ? ['one-owner', 'many-owners'] : ['many-owners', 'one-owner'];
      for (const shape of order) {
        waiters.samples = samples[shape];
        const started = performance.now();
        const deadline = started + SETTINGS.seconds * 1000;
        let done = 0;
        await Promise.all(
          versions[shape].map(async (versionId, i) => {
            while (performance.now() < deadline) {
              await pools[i % pools.length].packages.addFile(versionId, blob.id, `f-${++file}.bin`);
              done++;
            }
          }),
        );
        const seconds = (performance.now() - started) / 1000;
        waiters.samples = null;
        const f = figures[shape];
        f.uploads += done;
        f.seconds += seconds;
        f.rounds.push(done / seconds);
        context.log(`   recording round ${round + 1} ${shape}: ${grouped(done / seconds)} tx/s (${done} in ${seconds.toFixed(1)} s)`);
      }
    }
    for (const f of Object.values(figures)) {
      f.uploadsPerSecond = f.uploads / f.seconds;
      f.lockWaiters = samples[f.shape].reduce((sum, n) => sum + n, 0) / Math.max(samples[f.shape].length, 1);
    }
    const ratio = figures['one-owner'].uploadsPerSecond / figures['many-owners'].uploadsPerSecond;
    context.log(
      `   recording: one organization ${grouped(figures['one-owner'].uploadsPerSecond)} tx/s, one organization each ${grouped(figures['many-owners'].uploadsPerSecond)} tx/s: ${ratio.toFixed(2)}×; ` +
        `sessions waiting for a lock, on average: ${figures['one-owner'].lockWaiters.toFixed(2)} against ${figures['many-owners'].lockWaiters.toFixed(2)}`,
    );
    return { oneOwner: figures['one-owner'], manyOwners: figures['many-owners'], ratio };
  } finally {
    await waiters.stop();
    for (const pool of pools) await pool.close();
  }
}

/** An organization the first user makes, with every other user in its Owners team: all may publish its packages. */
async function makeOrganization(url: string, name: string, users: HotrowInstanceInfo['users']): Promise<string> {
  const [first, ...others] = users;
  await call(url, 'POST', 'api/v1/orgs', first.token, { username: name }, 201);
  const teams = JSON.parse(await call(url, 'GET', `api/v1/orgs/${name}/teams`, first.token, undefined, 200)) as {
    id: number;
    name: string;
  }[];
  const owners = teams.find((team) => team.name === 'Owners');
  if (!owners) throw new Error(`organization ${name} has no Owners team`);
  for (const user of others) await call(url, 'PUT', `api/v1/teams/${owners.id}/members/${user.name}`, first.token, undefined, 204);
  return name;
}

interface RoundResult {
  uploads: number;
  seconds: number;
  statuses: Record<string, number>;
  firstFailure: string | null;
}

/**
 * One round: every uploader puts files into version `version` of its own
 * generic package of the owner `ownerOf(i)`, one after the other, for
 * `seconds`; uploader i talks to instance i mod n, as a proxy spreading
 * clients would.
 */
async function uploadRound(
  agent: Agent,
  urls: string[],
  users: HotrowInstanceInfo['users'],
  ownerOf: (i: number) => string,
  version: string,
  seconds: number,
): Promise<RoundResult> {
  const result: RoundResult = { uploads: 0, seconds: 0, statuses: {}, firstFailure: null };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const uploader = async (i: number) => {
    const url = urls[i % urls.length];
    const pkg = `pkg-${i + 1}`;
    for (let n = 0; performance.now() < deadline; n++) {
      const path = `api/packages/${ownerOf(i)}/generic/${pkg}/${version}/file-${n}.bin`;
      const { status, text } = await send(agent, url, 'PUT', path, users[i].token, randomBytes(SETTINGS.fileBytes));
      result.statuses[status] = (result.statuses[status] ?? 0) + 1;
      if (status === 201) result.uploads++;
      else result.firstFailure ??= `${status} ${path}: ${text.slice(0, 300)}`;
    }
  };
  await Promise.all(users.map((_, i) => uploader(i)));
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

function send(
  agent: Agent | undefined,
  base: string,
  method: string,
  path: string,
  token: string,
  body?: Buffer,
  contentType = 'application/octet-stream',
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, base),
      {
        method,
        agent,
        headers: {
          authorization: `token ${token}`,
          accept: 'application/json',
          ...(body ? { 'content-type': contentType, 'content-length': body.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A set-up call that must answer `expected`; its body. */
async function call(base: string, method: string, path: string, token: string, json: unknown, expected: number): Promise<string> {
  const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
  const { status, text } = await send(undefined, base, method, path, token, body, 'application/json');
  if (status !== expected) throw new Error(`${method} ${path} answered ${status}, not ${expected}: ${text.slice(0, 300)}`);
  return text;
}

/**
 * Counts, every 20 ms while `samples` is set, the database's sessions that
 * wait for a lock, on a connection of its own (as the throw-away databases are
 * made: BELLOWS_TEST_PG_HOST, BELLOWS_TEST_PG_USER).
 */
class LockWaiters {
  samples: number[] | null = null;
  private stopped = false;
  private readonly done: Promise<void>;

  private constructor(
    private readonly client: Client,
    private readonly database: string,
  ) {
    this.done = this.loop();
  }

  static async watch(database: string): Promise<LockWaiters> {
    const [host, port] = postgresHostPort().split(':');
    const client = new Client({ host, port: Number(port || 5432), user: process.env.BELLOWS_TEST_PG_USER ?? 'postgres', database });
    await client.connect();
    return new LockWaiters(client, database);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.done;
    await this.client.end();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      if (this.samples) {
        const { rows } = await this.client.query<{ n: string }>(
          "SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'",
          [this.database],
        );
        this.samples?.push(Number(rows[0].n));
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
