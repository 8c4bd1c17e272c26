import { Inject, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { QuotaDisabledMiddleware } from '../quota/quota-disabled.middleware';
import { QuotaModule } from '../quota/quota.module';
import { AdminQuotaOverviewController } from './admin-quota-overview.controller';
import { QuotaSummaries } from './quota-summaries';

/** The operators' overview of every owner's storage (`/admin/quota/usage`, `bellows admin quota report`). */
@Module({
  imports: [QuotaModule],
  controllers: [AdminQuotaOverviewController],
  providers: [QuotaSummaries],
  exports: [QuotaSummaries],
})
export class QuotaOverviewModule implements NestModule {
  constructor(@Inject(CONFIG) private readonly config: BellowsConfig) {}

  /** Hidden like the rest of the quota API when `[quota] ENABLED = false`. */
  configure(consumer: MiddlewareConsumer): void {
    if (!this.config.quota.enabled) consumer.apply(QuotaDisabledMiddleware).forRoutes(AdminQuotaOverviewController);
  }
}
