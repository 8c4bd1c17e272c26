import { hostname } from 'os';
import { randomBytes } from 'crypto';
import { Injectable, Logger, NotFoundException, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost, ModuleRef } from '@nestjs/core';
import { describeSchedule, followingDueTime, isDue, isLeased, ScheduledJobState, ScheduledJobStore, ScheduledTask } from '@bellows/domain';
import { CRON_TASKS } from './cron-tasks';

/** How often an instance looks whether a job is due: a due job starts at most this late. */
const POLL_MS = 30_000;
/** How long a claim holds without renewal: an instance that dies mid-run frees the job after this. */
const LEASE_MS = 5 * 60_000;
/** A running pass renews its lease this often, well within LEASE_MS. */
const RENEW_MS = 60_000;
/** How often a run on demand looks whether another instance's run of the job has ended. */
const JOIN_POLL_MS = 200;

/** One task as Forgejo's `Cron` shows it: shared by every instance. */
export interface CronTask {
  name: string;
  schedule: string;
  next: Date | undefined;
  prev: Date | undefined;
  execTimes: number;
}

/**
 * Runs the CRON_TASKS once per due time across every `bellows web` on the
 * database. Each due time is claimed by one conditional write on the job's
 * row (ScheduledJobStore), so of the instances that look at once one runs it;
 * the winner holds a lease while it runs (renewed, released at the end, lapsing
 * if it dies), which also keeps a run on demand from running beside it.
 * Timers run only in the server, never in CLI commands.
 */
@Injectable()
export class JobScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('JobScheduler');
  /** This process among the instances (a restarted process is another one: its old leases are not its own). */
  private readonly instance = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private tasksByName: ReadonlyMap<string, ScheduledTask> | undefined;
  /** Runs this process is making, by job: a second ask in this process joins the one under way. */
  private readonly running = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly adapterHost: HttpAdapterHost,
    private readonly jobs: ScheduledJobStore,
  ) {}

  /** The task instances, looked up on first use: in the constructor, Nest may not have made them yet. */
  private get tasks(): ReadonlyMap<string, ScheduledTask> {
    this.tasksByName ??= new Map(Object.entries(CRON_TASKS).map(([name, type]) => [name, this.moduleRef.get(type, { strict: false })]));
    return this.tasksByName;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.adapterHost.httpAdapter) return;
    await this.registerAll(new Date());
    for (const [name, task] of this.tasks) if (task.runAtStart) await this.runUnlessHeld(name);
    this.timer = setInterval(() => void this.tick(), POLL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.ticking;
    await this.whenIdle();
  }

  /** Resolves once the runs this instance has under way have ended (a tick starts its runs without waiting for them). */
  async whenIdle(): Promise<void> {
    await Promise.allSettled([...this.running.values()]);
  }

  /** Every task with its shared schedule, last run and run count (a task no instance registered yet: never ran). */
  async list(): Promise<CronTask[]> {
    const stored = new Map((await this.jobs.list()).map((job) => [job.name, job]));
    return [...this.tasks].map(([name, task]) => {
      const job = stored.get(name);
      return {
        name,
        schedule: describeSchedule(task.schedule),
        next: job?.nextRunAt,
        prev: job?.lastRunAt ?? undefined,
        execTimes: job?.runCount ?? 0,
      };
    });
  }

  /**
   * Runs the task now and resolves when that run is over. When a run of it is
   * under way (here or on another instance) this one joins it instead: it
   * resolves when that run ends, and the pass does not run twice at once.
   * 404 for an unknown name.
   */
  async runNow(name: string): Promise<void> {
    const task = this.tasks.get(name);
    if (!task) throw new NotFoundException(`cron task "${name}" does not exist`);
    const local = this.running.get(name);
    if (local) return local;
    await this.jobs.register(name, this.firstDueAt(task, new Date()));
    if (await this.jobs.claimNow(name, this.claim(new Date()))) return this.execute(name, task);
    await this.untilFree(name);
  }

  /** One look at every job: each that is due and free is claimed for its due time and run. */
  tick(now = new Date()): Promise<void> {
    this.ticking ??= this.runDue(now).finally(() => (this.ticking = undefined));
    return this.ticking;
  }

  private async runDue(now: Date): Promise<void> {
    try {
      const stored = new Map((await this.jobs.list()).map((job) => [job.name, job]));
      for (const [name, task] of this.tasks) {
        const job = stored.get(name);
        if (this.stopped || !job || this.running.has(name) || !isDue(job, now) || isLeased(job, now)) continue;
        const following = followingDueTime(task.schedule, job.nextRunAt, now);
        if (await this.jobs.claimDue(name, job.nextRunAt, following, this.claim(now)))
          void this.execute(name, task).catch((error) => this.logger.error(`${name} failed: ${(error as Error).message}`));
      }
    } catch (error) {
      this.logger.error(`looking for due jobs failed: ${(error as Error).message}`);
    }
  }

  /** The start-up pass: skipped when another instance is running the job right now (that run does the same work). */
  private async runUnlessHeld(name: string): Promise<void> {
    const task = this.tasks.get(name)!;
    if (await this.jobs.claimNow(name, this.claim(new Date())))
      await this.execute(name, task).catch((error) => this.logger.error(`${name} failed: ${(error as Error).message}`));
  }

  private async registerAll(now: Date): Promise<void> {
    for (const [name, task] of this.tasks) await this.jobs.register(name, this.firstDueAt(task, now));
  }

  /** A job new to the database is first due one period from now (jobs that run at start have just run). */
  private firstDueAt(task: ScheduledTask, now: Date): Date {
    return new Date(now.getTime() + task.schedule.everyMs);
  }

  private claim(now: Date) {
    return { owner: this.instance, now, leaseUntil: new Date(now.getTime() + LEASE_MS) };
  }

  /** Runs the pass this instance claimed, renewing the lease while it runs and releasing it after, failed or not. */
  private execute(name: string, task: ScheduledTask): Promise<void> {
    const renewal = setInterval(() => {
      void this.jobs.renew(name, this.instance, new Date(Date.now() + LEASE_MS)).then(
        (held) => held || this.logger.warn(`lost the lease of ${name} while running it (the instance stalled longer than ${LEASE_MS} ms)`),
        (error) => this.logger.error(`renewing the lease of ${name} failed: ${(error as Error).message}`),
      );
    }, RENEW_MS);
    renewal.unref();
    const run = (async () => {
      try {
        await task.run();
      } finally {
        clearInterval(renewal);
        this.running.delete(name);
        await this.jobs.release(name, this.instance).catch((error) => this.logger.error(`releasing ${name}: ${(error as Error).message}`));
      }
    })();
    this.running.set(name, run);
    return run;
  }

  /** Resolves once no run of the job holds it (another instance's run ended, or its lease lapsed). */
  private async untilFree(name: string): Promise<void> {
    for (;;) {
      const job: ScheduledJobState | null = await this.jobs.find(name);
      if (!job || !isLeased(job, new Date())) return;
      await new Promise((resolve) => setTimeout(resolve, JOIN_POLL_MS));
    }
  }
}
