import { ChildProcess, fork, spawn } from 'child_process';
import { createHash, randomBytes } from 'crypto';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { performance } from 'perf_hooks';
import { BenchContext, BenchPart, SummaryRow } from '../bench-part';
import { enginesToRun, machine } from '../support/engines';
import { round, summarize } from '../support/stats';
import { grouped } from '../support/summary';
import { MemorySampler, readCpuSeconds, readMainThreadCpuSeconds, readRssKiB, stopChild } from '../support/process-stats';
import { numberFromEnv } from '../support/settings';
import type { RecountAnswer, UploadsBenchServerInfo } from './uploads-server-child';
import type { BareUploadServerInfo } from './bare-upload-server';
import { bareUpload, BenchFile, Upload, UPLOAD_PATHS, UploadPath, UploadTarget } from './upload-clients';
import { nextMessage } from '../support/child-messages';

const MiB = 1024 * 1024;

/** Knobs from the environment for quick runs; the defaults are the figures. */
const SETTINGS = {
  /** Size of the uploaded file (random, incompressible bytes). */
  megabytes: numberFromEnv('BENCH_UPLOAD_MIB', 1024),
  /** Each path is measured this many times (each between two `dd`s); median MiB/s over median dd MiB/s is reported. */
  runs: numberFromEnv('BENCH_UPLOAD_RUNS', 3),
};

/** The issue-12 goals: at least 0.8× dd to the same disk, and the server's memory growing by less than 100 MiB. */
export const UPLOAD_RATIO_GOAL = 0.8;
export const UPLOAD_RSS_GOAL_MIB = 100;

interface PathResult {
  path: UploadPath;
  /** MiB/s of the upload (request start to answer), and the median of the dd runs beside it. */
  bellowsMiBps: number;
  ddMiBps: number;
  /** Every dd beside the upload(s): one just before and one just after each. */
  ddSamplesMiBps: number[];
  ratio: number;
  /** The same bytes PUT to a bare node:http server writing them to the same file system (median, just before each upload). */
  bareMiBps: number;
  bareSamplesMiBps: number[];
  /** Bellows over the bare server: what Bellows itself costs, apart from HTTP on this runtime. */
  ratioToBare: number;
  /** CPU seconds (user + system, all threads) the server used for the upload: unlike MiB/s, it does not depend on what else the machine runs. */
  serverCpuSeconds: number;
  /** The part of it on the server's main thread (the event loop); the rest is digest workers and libuv's file-system pool. */
  serverMainThreadCpuSeconds: number;
  /** Peak resident memory during the upload minus the resident memory just before it. */
  rssGrowthMiB: number;
  /** Latency of small reads (`GET /user`) sent one after another during the upload: is the event loop free? */
  probe: { count: number; p50: number; p99: number; max: number };
  /** Why the upload failed (then its figures are 0), e.g. an answer of 413. */
  failure?: string;
}

export interface UploadsBenchResult {
  part: 'uploads';
  engine: string;
  measuredAt: string;
  machine: { cpus: number; cpuModel: string; node: string };
  settings: typeof SETTINGS;
  paths: PathResult[];
  /** Differences between the usage ledger and a recount after all uploads (none expected). */
  recountDifferences: unknown[];
}

/**
 * `npm run bench` → uploads: a file of BENCH_UPLOAD_MIB MiB through each large
 * upload path (issue attachment as a multipart form, generic package PUT, Git
 * LFS PUT, npm publish with the tarball base64 in JSON), each timed beside
 * `dd conv=fsync` writing the same bytes on the file system of the server's
 * data folder, in the same run, and beside a bare node:http server storing
 * them there (bare-upload-server.ts): the runtime's own floor. The server
 * runs in a child process whose resident memory is sampled during each
 * upload; meanwhile a small read is sent again and again to see whether the
 * upload holds up other requests.
 */
