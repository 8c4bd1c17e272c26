import { Inject, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { AccountsModule } from '../accounts/accounts.module';
import { shapeContextProvider } from '../accounts/shape-context.provider';
import { QuotaDisabledMiddleware } from '../quota/quota-disabled.middleware';
import { QuotaModule } from '../quota/quota.module';
import { QuotaOverviewModule } from '../quota-overview/quota-overview.module';
import { AdminQuotaEventsController, OrgQuotaEventsController, UserQuotaEventsController } from './quota-events.controllers';
import { QuotaEvents } from './quota-events.service';
import { QuotaWarningNotices } from './quota-warning-notices';
import { QuotaWarningWorker } from './quota-warning-worker';

const CONTROLLERS = [UserQuotaEventsController, OrgQuotaEventsController, AdminQuotaEventsController];

/** Warnings when an owner's usage crosses [quota] WARN_AT of a rule: events, notifications, the quota webhook. */
@Module({
  imports: [AccountsModule, QuotaModule, QuotaOverviewModule],
  controllers: CONTROLLERS,
  providers: [QuotaEvents, QuotaWarningNotices, QuotaWarningWorker, shapeContextProvider],
  exports: [QuotaWarningWorker],
})
export class QuotaWarningsModule implements NestModule {
  constructor(@Inject(CONFIG) private readonly config: BellowsConfig) {}

  /** Hidden like the rest of the quota API when `[quota] ENABLED = false`. */
  configure(consumer: MiddlewareConsumer): void {
    if (!this.config.quota.enabled) consumer.apply(QuotaDisabledMiddleware).forRoutes(...CONTROLLERS);
  }
}
