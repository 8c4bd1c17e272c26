import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { HealthService } from './health.service';

/** `GET /api/healthz`: 200 when the database answers, 503 when it does not. */
@ApiExcludeController()
@Controller('api/healthz')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  check(): Promise<{ status: 'pass' }> {
    return this.health.check();
  }
}
