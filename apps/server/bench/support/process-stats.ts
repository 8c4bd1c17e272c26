import { ChildProcess } from 'child_process';
import { readFileSync, writeFileSync } from 'fs';

/** The resident memory (VmRSS) of a process, in KiB. */
export function readRssKiB(pid: number): number {
  return statusField(pid, 'VmRSS');
}

function statusField(pid: number, name: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
}

/**
 * Samples a process's resident memory every 20 ms. It first resets the
 * kernel's peak counter (clear_refs 5) so VmHWM covers only the measured span.
 */
export class MemorySampler {
  private peak = 0;
  private readonly timer: NodeJS.Timeout;
  /** The resident memory when sampling began, in KiB. */
  readonly startKiB: number;

  constructor(private readonly pid: number) {
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
    } catch {
      /* older kernels: the samples alone give the peak */
    }
    this.startKiB = readRssKiB(pid);
    this.timer = setInterval(() => (this.peak = Math.max(this.peak, readRssKiB(pid))), 20);
  }

  /** The peak resident memory in KiB. */
  stop(): number {
    clearInterval(this.timer);
    return Math.max(this.peak, readRssKiB(this.pid), statusField(this.pid, 'VmHWM'));
  }
}

/** CPU time (user + system) a process has used so far, in seconds (/proc/<pid>/stat, at 100 ticks a second). */
export function readCpuSeconds(pid: number): number {
  return cpuSecondsIn(`/proc/${pid}/stat`);
}

/** CPU time a process's main thread (its event loop, without workers and libuv's pool) has used so far, in seconds. */
export function readMainThreadCpuSeconds(pid = process.pid): number {
  return cpuSecondsIn(`/proc/${pid}/task/${pid}/stat`);
}

function cpuSecondsIn(statFile: string): number {
  const stat = readFileSync(statFile, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Asks a bench server child to stop and waits until it has exited (it removes its database and data folder first). */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    if (child.connected) child.send('stop');
    else child.kill();
  });
}
