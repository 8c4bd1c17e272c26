import { Inject, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { AccountsModule } from '../accounts/accounts.module';
import { QuotaDisabledMiddleware } from '../quota/quota-disabled.middleware';
import { AdminQuotaHistoryController } from './admin-quota-history.controller';
import { OrgQuotaHistoryController } from './org-quota-history.controller';
import { QuotaHistory } from './quota-history.service';
import { QuotaSnapshotJob } from './quota-snapshot.job';
import { UserQuotaHistoryController } from './user-quota-history.controller';

const HISTORY_CONTROLLERS = [UserQuotaHistoryController, OrgQuotaHistoryController, AdminQuotaHistoryController];

/**
 * Daily quota usage snapshots (QuotaSnapshotJob, run by AdminCronModule's
 * scheduler as `quota_usage_snapshot`) and their series
 * (`/user/quota/history`, org and admin variants; QuotaHistory for the storage page).
 */
@Module({
  imports: [AccountsModule],
  controllers: HISTORY_CONTROLLERS,
  providers: [QuotaHistory, QuotaSnapshotJob],
  exports: [QuotaHistory, QuotaSnapshotJob],
})
export class QuotaHistoryModule implements NestModule {
  constructor(@Inject(CONFIG) private readonly config: BellowsConfig) {}

  /** Hidden with the rest of the quota API when `[quota] ENABLED = false`. */
  configure(consumer: MiddlewareConsumer): void {
    if (!this.config.quota.enabled) consumer.apply(QuotaDisabledMiddleware).forRoutes(...HISTORY_CONTROLLERS);
  }
}
