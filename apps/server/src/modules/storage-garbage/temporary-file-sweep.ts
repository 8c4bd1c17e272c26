import { Injectable, Logger } from '@nestjs/common';
import { JobSchedule, ScheduledTask } from '@bellows/domain';
import { GARBAGE_MIN_AGE_MS } from './garbage-policy';
import { StorageGarbage } from './storage-garbage.service';

/**
 * Removes partial uploads a crash left behind: JobScheduler runs it
 * (`delete_temporary_files`) as each instance starts, before it serves, and
 * then once every GARBAGE_MIN_AGE_MS across instances, so that files of a
 * crash followed by a quick restart go too once they are old enough. Blobs no
 * row refers to are left to `bellows admin storage gc` (and `bellows admin
 * quota recalculate`).
 */
@Injectable()
export class TemporaryFileSweep implements ScheduledTask {
  readonly schedule: JobSchedule = { everyMs: GARBAGE_MIN_AGE_MS };
  readonly runAtStart = true;
  private readonly logger = new Logger('StorageGarbage');
  private running: Promise<void> | undefined;

  constructor(private readonly garbage: StorageGarbage) {}

  /** One pass (a pass under way in this process is joined, not doubled); failures are logged, never thrown. */
  run(): Promise<void> {
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(): Promise<void> {
    try {
      const swept = await this.garbage.sweepTemporary();
      if (swept.length > 0) {
        const bytes = swept.reduce((sum, file) => sum + file.size, 0);
        this.logger.warn(`removed ${swept.length} partial upload file(s) (${bytes} bytes) left in storage by an interrupted run`);
      }
    } catch (error) {
      this.logger.error(`sweeping temporary files failed: ${(error as Error).message}`);
    }
  }
}
