import { Injectable, NotFoundException } from '@nestjs/common';
import { ArtifactCleanup } from '../actions/artifacts/artifact-cleanup.service';
import { TemporaryFileSweep } from '../storage-garbage/temporary-file-sweep';

/** A job the server runs on a timer, as the cron page needs it. */
interface ScheduledJob {
  readonly intervalMs: number;
  readonly timerStartedAt: Date | undefined;
  readonly lastRunAt: Date | undefined;
  readonly runCount: number;
  run(): Promise<unknown>;
}

/** One task as Forgejo's `Cron` shows it. */
export interface CronTask {
  name: string;
  schedule: string;
  next: Date | undefined;
  prev: Date | undefined;
  execTimes: number;
}

/**
 * The periodic jobs this server really runs, under Forgejo-style names:
 * `cleanup_actions` (expire artifacts past their retention, drop uploads never
 * finished; Forgejo's task of that name does the same for its actions assets)
 * and `delete_temporary_files` (partial upload files an interrupted run left
 * in storage). Counts and times are this process's, since it started.
 */
@Injectable()
export class CronTasks {
  private readonly jobs: ReadonlyMap<string, ScheduledJob>;

  constructor(artifactCleanup: ArtifactCleanup, temporaryFileSweep: TemporaryFileSweep) {
    this.jobs = new Map<string, ScheduledJob>([
      ['cleanup_actions', artifactCleanup],
      ['delete_temporary_files', temporaryFileSweep],
    ]);
  }

  list(now = new Date()): CronTask[] {
    return [...this.jobs].map(([name, job]) => ({
      name,
      schedule: `@every ${job.intervalMs / 60_000}m`,
      next: nextTick(job, now),
      prev: job.lastRunAt,
      execTimes: job.runCount,
    }));
  }

  /** Runs the task now and resolves when it is done (a run already under way is joined); 404 for an unknown name. */
  async run(name: string): Promise<void> {
    const job = this.jobs.get(name);
    if (!job) throw new NotFoundException(`cron task "${name}" does not exist`);
    await job.run();
  }
}

/** When the timer fires next: it ticks every interval from when it started. None in a process without the timer. */
function nextTick(job: ScheduledJob, now: Date): Date | undefined {
  if (!job.timerStartedAt) return undefined;
  const started = job.timerStartedAt.getTime();
  const ticks = Math.floor((now.getTime() - started) / job.intervalMs) + 1;
  return new Date(started + ticks * job.intervalMs);
}
