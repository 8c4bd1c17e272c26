import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import {
  effectiveGroups,
  groupsToEvaluate,
  leavesOf,
  OwnerQuotaFigures,
  ownerQuotaFigures,
  OwnerQuotaSummaryStore,
  QUOTA_SUBJECTS,
  QuotaGroup,
  QuotaLimitStore,
  QuotaSubject,
  QuotaUsage,
  StoredOwnerQuotaSummary,
} from '@bellows/domain';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';

/** The instance's storage at a glance: what metrics and the overview's totals show. */
export interface QuotaInstanceTotals {
  /** Bytes per subject, summed over every owner. */
  readonly subjects: Readonly<Record<QuotaSubject, number>>;
  /** Owners (users and organizations). */
  readonly owners: number;
  /** Owners over quota for `size:all`. */
  readonly ownersOverQuota: number;
  /** The same bytes per leaf bucket (`usage.toUsed()` is Forgejo's QuotaUsed shape). */
  readonly usage: QuotaUsage;
}

/** One owner's row of the overview. */
export interface OwnerQuotaSummary {
  readonly ownerId: number;
  readonly name: string;
  readonly type: 'user' | 'org';
  /** Bytes per subject (`size:wiki` is always 0: the wiki is not tracked). */
  readonly bytes: Readonly<Record<QuotaSubject, number>>;
  /** The same bytes per leaf bucket (`usage.toUsed()` is Forgejo's QuotaUsed shape). */
  readonly usage: QuotaUsage;
  /** Names of the owner's effective groups (assigned, else the existing default groups). */
  readonly groups: readonly string[];
  /** Over quota for `size:all`. */
  readonly overQuota: boolean;
}

/** Which owners a page of the overview shows, in which order (ties by owner id, in the same direction). */
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

/** Owners refreshed per batch: one ledger read, one assignments read and one transaction of upserts for them all. */
const REFRESH_BATCH = 200;

/**
 * The overview's per-owner rows (`owner_quota_summary`), kept up to the
 * ledger and the owners' effective groups.
 *
 * The rows follow the ledger through the quota outbox: every usage or limits
 * change enqueues its owners and the quota worker calls `refresh` after each
 * batch. Rows never refreshed (new owners, every owner right after the
 * upgrade) are brought up by a start-up pass, and by `list` and
 * `instanceTotals` before they read, a batch at most so that a request stays
 * short while the start-up pass works through an upgraded instance (normally
 * there is none: one look-up in a partial index; the new owners since the
 * last change, when there are some).
 */
