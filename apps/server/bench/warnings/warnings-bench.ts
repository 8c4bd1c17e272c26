import { ChildProcess, fork } from 'child_process';
import { randomBytes } from 'crypto';
import { Agent, request } from 'http';
import { join } from 'path';
import { performance } from 'perf_hooks';
import { BenchContext, BenchPart, SummaryRow } from '../bench-part';
import { enginesToRun, machine } from '../support/engines';
import { stopChild } from '../support/process-stats';
import { numberFromEnv } from '../support/settings';
import { grouped } from '../support/summary';
import type { WarningsServerInfo, WarningsSettled } from './warnings-server-child';
import { nextMessage, ask } from '../support/child-messages';

/** Issue 16's goal: uploads with warnings on keep at least this share of the throughput with them off. */
export const WARNINGS_GOAL = 0.9;

const SETTINGS = {
  uploaders: numberFromEnv('BENCH_WARNINGS_UPLOADERS', 16),
  /** Seconds per round; the two servers alternate, `rounds` times each, so drift of the machine hits both alike. */
  seconds: numberFromEnv('BENCH_WARNINGS_SECONDS', 4),
  rounds: numberFromEnv('BENCH_WARNINGS_ROUNDS', 6),
  warmupSeconds: numberFromEnv('BENCH_WARNINGS_WARMUP_SECONDS', 2),
  fileBytes: numberFromEnv('BENCH_WARNINGS_FILE_BYTES', 4096),
};

/**
 * `on` and `off` as described below; `before` (only with BENCH_WARNINGS_BEFORE_CHILD, the
 * compiled warnings-server-child.js of a build of the code before the outbox, commit
 * 91173f9, with the worker's parts left out): what the outbox itself costs.
 */
type Side = 'on' | 'off' | 'before';

const BEFORE_CHILD = process.env.BENCH_WARNINGS_BEFORE_CHILD;

interface SideFigures {
  side: Side;
  warnAt: string;
  uploads: number;
  seconds: number;
  uploadsPerSecond: number;
  rounds: number[];
  /** Quota events recorded (none expected: the uploads never near the rule's limit) and outbox rows left once drained (0). */
  settled: WarningsSettled;
}

export interface WarningsBenchResult {
  part: 'warnings';
  engine: string;
  measuredAt: string;
  machine: { cpus: number; cpuModel: string; node: string };
  settings: typeof SETTINGS;
  on: SideFigures;
  off: SideFigures;
  ratio: number;
  /** With BENCH_WARNINGS_BEFORE_CHILD: the code before the outbox, and off ÷ before. */
  before?: SideFigures;
  outboxRatio?: number;
}

/**
 * `npm run bench` → warnings: small generic package uploads (each one a
 * usage change: an outbox row, then the worker's evaluation of the owner)
 * against a server with `[quota] WARN_AT` at its default (80,90,100; every
 * uploader in a group with a limit the uploads never come near, so no
 * threshold is crossed and every upload is evaluated for nothing) and against
 * one with WARN_AT empty (warnings off: the outbox is still written and
 * drained for the overview, no evaluation). Two servers in processes of their
 * own, on throw-away databases of the same engine, loaded in alternating
 * rounds.
 */
export const warningsBench: BenchPart = {
  name: 'warnings',
  description: `${SETTINGS.fileBytes / 1024} KiB package uploads with quota warnings on (WARN_AT 80,90,100) vs off (WARN_AT empty)`,
  async run(context) {
    const rows: SummaryRow[] = [];
    for (const engine of await enginesToRun(context, 'warnings')) {
      const result = await benchEngine(context, engine);
      const out = context.saveFigures(`warnings-${engine}`, result);
      context.log(`figures written to ${out}`);
      rows.push({
        what: `${SETTINGS.fileBytes / 1024} KiB package uploads, ${SETTINGS.uploaders} uploaders: quota warnings on vs off`,
        engine,
        bellows: `${grouped(result.on.uploadsPerSecond)} uploads/s`,
        baseline: `${grouped(result.off.uploadsPerSecond)} uploads/s`,
        ratio: result.ratio,
        goal: `≥ ${WARNINGS_GOAL}×`,
        met: result.ratio >= WARNINGS_GOAL,
      });
      if (result.before && result.outboxRatio !== undefined) {
        rows.push({
          what: `${SETTINGS.fileBytes / 1024} KiB package uploads, ${SETTINGS.uploaders} uploaders: warnings off (the outbox written and drained) vs the code before the outbox (91173f9)`,
          engine,
          bellows: `${grouped(result.off.uploadsPerSecond)} uploads/s`,
          baseline: `${grouped(result.before.uploadsPerSecond)} uploads/s`,
          ratio: result.outboxRatio,
          goal: `≥ ${WARNINGS_GOAL}×`,
          met: result.outboxRatio >= WARNINGS_GOAL,
        });
      }
    }
    return rows;
  },
};

