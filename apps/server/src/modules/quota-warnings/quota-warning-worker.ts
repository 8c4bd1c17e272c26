import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import {
  evaluateWarnings,
  QuotaCrossing,
  QuotaEngine,
  QuotaOutbox,
  QuotaWarningStore,
  RuleStanding,
  TransactionStores,
  UnitOfWork,
} from '@bellows/domain';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { QuotaSummaries } from '../quota-overview/quota-summaries';
import { QuotaWarningNotices } from './quota-warning-notices';

/** How often the outbox is looked at when nothing in this process woke the worker (rows written by other instances, the CLI). */
const POLL_MS = 1000;
/** How long a wake-up waits before draining, gathering the rows of the uploads around it into one batch. */
const GATHER_MS = 50;
/** Outbox rows claimed per transaction. */
const BATCH = 200;
/** The setting holding the fingerprint of the settings the fired state was last evaluated under. */
const FINGERPRINT = 'fingerprint';

/**
 * Drains the quota outbox: for each batch, in ONE transaction, claims the
 * rows (each row once across instances), evaluates each distinct owner's rule
 * standings against `[quota] WARN_AT` and the thresholds already fired
 * (evaluateWarnings), writes the fired-state changes, records the events and
 * queues their notices (notifications, `quota` webhooks). A crash before the
 * commit leaves the rows for the next run; two workers never both fire a
 * threshold (the state rows are inserted and deleted conditionally). After
 * each batch the overview's rows of those owners are refreshed.
 *
 * Woken right after a transaction of this process that wrote the outbox
 * commits; polls every second for the rest. Runs only in the server, never in
 * `bellows admin …` commands (they have no HTTP adapter).
 */
