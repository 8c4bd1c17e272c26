import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { QuotaModule } from '../quota/quota.module';
import { QuotaHistoryModule } from '../quota-history/quota-history.module';
import { QuotaOverviewModule } from '../quota-overview/quota-overview.module';
import { WebSessionsModule } from '../web-sessions/web-sessions.module';
import { StoragePageRoutes } from './storage-page.routes';
import { StorageReports } from './storage-reports.service';

/** The server-rendered storage pages (user, organization, admin settings), for browsers signed in with a session. */
@Module({
  imports: [WebSessionsModule, QuotaModule, QuotaHistoryModule, QuotaOverviewModule, AccountsModule],
  providers: [StorageReports, StoragePageRoutes],
})
export class StoragePageModule {}
