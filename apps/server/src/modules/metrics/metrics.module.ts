import { Module } from '@nestjs/common';
import { QuotaOverviewModule } from '../quota-overview/quota-overview.module';
import { PrometheusMetrics } from './prometheus-metrics';

/**
 * The Prometheus endpoint {ROOT_URL}metrics (`[metrics]`). No controller: the
 * route and the request hook are added to Fastify by createApp through
 * PrometheusMetrics.mount, only when enabled, so that a disabled endpoint is
 * no route at all and every route (git, LFS, packages included) is timed.
 */
@Module({
  imports: [QuotaOverviewModule],
  providers: [PrometheusMetrics],
  exports: [PrometheusMetrics],
})
export class MetricsModule {}