@Injectable()
export class QuotaWarningWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('QuotaWarnings');
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private scheduled: NodeJS.Timeout | undefined;
  private again = false;
  private stopped = false;
  /** The error of the last failed drain (for idle). */
  private failure: Error | undefined;

  constructor(
    @Inject(CONFIG) private readonly config: BellowsConfig,
    private readonly unitOfWork: UnitOfWork,
    private readonly outbox: QuotaOutbox,
    private readonly warnings: QuotaWarningStore,
    private readonly engine: QuotaEngine,
    private readonly notices: QuotaWarningNotices,
    private readonly summaries: QuotaSummaries,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.adapterHost.httpAdapter) return;
    await this.reevaluateOnNewSettings();
    this.outbox.onCommitted(() => this.wake());
    this.timer = setInterval(() => void this.poll(), POLL_MS);
    this.timer.unref();
    this.wake();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.scheduled);
    await this.draining;
  }

  /**
   * Resolves once the outbox is empty (for tests and the bench: what was
   * written has been evaluated); rejects with the error of a failed drain.
   */
  async idle(): Promise<void> {
    this.failure = undefined;
    while (!this.stopped) {
      if (this.draining) await this.draining;
      else if (this.scheduled || (await this.outbox.hasPending())) this.drainNow();
      else return;
      if (this.failure) throw this.failure;
    }
  }

  /**
   * Drains GATHER_MS from now (or once more after the drain under way: rows
   * may have come in after its last claim). The short wait lets one batch
   * take the rows of many uploads: under load a batch per upload cost the
   * uploads a sixth of their throughput on SQLite, its one writer shared.
   */
  private wake(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    if (this.scheduled) return;
    this.scheduled = setTimeout(() => this.drainNow(), GATHER_MS);
    this.scheduled.unref();
  }

  private drainNow(): void {
    clearTimeout(this.scheduled);
    this.scheduled = undefined;
    if (this.stopped || this.draining) return;
    this.draining = this.drain().finally(() => {
      this.draining = undefined;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  /** The cheap look for rows others wrote: one `SELECT … LIMIT 1`. */
  private async poll(): Promise<void> {
    if (this.draining || this.stopped) return;
    try {
      if (await this.outbox.hasPending()) this.wake();
    } catch (error) {
      if (!this.stopped) this.logger.error(`quota outbox: ${(error as Error).message}`);
    }
  }

  private async drain(): Promise<void> {
    try {
      while (!this.stopped) {
        const owners = await this.drainBatch();
        if (owners === null) return;
        if (owners.length > 0) await this.summaries.refresh(owners);
      }
    } catch (error) {
      // Rolled back: the claimed rows are back in the outbox for the next poll.
      this.failure = error as Error;
      if (!this.stopped) this.logger.error(`quota warnings: ${(error as Error).message}`);
    }
  }

  /**
   * One batch: what the owners' rules stand at is read first, outside any
   * transaction (on SQLite the one writer is not held while reading); then
   * one transaction claims the rows and writes what changed. Null when the
   * outbox is empty.
   */
  private async drainBatch(): Promise<number[] | null> {
    const rows = await this.warnings.peekOutbox(BATCH);
    if (rows.length === 0) return null;
    const changing = await this.ownersWithChanges([...new Set(rows.map((row) => row.ownerId))]);
    return this.unitOfWork.run(async (tx) => {
      const claimed = await tx.quotaWarnings.claimOutbox(rows.map((row) => row.id));
      for (const ownerId of claimed) {
        const standings = changing.get(ownerId);
        if (standings) await this.evaluate(tx, ownerId, standings);
      }
      return claimed;
    });
  }

  /**
   * The owners whose fired thresholds would change, with their standings: most
   * usage changes cross nothing, and their batch then writes only the claim.
   * Read after the outbox rows were committed, so they count the changes the
   * rows stand for; a later change has a row of its own.
   */
  private async ownersWithChanges(ownerIds: readonly number[]): Promise<Map<number, RuleStanding[]>> {
    const changing = new Map<number, RuleStanding[]>();
    const warnAt = this.config.quota.warnAt;
    if (warnAt.length === 0) return changing; // warnings off: the outbox still feeds the overview
    for (const ownerId of ownerIds) {
      const [standings, fired] = await Promise.all([this.engine.standings(ownerId), this.warnings.firedOf(ownerId)]);
      const evaluation = evaluateWarnings(standings, warnAt, fired);
      if (evaluation.fire.length > 0 || evaluation.rearm.length > 0) changing.set(ownerId, standings);
    }
    return changing;
  }

  /** One owner, in the batch's transaction: the fired state read again there, and changed conditionally. */
  private async evaluate(tx: TransactionStores, ownerId: number, standings: RuleStanding[]): Promise<void> {
    const owner = await tx.owners.findById(ownerId);
    if (!owner) return; // deleted since: its state and events went with it
    const fired = await tx.quotaWarnings.firedOf(ownerId);
    const evaluation = evaluateWarnings(standings, this.config.quota.warnAt, fired);
    const newlyFired = keys(await tx.quotaWarnings.fire(ownerId, evaluation.fire));
    const rearmed = keys(await tx.quotaWarnings.rearm(ownerId, evaluation.rearm));
    for (const crossing of evaluation.crossings) {
      // Only what this transaction changed is recorded: a concurrent worker that got there first recorded it.
      const changedHere = crossing.direction === 'up' ? newlyFired : rearmed;
      if (!changedHere.has(keyOf({ ...crossing.standing, threshold: crossing.threshold }))) continue;
      await this.record(tx, owner.id, crossing);
    }
  }

  private async record(tx: TransactionStores, ownerId: number, { standing, threshold, direction }: QuotaCrossing): Promise<void> {
    const event = await tx.quotaWarnings.recordEvent({
      ownerId,
      group: standing.group,
      rule: standing.rule,
      subjects: standing.subjects,
      limit: standing.limit,
      usage: standing.used,
      threshold,
      direction,
      createdAt: new Date(),
    });
    await this.notices.publish(tx, event);
  }

  /**
   * When DEFAULT_GROUPS, [quota.default] TOTAL or WARN_AT differ from those the
   * fired state was computed under (or on the first start with warnings),
   * every owner with usage is looked at again, once.
   */
  private async reevaluateOnNewSettings(): Promise<void> {
    const { defaultGroups, defaultTotal, warnAt } = this.config.quota;
    const fingerprint = JSON.stringify({ defaultGroups, defaultTotal, warnAt });
    try {
      if ((await this.warnings.setting(FINGERPRINT)) === fingerprint) return;
      await this.outbox.enqueueEveryOwnerWithUsage();
      await this.warnings.setSetting(FINGERPRINT, fingerprint);
    } catch (error) {
      this.logger.error(`quota warnings: could not compare the settings: ${(error as Error).message}`);
    }
  }
}

function keyOf(t: { group: string; rule: string; threshold: number }): string {
  return JSON.stringify([t.group, t.rule, t.threshold]);
}

function keys(thresholds: readonly { group: string; rule: string; threshold: number }[]): Set<string> {
  return new Set(thresholds.map(keyOf));
}
