import { Module } from '@nestjs/common';
import { ActionsModule } from '../actions/actions.module';
import { StorageGarbageModule } from '../storage-garbage/storage-garbage.module';
import { AdminCronController } from './admin-cron.controller';
import { CronTasks } from './cron-tasks';

/** `GET /admin/cron` and `POST /admin/cron/{task}`: the server's periodic jobs. */
@Module({
  imports: [ActionsModule, StorageGarbageModule],
  controllers: [AdminCronController],
  providers: [CronTasks],
})
export class AdminCronModule {}
