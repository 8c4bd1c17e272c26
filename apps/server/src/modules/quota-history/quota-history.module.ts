import { Module } from '@nestjs/common';
import { QuotaHistory } from './quota-history.service';

/** Daily quota usage snapshots and their series (`/user/quota/history`, org and admin variants). */
@Module({
  providers: [QuotaHistory],
  exports: [QuotaHistory],
})
export class QuotaHistoryModule {}
