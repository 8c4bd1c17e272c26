import { Inject, Injectable } from '@nestjs/common';
import { DailyUsage, parseHistoryRange, QuotaSnapshotStore, QuotaSubject, subjectSeries, usageDayOf } from '@bellows/domain';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { asUnprocessable } from '../quota/quota-input';
import { QuotaHistoryInfo } from './dto/quota-history.dto';

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

/** A history request as the API receives it: every field optional, nothing checked yet. */
export interface RawHistoryQuery {
  readonly subject?: unknown;
  readonly from?: unknown;
  readonly to?: unknown;
}

/** Whose history: an owner's (user or organization) or the whole instance's. */
export type HistoryOf = { ownerId: number } | 'instance';

/**
 * The usage history read from the daily snapshots (QuotaSnapshotJob takes
 * them): an owner's or the instance's figure for one subject, per day, oldest
 * first. Days without a snapshot are left out, not made up.
 */
@Injectable()
export class QuotaHistory {
  constructor(
    private readonly snapshots: QuotaSnapshotStore,
    @Inject(CONFIG) private readonly config: BellowsConfig,
  ) {}

  /** The owner's points in the range (the days `from` and `to` fall on in UTC), oldest first. */
  async series(ownerId: number, query: QuotaHistoryQuery): Promise<QuotaHistoryPoint[]> {
    return pointsOf(await this.snapshots.seriesOf(ownerId, usageDayOf(query.from), usageDayOf(query.to)), query.subject);
  }

  /** The instance's points (every owner added up) in the range, oldest first. */
  async instanceSeries(query: QuotaHistoryQuery): Promise<QuotaHistoryPoint[]> {
    return pointsOf(await this.snapshots.instanceSeries(usageDayOf(query.from), usageDayOf(query.to)), query.subject);
  }

  /**
   * The API's answer: the request checked and completed with its defaults
   * (422 naming what is wrong), then the series it asks for.
   */
  async answer(of: HistoryOf, input: RawHistoryQuery): Promise<QuotaHistoryInfo> {
    const range = await asUnprocessable(() => parseHistoryRange(input, usageDayOf(new Date()), this.config.quota.historyDays));
    const days =
      of === 'instance'
        ? await this.snapshots.instanceSeries(range.from, range.to)
        : await this.snapshots.seriesOf(of.ownerId, range.from, range.to);
    return { subject: range.subject, from: range.from, to: range.to, points: pointsOf(days, range.subject) };
  }
}

function pointsOf(days: readonly DailyUsage[], subject: QuotaSubject): QuotaHistoryPoint[] {
  return subjectSeries(days, subject).map(({ day, bytes }) => ({ date: day, bytes }));
}