async function benchEngine(context: BenchContext, engine: string): Promise<WarningsBenchResult> {
  const sides: Side[] = BEFORE_CHILD ? ['on', 'off', 'before'] : ['on', 'off'];
  const children: Record<Side, ChildProcess | undefined> = { on: undefined, off: undefined, before: undefined };
  const warnAt: Record<Side, string> = { on: '80,90,100', off: '', before: '(none: no warnings yet)' };
  try {
    const infos = {} as Record<Side, WarningsServerInfo>;
    for (const side of sides) {
      const child = fork(side === 'before' ? BEFORE_CHILD! : join(__dirname, 'warnings-server-child.js'), [], {
        env: {
          ...process.env,
          BENCH_WARNINGS_ENGINE: engine,
          BENCH_WARNINGS_WARN_AT: warnAt[side],
          BENCH_WARNINGS_USERS: String(SETTINGS.uploaders),
        },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children[side] = child;
      infos[side] = await nextMessage<WarningsServerInfo>(child);
    }
    context.log(`-- warnings on ${engine}: ${SETTINGS.uploaders} uploaders; on ${infos.on.url}, off ${infos.off.url}`);
    const agent = new Agent({ keepAlive: true, maxSockets: SETTINGS.uploaders * 2 });
    const figures = Object.fromEntries(
      sides.map((side) => [side, { side, warnAt: warnAt[side], uploads: 0, seconds: 0, uploadsPerSecond: 0, rounds: [] as number[] }]),
    ) as Record<Side, Omit<SideFigures, 'settled'>>;
    try {
      for (const side of sides) {
        const warm = await uploadRound(agent, infos[side], 'warm-up', SETTINGS.warmupSeconds);
        if (warm.firstFailure) throw new Error(`${side} warm-up: ${warm.firstFailure}`);
        await ask<WarningsSettled>(children[side]!, 'settle');
      }
      for (let round = 0; round < SETTINGS.rounds; round++) {
        // Every rotation, forwards then backwards: each side runs in each place, and after each other side, equally often.
        const order: Side[] = sides.map((_, i) => sides[(i + round) % sides.length]);
        if (Math.floor(round / sides.length) % 2 === 1) order.reverse();
        for (const side of order) {
          const measured = await uploadRound(agent, infos[side], `1.0.${round}`, SETTINGS.seconds);
          if (measured.firstFailure) throw new Error(`${side}: ${measured.firstFailure}`);
          // The worker's backlog counts too: the round ends when the server has evaluated what it took.
          await ask<WarningsSettled>(children[side]!, 'settle');
          const seconds = (performance.now() - measured.started) / 1000;
          const f = figures[side];
          f.uploads += measured.uploads;
          f.seconds += seconds;
          f.rounds.push(measured.uploads / seconds);
          context.log(
            `   round ${round + 1} warnings ${side}: ${grouped(measured.uploads / seconds)} uploads/s (${measured.uploads} in ${seconds.toFixed(1)} s, outbox drained)`,
          );
        }
      }
    } finally {
      agent.destroy();
    }
    const settled = {
      on: await ask<WarningsSettled>(children.on!, 'settle'),
      off: await ask<WarningsSettled>(children.off!, 'settle'),
    };
    if (settled.on.events > 0 || settled.off.events > 0) throw new Error(`quota events were recorded: ${JSON.stringify(settled)}`);
    const on: SideFigures = { ...figures.on, uploadsPerSecond: figures.on.uploads / figures.on.seconds, settled: settled.on };
    const off: SideFigures = { ...figures.off, uploadsPerSecond: figures.off.uploads / figures.off.seconds, settled: settled.off };
    const ratio = on.uploadsPerSecond / off.uploadsPerSecond;
    context.log(
      `   warnings on ${grouped(on.uploadsPerSecond)} uploads/s, off ${grouped(off.uploadsPerSecond)} uploads/s: ${ratio.toFixed(2)}×`,
    );
    const result: WarningsBenchResult = {
      part: 'warnings',
      engine,
      measuredAt: new Date().toISOString(),
      machine: machine(),
      settings: SETTINGS,
      on,
      off,
      ratio,
    };
    if (BEFORE_CHILD) {
      const before = {
        ...figures.before,
        uploadsPerSecond: figures.before.uploads / figures.before.seconds,
        settled: await ask<WarningsSettled>(children.before!, 'settle'),
      };
      result.before = before;
      result.outboxRatio = off.uploadsPerSecond / before.uploadsPerSecond;
      context.log(
        `   before the outbox ${grouped(before.uploadsPerSecond)} uploads/s: warnings off ÷ before ${result.outboxRatio.toFixed(2)}×`,
      );
    }
    return result;
  } finally {
    for (const child of Object.values(children)) if (child) await stopChild(child);
  }
}

interface RoundResult {
  uploads: number;
  started: number;
  firstFailure: string | null;
}

async function uploadRound(agent: Agent, server: WarningsServerInfo, version: string, seconds: number): Promise<RoundResult> {
  const result: RoundResult = { uploads: 0, started: performance.now(), firstFailure: null };
  const deadline = result.started + seconds * 1000;
  await Promise.all(
    server.users.map(async (user) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const path = `api/packages/${user.name}/generic/pkg/${version}/file-${n}.bin`;
        const { status, text } = await put(agent, server.url, path, user.token, randomBytes(SETTINGS.fileBytes));
        if (status === 201) result.uploads++;
        else result.firstFailure ??= `${status} ${path}: ${text.slice(0, 300)}`;
      }
    }),
  );
  return result;
}

function put(agent: Agent, base: string, path: string, token: string, body: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, base),
      {
        method: 'PUT',
        agent,
        headers: { authorization: `token ${token}`, 'content-type': 'application/octet-stream', 'content-length': body.length },
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
