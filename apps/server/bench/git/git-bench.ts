import { ChildProcess, fork, spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { performance } from 'perf_hooks';
import { BenchContext, BenchPart, SummaryRow } from '../bench-part';
import { enginesToRun, machine } from '../support/engines';
import { MemorySampler, readCpuSeconds, readRssKiB, stopChild } from '../support/process-stats';
import { numberFromEnv } from '../support/settings';
import { round } from '../support/stats';
import type { GitBenchServerInfo } from './git-server-child';

const MiB = 1024 * 1024;

/** Knobs from the environment for quick runs; the defaults are the issue's figures. */
const SETTINGS = {
  /** Size of the repository's content: random (incompressible) files of 1 MiB. */
  megabytes: numberFromEnv('BENCH_GIT_MIB', 100),
  /** Each measurement is taken this many times; the median is reported. */
  runs: numberFromEnv('BENCH_GIT_RUNS', 3),
};

/** The operations timed, each over the server and over the local path. */
type Operation = 'push' | 'clone' | 'cloneBare';
const OPERATIONS: readonly Operation[] = ['push', 'clone', 'cloneBare'];

/** What each operation is, over the server and locally (the issue's exact comparison for the bare clone). */
const DESCRIPTIONS: Record<Operation, { server: string; local: string }> = {
  push: { server: 'git push', local: 'git push file://' },
  clone: { server: 'git clone', local: 'git clone file://' },
  cloneBare: { server: 'git clone --bare', local: 'git clone --no-local --bare <path>' },
};

type Seconds = Record<Operation, number>;

export interface GitBenchEngineResult {
  engine: string;
  /** Median seconds over the runs. */
  server: Seconds;
  local: Seconds;
  /** server / local (1 = as fast as git over the local path): the median of the runs' ratios. */
  ratio: Seconds;
  /**
   * The server process (git's own processes excluded), MiB: resident memory when idle before the
   * first push, and the largest growth over the resident memory just before an operation, seen
   * while pushes and clones ran. Packs stream through, so the growth stays far below their size.
   */
  serverMemory: { idleRssMiB: number; pushGrowthMiB: number; cloneGrowthMiB: number };
  /**
   * CPU seconds the server process (git's processes excluded) spent on one push and on one clone
   * (median): what the transport costs on cores that git and its client share. Unlike the times,
   * it hardly depends on what else the machine runs.
   */
  serverCpuSeconds: { push: number; clone: number };
}

export interface GitBenchResult {
  part: 'git';
  measuredAt: string;
  machine: { cpus: number; cpuModel: string; node: string };
  settings: typeof SETTINGS;
  engines: GitBenchEngineResult[];
}

/**
 * `npm run bench` → git: push and clone of a repository of BENCH_GIT_MIB MiB
 * through the server (smart HTTP, token over Basic) against the same
 * operations by git over the local path (`file://` and `--no-local`, which run
 * the same pack protocol and the same upload-pack, without HTTP), on each
 * engine. The source repository is packed, as a developer's usually is, so
 * that a push times the transport rather than git's delta search. The server
 * runs in a child process whose resident memory is sampled from /proc during
 * each push and clone.
 */
export const gitBench: BenchPart = {
  name: 'git',
  description: `git push and clone of a ${SETTINGS.megabytes} MiB repository: our server vs git over the local path, and the server's memory`,
  async run(context) {
    const work = mkdtempSync(join(tmpdir(), 'bellows-git-bench-'));
    const git = new GitRunner(join(work, 'home'));
    try {
      context.log(`git: writing a ${SETTINGS.megabytes} MiB repository of random files…`);
      const source = await makeSourceRepository(git, join(work, 'source'), SETTINGS.megabytes);
      const engines: GitBenchEngineResult[] = [];
      for (const engine of await enginesToRun(context, 'git')) engines.push(await measureEngine(context, git, work, source, engine));
      const result: GitBenchResult = {
        part: 'git',
        measuredAt: new Date().toISOString(),
        machine: machine(),
        settings: SETTINGS,
        engines,
      };
      const file = context.saveFigures('git', result);
      context.log(formatGitTable(result));
      context.log(`figures written to ${file}`);
      return engines.flatMap((engineResult) => summaryRows(engineResult, SETTINGS.megabytes));
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  },
};

/** The issue-12 goal: git over HTTP at most 1.2× git over the local path, with the server's memory flat. */
export const GIT_RATIO_GOAL = 1.2;
/** "The server's RSS flat": its growth during a push or clone of 100 MiB stays under this. */
export const GIT_RSS_GROWTH_GOAL_MIB = 100;

function summaryRows(result: GitBenchEngineResult, mib: number): SummaryRow[] {
  const timeRow = (operation: Operation): SummaryRow => ({
    what: `${DESCRIPTIONS[operation].server} ${mib} MiB over smart HTTP`,
    engine: result.engine,
    bellows: `${round(result.server[operation], 2)} s`,
    baseline: `${round(result.local[operation], 2)} s (${DESCRIPTIONS[operation].local})`,
    ratio: result.ratio[operation],
    goal: `≤ ${GIT_RATIO_GOAL}×`,
    met: result.ratio[operation] <= GIT_RATIO_GOAL,
  });
  const memoryRow = (what: string, growth: number, cpuSeconds: number): SummaryRow => ({
    what,
    engine: result.engine,
    bellows: `+${round(growth, 1)} MiB (idle ${result.serverMemory.idleRssMiB} MiB; CPU ${cpuSeconds} s)`,
    baseline: '-',
    ratio: null,
    goal: `< ${GIT_RSS_GROWTH_GOAL_MIB} MiB`,
    met: growth < GIT_RSS_GROWTH_GOAL_MIB,
  });
  return [
    ...OPERATIONS.map(timeRow),
    memoryRow(`server RSS growth during git push ${mib} MiB`, result.serverMemory.pushGrowthMiB, result.serverCpuSeconds.push),
    memoryRow(`server RSS growth during git clone ${mib} MiB`, result.serverMemory.cloneGrowthMiB, result.serverCpuSeconds.clone),
  ];
}

/** One engine: a server child on it, then BENCH_GIT_RUNS rounds of every operation both ways. */
async function measureEngine(
  context: BenchContext,
  git: GitRunner,
  work: string,
  source: string,
  engine: string,
): Promise<GitBenchEngineResult> {
  const child = fork(join(__dirname, 'git-server-child.js'), [], {
    env: { ...process.env, BENCH_GIT_REPOS: String(SETTINGS.runs), BENCH_GIT_ENGINE: engine },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const info = await serverInfo(child);
    return await measure(context, git, join(work, engine), source, info, child.pid!, engine);
  } finally {
    await stopChild(child);
  }
}

async function measure(
  context: BenchContext,
  git: GitRunner,
  work: string,
  source: string,
  info: GitBenchServerInfo,
  serverPid: number,
  engine: string,
): Promise<GitBenchEngineResult> {
  mkdirSync(work, { recursive: true });
  const server: Seconds[] = [];
  const local: Seconds[] = [];
  const growth = { push: 0, clone: 0 };
  const cpu: { push: number[]; clone: number[] } = { push: [], clone: [] };
  const idle = readRssKiB(serverPid);
  /** Runs an operation on the server, sampling the server's memory and CPU meanwhile; answers its seconds. */
  const onServer = async (kind: 'push' | 'clone', operation: () => Promise<number>): Promise<number> => {
    const sampler = new MemorySampler(serverPid);
    const cpuBefore = readCpuSeconds(serverPid);
    const seconds = await operation();
    cpu[kind].push(readCpuSeconds(serverPid) - cpuBefore);
    growth[kind] = Math.max(growth[kind], Math.max(0, sampler.stop() - sampler.startKiB));
    return seconds;
  };
  for (let run = 0; run < SETTINGS.runs; run++) {
    const bare = join(work, `local-${run}.git`);
    // HEAD on main, as on the server: otherwise the local clone has nothing to check out.
    await git.ok(['init', '--quiet', '--bare', '--initial-branch=main', bare], work);
    const remote = new URL(`${info.owner}/${info.repos[run]}.git`, info.url);
    remote.username = info.owner;
    remote.password = info.token;
    const serverUrl = remote.toString();
    const dir = (name: string) => join(work, `${name}-${run}`);
    // Each pair runs in turn server-first and local-first, so that neither side always inherits the
    // other's dirty pages and warm caches.
    const pair = async (onServerSide: () => Promise<number>, locally: () => Promise<number>) => {
      if (run % 2 === 0) {
        const s = await onServerSide();
        return { server: s, local: await locally() };
      }
      const l = await locally();
      return { server: await onServerSide(), local: l };
    };
    const push = await pair(
      () => onServer('push', () => git.timed(['push', '--quiet', serverUrl, 'main'], source)),
      () => git.timed(['push', '--quiet', `file://${bare}`, 'main'], source),
    );
    const clone = await pair(
      () => onServer('clone', () => git.timed(['clone', '--quiet', serverUrl, dir('clone-server')], work)),
      () => git.timed(['clone', '--quiet', `file://${bare}`, dir('clone-local')], work),
    );
    const cloneBare = await pair(
      () => onServer('clone', () => git.timed(['clone', '--quiet', '--bare', serverUrl, dir('bare-server')], work)),
      () => git.timed(['clone', '--quiet', '--no-local', '--bare', bare, dir('bare-local')], work),
    );
    for (const name of ['clone-server', 'clone-local', 'bare-server', 'bare-local']) rmSync(dir(name), { recursive: true, force: true });
    server.push({ push: push.server, clone: clone.server, cloneBare: cloneBare.server });
    local.push({ push: push.local, clone: clone.local, cloneBare: cloneBare.local });
    context.log(
      `git (${engine}): run ${run + 1}/${SETTINGS.runs}: ` +
        OPERATIONS.map((op) => `${op} ${round(server[run][op], 2)} s (local ${round(local[run][op], 2)} s)`).join(', '),
    );
  }
  const serverMedian = medianSeconds(server);
  const localMedian = medianSeconds(local);
  // The median of the runs' own ratios: each run measures its pair back to back, so a busy moment of
  // a shared machine slows both sides of that run instead of one side of the medians.
  const ratio = (op: Operation) => round(median(server.map((s, run) => s[op] / local[run][op])), 2);
  return {
    engine,
    server: serverMedian,
    local: localMedian,
    ratio: { push: ratio('push'), clone: ratio('clone'), cloneBare: ratio('cloneBare') },
    serverMemory: {
      idleRssMiB: round(idle / 1024, 1),
      pushGrowthMiB: round(growth.push / 1024, 1),
      cloneGrowthMiB: round(growth.clone / 1024, 1),
    },
    serverCpuSeconds: { push: round(median(cpu.push), 2), clone: round(median(cpu.clone), 2) },
  };
}

export function formatGitTable(result: GitBenchResult): string {
  const lines = [`git (${result.settings.megabytes} MiB, median of ${result.settings.runs}):`];
  for (const engine of result.engines) {
    lines.push(`${engine.engine.padEnd(12)}${'server'.padStart(10)}${'local'.padStart(10)}${'ratio'.padStart(8)}`);
    for (const op of OPERATIONS) {
      lines.push(
        `${op.padEnd(12)}${`${round(engine.server[op], 2)} s`.padStart(10)}${`${round(engine.local[op], 2)} s`.padStart(10)}${`${engine.ratio[op]}`.padStart(8)}`,
      );
    }
    const memory = engine.serverMemory;
    lines.push(
      `server RSS: ${memory.idleRssMiB} MiB idle, growth up to +${memory.pushGrowthMiB} MiB in a push, +${memory.cloneGrowthMiB} MiB in a clone`,
    );
    lines.push(`server CPU: ${engine.serverCpuSeconds.push} s per push, ${engine.serverCpuSeconds.clone} s per clone (median)`);
  }
  return lines.join('\n');
}

/** A work tree with `megabytes` files of 1 MiB of random bytes, committed ten files at a time on `main`, packed. */
async function makeSourceRepository(git: GitRunner, dir: string, megabytes: number): Promise<string> {
  mkdirSync(dir, { recursive: true });
  await git.ok(['init', '--quiet', '-b', 'main', '.'], dir);
  for (let i = 0; i < megabytes; i++) {
    writeFileSync(join(dir, `blob-${String(i).padStart(4, '0')}.bin`), randomBytes(MiB));
    if ((i + 1) % 10 === 0 || i === megabytes - 1) {
      await git.ok(['add', '.'], dir);
      await git.ok(['commit', '--quiet', '-m', `files up to ${i}`], dir);
    }
  }
  await git.ok(['repack', '-a', '-d', '-q'], dir);
  return dir;
}

function serverInfo(child: ChildProcess): Promise<GitBenchServerInfo> {
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as GitBenchServerInfo));
    child.once('exit', (code) => reject(new Error(`the bench server exited early (${code})`)));
  });
}

/** git with a configuration of its own (no user or system settings) and no prompts. */
class GitRunner {
  private readonly env: NodeJS.ProcessEnv;

  constructor(home: string) {
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, '.gitconfig'), '[user]\n\tname = Bench\n\temail = bench@example.com\n');
    this.env = { PATH: process.env.PATH, HOME: home, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0', LANG: 'C' };
  }

  ok(args: string[], cwd: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn('git', args, { cwd, env: this.env, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`git ${args[0]} failed (${code}): ${stderr}`))));
    });
  }

  /** Runs git and answers how long it took, in seconds. */
  async timed(args: string[], cwd: string): Promise<number> {
    const started = performance.now();
    await this.ok(args, cwd);
    return (performance.now() - started) / 1000;
  }
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

function medianSeconds(runs: Seconds[]): Seconds {
  return {
    push: median(runs.map((r) => r.push)),
    clone: median(runs.map((r) => r.clone)),
    cloneBare: median(runs.map((r) => r.cloneBare)),
  };
}

/** Asks the server child to stop and waits until it has (it removes its database and data folder first). */
