import { DataSource } from 'typeorm';
import { QuotaGroup, QuotaUsage } from '@bellows/domain';
import { AccessTokenEntity } from '../entities/access-token.entity';
import { OwnerEntity } from '../entities/owner.entity';
import { RepositoryEntity } from '../entities/repository.entity';
import type { IssueListPage } from '../stores/issue-listing';
import { ChangeVersions } from './change-versions';
import { asIs, itemsCopier, shallowCopier, VersionedCache } from './versioned-cache';

/** Entries per cache: enough for every active user of a large instance, a few MiB at most. */
const MAX_ENTRIES = 10_000;

/**
 * Pages of issue lists kept: the first pages of the busiest lists. A page
 * holds up to 50 issues with their bodies, so a few tens of MiB at most for
 * issues of ordinary length.
 */
const MAX_ISSUE_PAGES = 256;

/**
 * The reads every API request makes (authentication, the quota answers) and
 * the most read page of a forge (a repository's issues),
 * cached per data source and invalidated by the writes themselves (see
 * ChangeVersions).
 */
export class ReadCaches {
  private static readonly byDataSource = new WeakMap<DataSource, ReadCaches>();

  readonly ownersById: VersionedCache<number, OwnerEntity | null>;
  readonly ownersByName: VersionedCache<string, OwnerEntity | null>;
  readonly tokensByLastEight: VersionedCache<string, AccessTokenEntity[]>;
  readonly repositoriesById: VersionedCache<number, RepositoryEntity | null>;
  /** Keyed `ownerId/lower-case name`. */
  readonly repositoriesByName: VersionedCache<string, RepositoryEntity | null>;
  readonly usageByOwner: VersionedCache<number, QuotaUsage>;
  readonly assignedGroups: VersionedCache<number, QuotaGroup[]>;
  readonly groupsByName: VersionedCache<string, QuotaGroup | undefined>;
  /** Pages of issue lists, keyed by filter and page; frozen, so served as they are. */
  readonly issueLists: VersionedCache<string, IssueListPage>;

  private constructor(versions: ChangeVersions) {
    this.ownersById = new VersionedCache(versions, MAX_ENTRIES, shallowCopier);
    this.ownersByName = new VersionedCache(versions, MAX_ENTRIES, shallowCopier);
    this.tokensByLastEight = new VersionedCache(versions, MAX_ENTRIES, itemsCopier);
    this.repositoriesById = new VersionedCache(versions, MAX_ENTRIES, shallowCopier);
    this.repositoriesByName = new VersionedCache(versions, MAX_ENTRIES, shallowCopier);
    this.usageByOwner = new VersionedCache(versions, MAX_ENTRIES, asIs<QuotaUsage>);
    this.assignedGroups = new VersionedCache(versions, MAX_ENTRIES, () => (groups) => [...groups]);
    this.groupsByName = new VersionedCache(versions, MAX_ENTRIES, asIs<QuotaGroup | undefined>);
    this.issueLists = new VersionedCache(versions, MAX_ISSUE_PAGES, asIs<IssueListPage>);
  }

  static of(dataSource: DataSource): ReadCaches {
    let caches = this.byDataSource.get(dataSource);
    if (!caches) this.byDataSource.set(dataSource, (caches = new ReadCaches(ChangeVersions.of(dataSource))));
    return caches;
  }
}
