import { Module } from '@nestjs/common';
import { ActionsModule } from '../actions/actions.module';
import { QuotaHistoryModule } from '../quota-history/quota-history.module';
import { StorageGarbageModule } from '../storage-garbage/storage-garbage.module';
import { AdminCronController } from './admin-cron.controller';
import { JobScheduler } from './job-scheduler';

/** The server's periodic jobs (CRON_TASKS), run once per due time across instances; `GET /admin/cron`, `POST /admin/cron/{task}`. */
@Module({
  imports: [ActionsModule, StorageGarbageModule, QuotaHistoryModule],
  controllers: [AdminCronController],
  providers: [JobScheduler],
})
export class AdminCronModule {}
