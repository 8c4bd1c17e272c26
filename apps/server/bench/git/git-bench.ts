import { ChildProcess, fork, spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { cpus, tmpdir } from 'os';
import { join } from 'path';
import { performance } from 'perf_hooks';
import { BenchContext, BenchPart, SummaryRow } from '../bench-part';
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

interface Timings {
  pushSeconds: number;
  cloneSeconds: number;
}

export interface GitBenchResult {
  part: 'git';
  measuredAt: string;
  machine: { cpus: number; cpuModel: string; node: string };
  settings: typeof SETTINGS;
  /** Median seconds over the runs. */
  server: Timings;
  local: Timings;
  /** server / local (1 = as fast as git over the local file path). */
  ratio: { push: number; clone: number };
  /** The server process (git's own processes excluded): resident memory before the push and its peak during it, MiB. */
  serverMemory: { idleRssMiB: number; peakRssDuringPushMiB: number };
}

/**
 * `npm run bench` → git: push and clone of a repository of BENCH_GIT_MIB MiB
 * through the server (smart HTTP, token over Basic) against the same
 * operations by git over the local `file://` transport (which runs the same
 * pack protocol, without HTTP). The server runs in a child process whose
 * resident memory is sampled from /proc during each push: packs stream
 * through, so it should stay far below the repository's size.
 */
export const gitBench: BenchPart = {
  name: 'git',
  description: `git push and clone of a ${SETTINGS.megabytes} MiB repository: our server vs git over file://, and the server's peak memory`,
  async run(context) {
    const work = mkdtempSync(join(tmpdir(), 'bellows-git-bench-'));
    const git = new GitRunner(join(work, 'home'));
    let child: ChildProcess | undefined;
    try {
      context.log(`git: writing a ${SETTINGS.megabytes} MiB repository of random files…`);
      const source = await makeSourceRepository(git, join(work, 'source'), SETTINGS.megabytes);
      child = fork(join(__dirname, 'git-server-child.js'), [], {
        env: { ...process.env, BENCH_GIT_REPOS: String(SETTINGS.runs) },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      const info = await serverInfo(child);
      const result = await measure(context, git, work, source, info, child.pid!);
      const file = join(context.resultsDir, 'git.json');
      mkdirSync(context.resultsDir, { recursive: true });
      writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
      context.log(formatGitTable(result));
      context.log(`figures written to ${file}`);
      return summaryRows(result);
    } finally {
      if (child?.connected) child.send('stop');
      rmSync(work, { recursive: true, force: true });
    }
  },
};

/** The issue-12 goal: git over HTTP at most 1.2× git over the local path, with the server's memory flat. */
export const GIT_RATIO_GOAL = 1.2;

function summaryRows(result: GitBenchResult): SummaryRow[] {
  const row = (what: string, server: number, local: number, ratio: number): SummaryRow => ({
    what,
    engine: 'sqlite3',
    bellows: `${round(server, 2)} s`,
    baseline: `${round(local, 2)} s (file://)`,
    ratio,
    goal: `≤ ${GIT_RATIO_GOAL}×`,
    met: ratio <= GIT_RATIO_GOAL,
  });
  const mib = result.settings.megabytes;
  return [
    row(`git push ${mib} MiB over smart HTTP`, result.server.pushSeconds, result.local.pushSeconds, result.ratio.push),
    row(`git clone ${mib} MiB over smart HTTP`, result.server.cloneSeconds, result.local.cloneSeconds, result.ratio.clone),
  ];
}

async function measure(
  context: BenchContext,
  git: GitRunner,
  work: string,
  source: string,
  info: GitBenchServerInfo,
  serverPid: number,
): Promise<GitBenchResult> {
  const server: Timings[] = [];
  const local: Timings[] = [];
  const peaks: number[] = [];
  let idle = 0;
  for (let run = 0; run < SETTINGS.runs; run++) {
    const bare = join(work, `local-${run}.git`);
    await git.ok(['init', '--quiet', '--bare', bare], work);
    const localUrl = `file://${bare}`;
    const remote = new URL(`${info.owner}/${info.repos[run]}.git`, info.url);
    remote.username = info.owner;
    remote.password = info.token;

    const localPush = await git.timed(['push', '--quiet', localUrl, 'main'], source);
    idle = readMemory(serverPid).rssKiB;
    const sampler = new MemorySampler(serverPid);
    const serverPush = await git.timed(['push', '--quiet', remote.toString(), 'main'], source);
    peaks.push(sampler.stop());
    const localClone = await git.timed(['clone', '--quiet', localUrl, join(work, `clone-local-${run}`)], work);
    const serverClone = await git.timed(['clone', '--quiet', remote.toString(), join(work, `clone-server-${run}`)], work);
    rmSync(join(work, `clone-local-${run}`), { recursive: true, force: true });
    rmSync(join(work, `clone-server-${run}`), { recursive: true, force: true });
    local.push({ pushSeconds: localPush, cloneSeconds: localClone });
    server.push({ pushSeconds: serverPush, cloneSeconds: serverClone });
    context.log(
      `git: run ${run + 1}/${SETTINGS.runs}: push ${round(serverPush, 2)} s (file:// ${round(localPush, 2)} s), clone ${round(serverClone, 2)} s (file:// ${round(localClone, 2)} s)`,
    );
  }
  const serverMedian = medianTimings(server);
  const localMedian = medianTimings(local);
  return {
    part: 'git',
    measuredAt: new Date().toISOString(),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', node: process.version },
    settings: SETTINGS,
    server: serverMedian,
    local: localMedian,
    ratio: {
      push: round(serverMedian.pushSeconds / localMedian.pushSeconds, 2),
      clone: round(serverMedian.cloneSeconds / localMedian.cloneSeconds, 2),
    },
    serverMemory: { idleRssMiB: round(idle / 1024, 1), peakRssDuringPushMiB: round(Math.max(...peaks) / 1024, 1) },
  };
}

export function formatGitTable(result: GitBenchResult): string {
  const row = (label: string, server: number, local: number, ratio: number) =>
    `${label.padEnd(8)}${`${round(server, 2)} s`.padStart(12)}${`${round(local, 2)} s`.padStart(12)}${`${ratio}`.padStart(8)}`;
  return [
    `git (${result.settings.megabytes} MiB, median of ${result.settings.runs}):`,
    `${''.padEnd(8)}${'server'.padStart(12)}${'file://'.padStart(12)}${'ratio'.padStart(8)}`,
    row('push', result.server.pushSeconds, result.local.pushSeconds, result.ratio.push),
    row('clone', result.server.cloneSeconds, result.local.cloneSeconds, result.ratio.clone),
    `server RSS: ${result.serverMemory.idleRssMiB} MiB idle, peak ${result.serverMemory.peakRssDuringPushMiB} MiB during the pushes`,
  ].join('\n');
}

/** A work tree with `megabytes` files of 1 MiB of random bytes, committed ten files at a time on `main`. */
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
  return dir;
}

function serverInfo(child: ChildProcess): Promise<GitBenchServerInfo> {
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as GitBenchServerInfo));
    child.once('exit', (code) => reject(new Error(`the bench server exited early (${code})`)));
  });
}

/** VmRSS and VmHWM of a process, in KiB. */
function readMemory(pid: number): { rssKiB: number; peakKiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rssKiB: field('VmRSS'), peakKiB: field('VmHWM') };
}

/**
 * Samples a process's resident memory every 20 ms. It first resets the
 * kernel's peak counter (clear_refs 5) so VmHWM covers only the measured span.
 */
class MemorySampler {
  private peak = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly pid: number) {
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
    } catch {
      /* older kernels: the samples alone give the peak */
    }
    this.timer = setInterval(() => (this.peak = Math.max(this.peak, readMemory(pid).rssKiB)), 20);
  }

  /** The peak resident memory in KiB. */
  stop(): number {
    clearInterval(this.timer);
    const memory = readMemory(this.pid);
    return Math.max(this.peak, memory.rssKiB, memory.peakKiB);
  }
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

function medianTimings(runs: Timings[]): Timings {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return { pushSeconds: median(runs.map((r) => r.pushSeconds)), cloneSeconds: median(runs.map((r) => r.cloneSeconds)) };
}

function numberFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
