import { Module } from '@nestjs/common';
import { QuotaSummaries } from './quota-summaries';

/** The operators' overview of every owner's storage (`/admin/quota/usage`, `bellows admin quota report`). */
@Module({
  providers: [QuotaSummaries],
  exports: [QuotaSummaries],
})
export class QuotaOverviewModule {}
