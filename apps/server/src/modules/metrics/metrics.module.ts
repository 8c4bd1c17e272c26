import { Module } from '@nestjs/common';

/** The Prometheus endpoint {ROOT_URL}metrics. */
@Module({})
export class MetricsModule {}
