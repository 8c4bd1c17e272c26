import { DataSource } from 'typeorm';
import { QuotaGroup, QuotaUsage } from '@bellows/domain';
import { AccessTokenEntity } from '../entities/access-token.entity';
import { OwnerEntity } from '../entities/owner.entity';
import { RepositoryEntity } from '../entities/repository.entity';
import { ChangeVersions } from './change-versions';
import { copiesOf, copyOf, VersionedCache } from './versioned-cache';

/** Entries per cache: enough for every active user of a large instance, a few MiB at most. */
const MAX_ENTRIES = 10_000;

/** Immutable domain values need no copy. */
const asIs = <T>(value: T) => value;

/**
 * The reads every API request makes (authentication, the quota answers),
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

  private constructor(versions: ChangeVersions) {
    this.ownersById = new VersionedCache(versions, MAX_ENTRIES, copyOf);
    this.ownersByName = new VersionedCache(versions, MAX_ENTRIES, copyOf);
    this.tokensByLastEight = new VersionedCache(versions, MAX_ENTRIES, copiesOf);
    this.repositoriesById = new VersionedCache(versions, MAX_ENTRIES, copyOf);
    this.repositoriesByName = new VersionedCache(versions, MAX_ENTRIES, copyOf);
    this.usageByOwner = new VersionedCache(versions, MAX_ENTRIES, asIs);
    this.assignedGroups = new VersionedCache(versions, MAX_ENTRIES, (groups) => [...groups]);
    this.groupsByName = new VersionedCache(versions, MAX_ENTRIES, asIs);
  }

  static of(dataSource: DataSource): ReadCaches {
    let caches = this.byDataSource.get(dataSource);
    if (!caches) this.byDataSource.set(dataSource, (caches = new ReadCaches(ChangeVersions.of(dataSource))));
    return caches;
  }
}
