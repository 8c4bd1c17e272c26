import { Module } from '@nestjs/common';

/** Warnings when an owner's usage crosses [quota] WARN_AT of a rule: events, notifications, the quota webhook. */
@Module({})
export class QuotaWarningsModule {}
