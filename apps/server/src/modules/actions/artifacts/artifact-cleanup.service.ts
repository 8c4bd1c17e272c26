import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { ActionRunStore, ArtifactStore, JobSchedule, ScheduledTask } from '@bellows/domain';
import { ArtifactBlobs } from './artifact-blobs';
import { ArtifactService } from './artifact.service';

const HOUR_MS = 60 * 60 * 1000;
/** Uploads never finalized within a day are abandoned (a job runs at most that long with its token). */
const ABANDONED_AFTER_MS = 24 * HOUR_MS;
/** Rows handled per pass of one query, so a large backlog does not load at once. */
const BATCH = 100;

export interface CleanupResult {
  expired: number;
  abandonedUploads: number;
}

/**
 * The hourly job that expires artifacts past their `expires_at` (they stop
 * counting toward quota and their zips are deleted) and removes uploads that
 * were never finalized. JobScheduler runs it (`cleanup_actions`), once per
 * hour across instances.
 */
@Injectable()
export class ArtifactCleanup implements ScheduledTask, OnApplicationShutdown {
  readonly schedule: JobSchedule = { everyMs: HOUR_MS };
  private running: Promise<CleanupResult> | undefined;

  constructor(
    private readonly artifactStore: ArtifactStore,
    private readonly runs: ActionRunStore,
    private readonly blobs: ArtifactBlobs,
    private readonly artifacts: ArtifactService,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  /** One pass now (tests call this with a later `now`); a pass already under way in this process is joined rather than doubled. */
  run(now = new Date()): Promise<CleanupResult> {
    this.running ??= this.pass(now).finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(now: Date): Promise<CleanupResult> {
    return { expired: await this.expireDue(now), abandonedUploads: await this.removeAbandoned(now) };
  }

  private async expireDue(now: Date): Promise<number> {
    let count = 0;
    const due = () => this.artifactStore.listDueForExpiry(now, BATCH);
    for (let batch = await due(); batch.length > 0; batch = await due()) {
      for (const artifact of batch) {
        // The row first: once it is expired nothing serves the file, which can then go.
        if (await this.artifactStore.markExpired(artifact.id)) count++;
        await this.blobs.remove(artifact.storageKey);
      }
    }
    return count;
  }

  private async removeAbandoned(now: Date): Promise<number> {
    const uploads = await this.runs.listUploadsStartedBefore(new Date(now.getTime() - ABANDONED_AFTER_MS), BATCH);
    for (const upload of uploads) await this.artifacts.discardUpload(upload);
    return uploads.length;
  }
}
