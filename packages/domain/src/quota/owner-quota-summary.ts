import { OwnerKind } from '../accounts/owner';
import { isOverQuota } from './evaluate';
import { QuotaGroup } from './group';
import { QUOTA_SUBJECTS, QuotaSubject } from './subject';
import { QuotaUsage } from './usage';

/**
 * The operators' overview of every owner's storage: one derived summary per
 * owner (its usage, effective groups and whether it is over quota for
 * `size:all`), kept up to the ledger so that a sorted, filtered page of all
 * owners is one indexed read, whatever the number of owners and objects.
 */

/** The subjects a summary stores and sorts by: all but `size:wiki`, which is not tracked (always 0). */
export const SUMMARY_SUBJECTS: readonly QuotaSubject[] = QUOTA_SUBJECTS.filter((subject) => subject !== 'size:wiki');

/** What a refresh writes for one owner. */
export interface OwnerQuotaFigures {
  readonly ownerId: number;
  readonly usage: QuotaUsage;
  /** Names of the owner's effective groups (assigned, else the existing default groups), in their order. */
  readonly groups: readonly string[];
  /** Over quota for `size:all` against the groups a check evaluates. */
  readonly overQuota: boolean;
}

/**
 * One owner's figures from its usage, its effective groups (shown) and the
 * groups a check evaluates (the effective ones, or the built-in default rule
 * when there are none).
 */
export function ownerQuotaFigures(
  ownerId: number,
  usage: QuotaUsage,
  effective: readonly QuotaGroup[],
  evaluated: readonly QuotaGroup[],
): OwnerQuotaFigures {
  return { ownerId, usage, groups: effective.map((group) => group.name), overQuota: isOverQuota(evaluated, usage, 'size:all') };
}

/** A stored summary with the owner's name and kind. */
export interface StoredOwnerQuotaSummary {
  readonly ownerId: number;
  readonly name: string;
  readonly kind: OwnerKind;
  readonly usage: QuotaUsage;
  readonly groups: readonly string[];
  readonly overQuota: boolean;
}

/**
 * Which summaries a page holds: ordered by the subject's bytes, ties by
 * owner id in the same direction (so either direction is one walk along an
 * index), filtered, from `offset`.
 */
export interface OwnerQuotaSummaryFilter {
  readonly sort: QuotaSubject;
  readonly order: 'asc' | 'desc';
  readonly over?: boolean;
  readonly kind?: OwnerKind;
  /** Part of the owner's name, case-insensitive. */
  readonly nameContains?: string;
  readonly offset: number;
  readonly limit: number;
}

/** The whole instance: bytes per bucket summed over every owner, and how many owners (over quota). */
export interface OwnerQuotaTotals {
  readonly usage: QuotaUsage;
  readonly owners: number;
  readonly ownersOverQuota: number;
}

/** Stores the summaries. Every owner has one from its creation (zero, never refreshed) until it is deleted. */
export abstract class OwnerQuotaSummaryStore {
  /** Overwrites the summaries of these owners in one transaction (owners gone meanwhile are skipped) and marks them refreshed. */
  abstract write(figures: readonly OwnerQuotaFigures[]): Promise<void>;
  /**
   * Refreshes these owners' summaries in one transaction that first waits for
   * any other refresh, then reads their ledger figures and assigned group
   * names, and writes what `evaluate` makes of them: of two refreshes of an
   * owner, the one written last read the newer figures.
   */
  abstract refresh(
    ownerIds: readonly number[],
    evaluate: (ledger: Map<number, QuotaUsage>, assigned: Map<number, string[]>) => OwnerQuotaFigures[],
  ): Promise<void>;
  /** Marks these owners' summaries as never refreshed, so the next listing or start refreshes them (after a refresh failed). */
  abstract markStale(ownerIds: readonly number[]): Promise<void>;
  /** One page of the summaries matching the filter, and how many match. */
  abstract page(filter: OwnerQuotaSummaryFilter): Promise<{ total: number; items: StoredOwnerQuotaSummary[] }>;
  /** Sums over every summary. */
  abstract totals(): Promise<OwnerQuotaTotals>;
  /** The ledger's figures of these owners (owners with no ledger rows: none stored), in one read for a refresh batch. */
  abstract ledgerUsageOf(ownerIds: readonly number[]): Promise<Map<number, QuotaUsage>>;
  /** Names of the groups assigned to each of these owners, in name order (owners with none are left out). */
  abstract assignedGroupNamesOf(ownerIds: readonly number[]): Promise<Map<number, string[]>>;
  /**
   * Writes the same figures (zero usage, these groups and flag) for every
   * owner that has no group assigned and no ledger row: all such owners have
   * the same summary, which only the default groups and total decide. One
   * statement, touching only rows that differ.
   */
  abstract writeForIdleOwners(groups: readonly string[], overQuota: boolean): Promise<number>;
  /** Up to `limit` owners whose summary was never refreshed (new owners, and every owner after the upgrade), ascending. */
  abstract neverRefreshed(limit: number): Promise<number[]>;
}