export const uploadsBench: BenchPart = {
  name: 'uploads',
  description: `large uploads of ${SETTINGS.megabytes} MiB (attachment, generic PUT, LFS PUT, npm publish) vs dd on the same disk`,
  async run(context) {
    const work = mkdtempSync(join(tmpdir(), 'bellows-uploads-bench-'));
    const rows: SummaryRow[] = [];
    try {
      context.log(`uploads: writing a ${SETTINGS.megabytes} MiB file of random bytes…`);
      const file = writeRandomFile(join(work, 'upload.bin'), SETTINGS.megabytes);
      for (const engine of await enginesToRun(context, 'uploads')) {
        const result = await benchEngine(context, engine, file);
        const out = context.saveFigures(`uploads-${engine}`, result);
        context.log(formatUploadsTable(result));
        context.log(`figures written to ${out}`);
        rows.push(...summaryRows(result));
      }
      return rows;
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  },
};

async function benchEngine(context: BenchContext, engine: string, file: BenchFile): Promise<UploadsBenchResult> {
  const execArgv = process.env.BENCH_UPLOAD_PROFILE_DIR
    ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_UPLOAD_PROFILE_DIR] // one profile per thread (the digest workers too)
    : [];
  const child = fork(join(__dirname, 'uploads-server-child.js'), [], {
    env: { ...process.env, BENCH_UPLOAD_ENGINE: engine },
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let bare: ChildProcess | undefined;
  try {
    const info = await nextMessage<UploadsBenchServerInfo>(child);
    bare = fork(join(__dirname, 'bare-upload-server.js'), [], {
      env: { ...process.env, BENCH_BARE_UPLOAD_DIR: info.dataDir },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const bareUrl = (await nextMessage<BareUploadServerInfo>(bare)).url;
    const target = await UploadTarget.prepare(info);
    const paths: PathResult[] = [];
    for (const path of UPLOAD_PATHS) {
      const runs: PathResult[] = [];
      for (let run = 0; run < SETTINGS.runs; run++) {
        const measured = await measurePath(target, path, file, info.dataDir, child.pid!, run, bareUrl);
        context.log(
          `uploads ${engine}: ${path} run ${run + 1}/${SETTINGS.runs}: ${round(measured.bellowsMiBps, 1)} MiB/s, ` +
            `dd ${measured.ddSamplesMiBps.join(' and ')} MiB/s before and after (${round(measured.ratio, 2)}×), server CPU ${measured.serverCpuSeconds} s (main thread ${measured.serverMainThreadCpuSeconds} s), RSS +${measured.rssGrowthMiB} MiB, ` +
            `GET /user during it (${measured.probe.count}×) p99 ${measured.probe.p99} ms max ${measured.probe.max} ms` +
            (measured.failure ? ` FAILED: ${measured.failure}` : ''),
        );
        runs.push(measured);
      }
      paths.push(medianOf(runs));
    }
    child.send('recount');
    const { differences } = await nextMessage<RecountAnswer>(child);
    if (differences.length > 0)
      throw new Error(`the usage ledger does not match a recount after the uploads: ${JSON.stringify(differences)}`);
    return {
      part: 'uploads',
      engine,
      measuredAt: new Date().toISOString(),
      machine: machine(),
      settings: SETTINGS,
      paths,
      recountDifferences: differences,
    };
  } finally {
    await stopChild(child);
    if (bare) await stopChild(bare);
  }
}

/**
 * One upload through `path`, with dd writing the same bytes just before it and
 * just after it: the disk's speed drifts over tens of seconds (the host's cache
 * fills and drains), so the two bracket what the upload met.
 */
async function measurePath(
  target: UploadTarget,
  path: UploadPath,
  file: BenchFile,
  dataDir: string,
  serverPid: number,
  run: number,
  bareUrl: string,
): Promise<PathResult> {
  const ddBefore = await ddWrite(file, join(dataDir, `dd-baseline-${run}.bin`));
  const bareStarted = performance.now();
  await bareUpload(bareUrl, file);
  const bareMiBps = round(file.megabytes / ((performance.now() - bareStarted) / 1000), 1);
  await target.prepare(path, run);
  const upload: Upload = target.upload(path, file, run);
  const idleKiB = readRssKiB(serverPid);
  const cpuBefore = readCpuSeconds(serverPid);
  const mainCpuBefore = readMainThreadCpuSeconds(serverPid);
  const sampler = new MemorySampler(serverPid);
  const probe = target.probeUntil(upload.done);
  const started = performance.now();
  const failure = await upload.done.then(
    () => undefined,
    (error: Error) => error.message,
  );
  const seconds = (performance.now() - started) / 1000;
  const peakKiB = sampler.stop();
  const serverCpuSeconds = round(readCpuSeconds(serverPid) - cpuBefore, 2);
  const serverMainThreadCpuSeconds = round(readMainThreadCpuSeconds(serverPid) - mainCpuBefore, 2);
  const latencies = await probe;
  const ddSamplesMiBps = [ddBefore, await ddWrite(file, join(dataDir, `dd-baseline-${run}.bin`))].map((s) => round(file.megabytes / s, 1));
  const ddMiBps = median(ddSamplesMiBps);
  if (failure !== undefined) return failedPath(path, failure, ddSamplesMiBps, bareMiBps);
  await upload.verify();
  const bellowsMiBps = file.megabytes / seconds;
  const summary = latencies.length > 0 ? summarize(latencies) : { count: 0, p50: 0, p99: 0, max: 0 };
  return {
    path,
    bellowsMiBps: round(bellowsMiBps, 1),
    ddMiBps: round(ddMiBps, 1),
    ddSamplesMiBps,
    ratio: round(bellowsMiBps / ddMiBps, 3),
    bareMiBps,
    bareSamplesMiBps: [bareMiBps],
    ratioToBare: round(bellowsMiBps / bareMiBps, 3),
    serverCpuSeconds,
    serverMainThreadCpuSeconds,
    rssGrowthMiB: round(Math.max(0, peakKiB - idleKiB) / 1024, 1),
    probe: { count: summary.count, p50: summary.p50, p99: summary.p99, max: summary.max },
  };
}

/**
 * The median upload speed over the median of all the dd runs beside them: dd on
 * a virtual disk swings (the host's cache sometimes takes a whole GiB at
 * 1 500 MiB/s, sometimes writes at 250), so pairing each upload with its own dd
 * would let one lucky dd decide the ratio.
 */
function medianOf(runs: PathResult[]): PathResult {
  const failed = runs.find((run) => run.failure);
  if (failed) return failed;
  const middle = [...runs].sort((a, b) => a.bellowsMiBps - b.bellowsMiBps)[Math.floor(runs.length / 2)]; // its CPU, memory and probe figures are reported
  const ddSamplesMiBps = runs.flatMap((r) => r.ddSamplesMiBps);
  const ddMiBps = round(median(ddSamplesMiBps), 1);
  const bareSamplesMiBps = runs.flatMap((r) => r.bareSamplesMiBps);
  const bareMiBps = round(median(bareSamplesMiBps), 1);
  return {
    ...middle,
    ddMiBps,
    ddSamplesMiBps,
    ratio: round(middle.bellowsMiBps / ddMiBps, 3),
    bareMiBps,
    bareSamplesMiBps,
    ratioToBare: round(middle.bellowsMiBps / bareMiBps, 3),
    rssGrowthMiB: Math.max(...runs.map((r) => r.rssGrowthMiB)),
  };
}

/** The middle value (of an even count, the mean of the two middle ones). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function failedPath(path: UploadPath, failure: string, ddSamplesMiBps: number[], bareMiBps: number): PathResult {
  return {
    path,
    bellowsMiBps: 0,
    ddMiBps: median(ddSamplesMiBps),
    ddSamplesMiBps,
    bareMiBps,
    bareSamplesMiBps: [bareMiBps],
    ratioToBare: 0,
    ratio: 0,
    serverCpuSeconds: 0,
    serverMainThreadCpuSeconds: 0,
    rssGrowthMiB: 0,
    probe: { count: 0, p50: 0, p99: 0, max: 0 },
    failure,
  };
}

/**
 * The baseline: `dd` copying the same bytes to the server's file system, with
 * an fsync at the end as the blob store does before an upload counts as
 * stored. Answers the seconds it took; the copy is removed afterwards.
 */
async function ddWrite(file: BenchFile, out: string): Promise<number> {
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const dd = spawn('dd', [`if=${file.path}`, `of=${out}`, 'bs=1M', 'conv=fsync'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    dd.stderr.on('data', (chunk) => (stderr += chunk));
    dd.on('error', reject);
    dd.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`dd failed (${code}): ${stderr}`))));
  });
  const seconds = (performance.now() - started) / 1000;
  rmSync(out, { force: true });
  return seconds;
}

