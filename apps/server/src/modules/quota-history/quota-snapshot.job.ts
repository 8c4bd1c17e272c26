import { Inject, Injectable, Logger } from '@nestjs/common';
import { firstKeptDay, JobSchedule, QuotaSnapshotStore, ScheduledTask, UsageDay, usageDayOf } from '@bellows/domain';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What one pass did. */
export interface SnapshotPass {
  /** The UTC day whose figures were written. */
  day: UsageDay;
  /** Snapshot rows of days no longer kept that were deleted. */
  deleted: number;
}

/**
 * The daily `quota_usage_snapshot` job: copies every owner's ledger figures
 * under today's UTC day (a second pass the same day overwrites them, so the
 * day's point is the ledger at the last pass), then deletes the days older
 * than `[quota] HISTORY_DAYS`. JobScheduler runs it once a day across
 * instances; `POST /admin/cron/quota_usage_snapshot` runs it now. It runs
 * while quota is disabled too: the stores keep counting then, and the history
 * is there when quota is turned on.
 */
@Injectable()
export class QuotaSnapshotJob implements ScheduledTask {
  readonly schedule: JobSchedule = { everyMs: DAY_MS };
  private readonly logger = new Logger('QuotaHistory');

  constructor(
    private readonly snapshots: QuotaSnapshotStore,
    @Inject(CONFIG) private readonly config: BellowsConfig,
  ) {}

  async run(now = new Date()): Promise<SnapshotPass> {
    const day = usageDayOf(now);
    await this.snapshots.takeSnapshot(day);
    const deleted = await this.snapshots.deleteBefore(firstKeptDay(day, this.config.quota.historyDays));
    if (deleted > 0) this.logger.log(`deleted ${deleted} usage snapshot row(s) older than ${this.config.quota.historyDays} days`);
    return { day, deleted };
  }
}
