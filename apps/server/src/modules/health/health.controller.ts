import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Database } from '@bellows/persistence-typeorm';

/** `GET /api/healthz`: 200 when the database answers, 503 when it does not. */
@ApiExcludeController()
@Controller('api/healthz')
export class HealthController {
  constructor(private readonly db: Database) {}

  @Get()
  async check(): Promise<{ status: 'pass' }> {
    try {
      await this.db.ping();
    } catch {
      throw new ServiceUnavailableException('database is not answering');
    }
    return { status: 'pass' };
  }
}
