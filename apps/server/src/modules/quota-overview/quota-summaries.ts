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

/** One owner's row of the overview. */
export interface OwnerQuotaSummary {
  readonly ownerId: number;
  readonly name: string;
  readonly type: 'user' | 'org';
  /** Bytes per subject (`size:wiki` is always 0: the wiki is not tracked). */
  readonly bytes: Readonly<Record<QuotaSubject, number>>;
  /** Names of the owner's effective groups (assigned, else the existing default groups). */
  readonly groups: readonly string[];
  /** Over quota for `size:all`. */
  readonly overQuota: boolean;
}

/** Which owners a page of the overview shows, in which order. */
export interface OwnerQuotaQuery {
  readonly sort: QuotaSubject;
  readonly order: 'asc' | 'desc';
  readonly over?: boolean;
  readonly type?: 'user' | 'org';
  /** Part of the owner's name, case-insensitive. */
  readonly q?: string;
  /** 1-based. */
  readonly page: number;
  readonly limit: number;
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

  /** A page of owners, and how many match the filters. */
  async list(_query: OwnerQuotaQuery): Promise<{ total: number; items: OwnerQuotaSummary[] }> {
    return { total: 0, items: [] };
  }

  async instanceTotals(): Promise<QuotaInstanceTotals> {
    return { subjects: {} as Record<QuotaSubject, number>, owners: 0, ownersOverQuota: 0 };
  }
}
