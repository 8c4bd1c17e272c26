import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { GARBAGE_MIN_AGE_MS } from './garbage-policy';
import { StorageGarbage } from './storage-garbage.service';

/**
 * In the server (not in CLI commands): removes partial uploads a crash left
 * behind, once before the server starts serving and then every
 * GARBAGE_MIN_AGE_MS, so that files of a crash followed by a quick restart go
 * too once they are old enough. Blobs no row refers to are left to
 * `bellows admin storage gc` (and `bellows admin quota recalculate`).
 */
@Injectable()
export class TemporaryFileSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('StorageGarbage');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** For `GET /admin/cron`: when the timer started, the last pass began, and how many passes ran. */
  readonly intervalMs = GARBAGE_MIN_AGE_MS;
  timerStartedAt: Date | undefined;
  lastRunAt: Date | undefined;
  runCount = 0;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly garbage: StorageGarbage,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.adapterHost.httpAdapter) return;
    await this.run();
    this.timer = setInterval(() => void this.run(), GARBAGE_MIN_AGE_MS);
    this.timer.unref();
    this.timerStartedAt = new Date();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass (a pass under way is joined, not doubled); failures are logged, never thrown. */
  run(): Promise<void> {
    if (!this.running) [this.lastRunAt, this.runCount] = [new Date(), this.runCount + 1];
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