function summaryRows(result: UploadsBenchResult): SummaryRow[] {
  const mib = result.settings.megabytes;
  return result.paths.flatMap((path): SummaryRow[] => [
    {
      what: `${mib} MiB upload: ${path.path}`,
      engine: result.engine,
      bellows: path.failure ? `failed: ${path.failure.slice(0, 60)}` : `${grouped(path.bellowsMiBps)} MiB/s`,
      baseline: `${grouped(path.ddMiBps)} MiB/s (dd conv=fsync); bare node:http ${grouped(path.bareMiBps)} MiB/s (${path.ratioToBare}×)`,
      ratio: path.ratio,
      goal: `≥ ${UPLOAD_RATIO_GOAL}×`,
      met: path.ratio >= UPLOAD_RATIO_GOAL,
    },
    ...(path.failure
      ? []
      : [
          {
            what: `${mib} MiB upload: ${path.path}, server RSS growth`,
            engine: result.engine,
            bellows: `${grouped(path.rssGrowthMiB, 1)} MiB`,
            baseline: '-',
            ratio: null,
            goal: `< ${UPLOAD_RSS_GOAL_MIB} MiB`,
            met: path.rssGrowthMiB < UPLOAD_RSS_GOAL_MIB,
          },
        ]),
  ]);
}

