import { Type } from '@nestjs/common';
import { ArtifactCleanup } from '../actions/artifacts/artifact-cleanup.service';
import { TemporaryFileSweep } from '../storage-garbage/temporary-file-sweep';
import { QuotaSnapshotJob } from '../quota-history/quota-snapshot.job';
import { ScheduledTask } from '@bellows/domain';

/**
 * The periodic jobs this server really runs, under Forgejo-style names:
 * `cleanup_actions` (expire artifacts past their retention, drop uploads never
 * finished; Forgejo's task of that name does the same for its actions assets)
 * and `delete_temporary_files` (partial upload files an interrupted run left
 * in storage), and `quota_usage_snapshot` (Bellows' own: today's figures of
 * every owner's usage for the quota history). A new job is one line here (its
 * module imported by AdminCronModule); JobScheduler runs each once per due
 * time across instances.
 */
export const CRON_TASKS: Readonly<Record<string, Type<ScheduledTask>>> = {
  cleanup_actions: ArtifactCleanup,
  delete_temporary_files: TemporaryFileSweep,
  quota_usage_snapshot: QuotaSnapshotJob,
};
