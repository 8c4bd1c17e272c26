import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { DatabaseHealth } from './database-health';

/** Whether the server can serve: the database answers. */
@Injectable()
export class HealthService {
  constructor(private readonly database: DatabaseHealth) {}

  /** `pass`, or 503 when the database is not answering. */
  async check(): Promise<{ status: 'pass' }> {
    try {
      await this.database.ping();
    } catch {
      throw new ServiceUnavailableException('database is not answering');
    }
    return { status: 'pass' };
  }
}