export function formatUploadsTable(result: UploadsBenchResult): string {
  const header = `${'path'.padEnd(22)}${'MiB/s'.padStart(9)}${'dd MiB/s'.padStart(10)}${'ratio'.padStart(8)}${'bare MiB/s'.padStart(12)}${'ratio'.padStart(8)}${'CPU s'.padStart(8)}${'main s'.padStart(8)}${'RSS +MiB'.padStart(10)}${'GET p99 ms'.padStart(12)}${'max ms'.padStart(9)}`;
  const lines = result.paths.map((p) =>
    p.failure
      ? `${p.path.padEnd(22)} failed: ${p.failure}`
      : `${p.path.padEnd(22)}${String(p.bellowsMiBps).padStart(9)}${String(p.ddMiBps).padStart(10)}${p.ratio.toFixed(2).padStart(8)}${String(p.bareMiBps).padStart(12)}${p.ratioToBare.toFixed(2).padStart(8)}${String(p.serverCpuSeconds).padStart(8)}${String(p.serverMainThreadCpuSeconds).padStart(8)}` +
        `${String(p.rssGrowthMiB).padStart(10)}${String(p.probe.p99).padStart(12)}${String(p.probe.max).padStart(9)}`,
  );
  return [`uploads on ${result.engine} (${result.settings.megabytes} MiB, median of ${result.settings.runs}):`, header, ...lines].join(
    '\n',
  );
}

/** A file of random bytes, with the digests the clients announce. */
function writeRandomFile(path: string, megabytes: number): BenchFile {
  const sha1 = createHash('sha1');
  const sha256 = createHash('sha256');
  const sha512 = createHash('sha512');
  const fd = openSync(path, 'w');
  try {
    for (let i = 0; i < megabytes; i++) {
      const chunk = randomBytes(MiB);
      writeSync(fd, chunk);
      sha1.update(chunk);
      sha256.update(chunk);
      sha512.update(chunk);
    }
  } finally {
    closeSync(fd);
  }
  // Just written, so every upload and dd read it from the page cache alike.
  return { path, megabytes, size: megabytes * MiB, sha1: sha1.digest('hex'), sha256: sha256.digest('hex'), sha512: sha512.digest('hex') };
}

/** Asks the server to stop and waits for it to exit (so a CPU profile is written). */
