import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

/** `GET /api/healthz`, for load balancers and process supervisors. */
@Module({ controllers: [HealthController], providers: [HealthService] })
export class HealthModule {}
