import { Inject, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { AccountsModule } from '../accounts/accounts.module';
import { AdminQuotaController } from './admin-quota.controller';
import { OrgQuotaController } from './org-quota.controller';
import { QuotaAdministration } from './quota-administration.service';
import { QuotaDisabledMiddleware } from './quota-disabled.middleware';
import { quotaEngineProvider } from './quota-engine.provider';
import { QuotaUsageListingService } from './quota-usage-listing.service';
import { UserQuotaController } from './user-quota.controller';

const QUOTA_CONTROLLERS = [UserQuotaController, OrgQuotaController, AdminQuotaController];

/** The quota API (user, organization, admin). The QuotaEngine is exported for other areas that want to ask. */
@Module({
  imports: [AccountsModule],
  controllers: QUOTA_CONTROLLERS,
  providers: [quotaEngineProvider, QuotaUsageListingService, QuotaAdministration],
  exports: [quotaEngineProvider],
})
export class QuotaModule implements NestModule {
  constructor(@Inject(CONFIG) private readonly config: BellowsConfig) {}

  configure(consumer: MiddlewareConsumer): void {
    if (!this.config.quota.enabled) consumer.apply(QuotaDisabledMiddleware).forRoutes(...QUOTA_CONTROLLERS);
  }
}