@Injectable()
export class QuotaSummaries implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('QuotaSummaries');
  private startUpPass: Promise<void> | undefined;
  private stopping = false;

  constructor(
    private readonly store: OwnerQuotaSummaryStore,
    private readonly limits: QuotaLimitStore,
    @Inject(CONFIG) private readonly config: BellowsConfig,
  ) {}

  /**
   * Brings the rows of these owners up to their ledger figures and groups; the
   * quota worker calls it after each batch. A batch of owners is read at once
   * (their ledger rows, their assignments, the groups) and written in one
   * transaction, which waits for any other refresh before it reads. The
   * evaluation is the domain's, as QuotaEngine's.
   */
  async refresh(ownerIds: readonly number[]): Promise<void> {
    const unique = [...new Set(ownerIds)];
    for (let start = 0; start < unique.length; start += REFRESH_BATCH) {
      const batch = unique.slice(start, start + REFRESH_BATCH);
      try {
        await this.refreshBatch(batch);
      } catch (error) {
        // Once more (a busy database, a deadlock victim), else leave them for the next read or start: their outbox rows are gone.
        this.logger.warn(`quota overview: refresh failed, trying again: ${(error as Error)?.message ?? error}`);
        await this.refreshBatch(batch).catch(async (again: unknown) => {
          await this.store.markStale(batch).catch(() => undefined);
          throw again;
        });
      }
    }
  }

  /** A page of owners, and how many match the filters. */
  async list(query: OwnerQuotaQuery): Promise<{ total: number; items: OwnerQuotaSummary[] }> {
    await this.refreshNeverRefreshed(1);
    const { total, items } = await this.store.page({
      sort: query.sort,
      order: query.order,
      over: query.over,
      kind: query.type === undefined ? undefined : query.type === 'org' ? 'organization' : 'user',
      nameContains: query.q,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    return { total, items: items.map(summaryOf) };
  }

  async instanceTotals(): Promise<QuotaInstanceTotals> {
    await this.refreshNeverRefreshed(1);
    const totals = await this.store.totals();
    return {
      subjects: bytesPerSubject(totals.usage),
      owners: totals.owners,
      ownersOverQuota: totals.ownersOverQuota,
      usage: totals.usage,
    };
  }

  /** Refreshes rows never refreshed, a batch at a time, until there is none, `maxBatches` were done or the process stops. */
  async refreshNeverRefreshed(maxBatches = Infinity): Promise<number> {
    let refreshed = 0;
    for (let batch = 0; batch < maxBatches && !this.stopping; batch++) {
      const ownerIds = await this.store.neverRefreshed(REFRESH_BATCH);
      if (ownerIds.length === 0) break;
      await this.refresh(ownerIds);
      refreshed += ownerIds.length;
    }
    return refreshed;
  }

  /**
   * Owners with no group assigned and nothing in the ledger all have the same
   * summary, decided by `[quota] DEFAULT_GROUPS` and `[quota.default] TOTAL`
   * alone: written in one statement. The outbox enqueues only owners with
   * ledger rows when the defaults change, so the start-up pass does this for
   * the others (a changed DEFAULT_GROUPS is read at start).
   */
  async refreshIdleOwners(): Promise<number> {
    const figures = this.evaluate(finderOf(await this.limits.listGroups()), 0, QuotaUsage.NONE, []);
    return this.store.writeForIdleOwners(figures.groups, figures.overQuota);
  }

  /** The start-up pass runs in the background: an upgraded instance serves at once and its overview is right a moment later. */
  onApplicationBootstrap(): void {
    this.startUpPass = this.startUp().then(
      (count) => void (count > 0 && this.logger.log(`quota overview: ${count} owners brought up to date`)),
      (error: unknown) => this.logger.warn(`quota overview: start-up pass stopped: ${(error as Error)?.message ?? error}`),
    );
  }

  private async startUp(): Promise<number> {
    const idle = await this.refreshIdleOwners();
    return idle + (await this.refreshNeverRefreshed());
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    await this.startUpPass;
  }

  private async refreshBatch(ownerIds: readonly number[]): Promise<void> {
    const find = finderOf(await this.limits.listGroups());
    await this.store.refresh(ownerIds, (ledger, assigned) =>
      ownerIds.map((ownerId) => this.evaluate(find, ownerId, ledger.get(ownerId) ?? QuotaUsage.NONE, assigned.get(ownerId) ?? [])),
    );
  }

  /** One owner's figures from its usage and assigned group names, among the groups there are: the domain's rules, as QuotaEngine's. */
  private evaluate(
    find: (name: string) => QuotaGroup | undefined,
    ownerId: number,
    usage: QuotaUsage,
    assignedNames: readonly string[],
  ): OwnerQuotaFigures {
    const defaults = { defaultGroups: this.config.quota.defaultGroups, defaultTotal: this.config.quota.defaultTotal };
    const assigned = assignedNames.map(find).filter((group): group is QuotaGroup => group !== undefined);
    const effective = effectiveGroups(assigned, defaults, find);
    return ownerQuotaFigures(ownerId, usage, effective, groupsToEvaluate(effective, defaults.defaultTotal));
  }
}

/** Looks groups up by name, as the limit store does (names are unique regardless of case). */
function finderOf(groups: readonly QuotaGroup[]): (name: string) => QuotaGroup | undefined {
  const byName = new Map(groups.map((group) => [group.name.toLowerCase(), group]));
  return (name) => byName.get(name.toLowerCase());
}

/** Each subject with its leaves, worked out once: a page computes this for every item. */
const LEAVES_OF_SUBJECTS = QUOTA_SUBJECTS.map((subject) => [subject, leavesOf(subject)] as const);

/** Bytes per subject, `size:wiki` included (always 0). */
export function bytesPerSubject(usage: QuotaUsage): Record<QuotaSubject, number> {
  const bytes = {} as Record<QuotaSubject, number>;
  for (const [subject, leaves] of LEAVES_OF_SUBJECTS) {
    let sum = 0;
    for (const leaf of leaves) sum += usage.bytesIn(leaf);
    bytes[subject] = sum;
  }
  return bytes;
}

function summaryOf(stored: StoredOwnerQuotaSummary): OwnerQuotaSummary {
  return {
    ownerId: stored.ownerId,
    name: stored.name,
    type: stored.kind === 'organization' ? 'org' : 'user',
    bytes: bytesPerSubject(stored.usage),
    usage: stored.usage,
    groups: stored.groups,
    overQuota: stored.overQuota,
  };
}
