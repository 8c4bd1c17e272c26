import { Injectable } from '@nestjs/common';
import { QuotaSubject } from '@bellows/domain';

/** One day's figure of an owner's usage for one subject. */
export interface QuotaHistoryPoint {
  /** The snapshot's day, `YYYY-MM-DD` (UTC). */
  readonly date: string;
  readonly bytes: number;
}

/** Which part of an owner's history to read: days from `from` to `to` inclusive. */
export interface QuotaHistoryQuery {
  readonly from: Date;
  readonly to: Date;
  readonly subject: QuotaSubject;
}

/** Daily usage snapshots per owner. STUB until the history lands (issue 16): no points. */
@Injectable()
export class QuotaHistory {
  /** The owner's points in the range, oldest first. */
  async series(_ownerId: number, _query: QuotaHistoryQuery): Promise<QuotaHistoryPoint[]> {
    return [];
  }
}
