import { Injectable } from '@nestjs/common';
import { QuotaSubject } from '@bellows/domain';

/** The instance's storage at a glance: what metrics and the overview's totals show. */
export interface QuotaInstanceTotals {
  /** Bytes per subject, summed over every owner. */
  readonly subjects: Readonly<Record<QuotaSubject, number>>;
  /** Owners (users and organizations). */
  readonly owners: number;
  /** Owners over quota for `size:all`. */
  readonly ownersOverQuota: number;
}

/**
 * The overview's per-owner rows, kept up to the ledger and the owners'
 * effective groups. STUB until the overview lands (issue 16): refresh does
 * nothing and the totals are empty.
 */
@Injectable()
export class QuotaSummaries {
  /** Brings the rows of these owners up to their ledger figures and groups; the quota worker calls it after each batch. */
  async refresh(_ownerIds: readonly number[]): Promise<void> {}

  async instanceTotals(): Promise<QuotaInstanceTotals> {
    return { subjects: {} as Record<QuotaSubject, number>, owners: 0, ownersOverQuota: 0 };
  }
}
