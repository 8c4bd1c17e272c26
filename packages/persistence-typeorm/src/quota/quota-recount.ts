import { EntityManager } from 'typeorm';
import { USAGE_BUCKETS, UsageBucket, UsageDifference, UsageRecount } from '@bellows/domain';
import { InTransaction, sqlParam } from './in-transaction';
import { TypeOrmLedgerCorrections } from './typeorm-ledger-corrections';
import { UsageLedger } from './usage-ledger';

/**
 * For every bucket, the query that counts it from the sized rows: it yields
 * (owner_id, bytes) per owner. `:owner` marks where an owner filter goes.
 * These are the definitions the stores' ledger updates must agree with.
 */
const COUNT_QUERIES: Record<UsageBucket, { from: string; ownerColumn: string; bytes: string }> = {
  'repos:public': { from: 'repository r WHERE r.is_private = :false', ownerColumn: 'r.owner_id', bytes: 'r.git_size' },
  'repos:private': { from: 'repository r WHERE r.is_private = :true', ownerColumn: 'r.owner_id', bytes: 'r.git_size' },
  'git:lfs': { from: 'repository r WHERE 1 = 1', ownerColumn: 'r.owner_id', bytes: 'r.lfs_size' },
  'attachments:issues': {
    from: 'attachment a INNER JOIN repository r ON r.id = a.repo_id WHERE a.release_id IS NULL AND (a.issue_id IS NOT NULL OR a.comment_id IS NOT NULL)',
    ownerColumn: 'r.owner_id',
    bytes: 'a.size',
  },
  'attachments:releases': {
    from: 'attachment a INNER JOIN repository r ON r.id = a.repo_id WHERE a.release_id IS NOT NULL',
    ownerColumn: 'r.owner_id',
    bytes: 'a.size',
  },
  artifacts: {
    from: "action_artifact a INNER JOIN repository r ON r.id = a.repo_id WHERE a.status = 'active'",
    ownerColumn: 'r.owner_id',
    bytes: 'a.compressed_size',
  },
  packages: {
    from: 'package_file f INNER JOIN package_version v ON v.id = f.version_id INNER JOIN package p ON p.id = v.package_id WHERE 1 = 1',
    ownerColumn: 'p.owner_id',
    bytes: 'f.size',
  },
};

/**
 * The UsageRecount port on TypeORM: recomputes every owner's usage from the sized rows (GROUP BY queries) and
 * compares it with the ledger. Slow by design (it reads everything); it is the
 * operator's repair tool and the tests' oracle, never on a request's path.
 */
export class QuotaRecount implements UsageRecount {
  constructor(
    private readonly manager: EntityManager,
    private readonly inTransaction: InTransaction,
  ) {}

  /** The figures that differ, for one owner or for all, ordered by owner and bucket. */
  differences(ownerId?: number): Promise<UsageDifference[]> {
    return this.compare(this.manager, ownerId);
  }

  /** Rewrites the figures that differ and returns them (what was fixed). */
  fix(ownerId?: number): Promise<UsageDifference[]> {
    return this.inTransaction(async (manager) => {
      const differences = await this.compare(manager, ownerId);
      const ledger = new UsageLedger(manager);
      for (const d of differences) await ledger.set(d.ownerId, d.bucket, d.counted);
      // Counted with the repair, in its transaction: the metrics see what was really fixed, by any process.
      await TypeOrmLedgerCorrections.record(manager, differences);
      return differences;
    });
  }

  /** One owner's bytes per bucket as counted from the rows (0 where nothing counts). */
  async countedFor(ownerId: number): Promise<Record<UsageBucket, number>> {
    const counted = await this.counted(this.manager, ownerId);
    return Object.fromEntries(USAGE_BUCKETS.map((bucket) => [bucket, counted.get(key(ownerId, bucket)) ?? 0])) as Record<
      UsageBucket,
      number
    >;
  }

  /** Bytes per owner and bucket as counted from the rows (owners with nothing are left out). */
  async counted(manager: EntityManager, ownerId?: number): Promise<Map<string, number>> {
    const totals = new Map<string, number>();
    for (const [bucket, query] of Object.entries(COUNT_QUERIES) as [UsageBucket, (typeof COUNT_QUERIES)[UsageBucket]][]) {
      const params: unknown[] = [];
      const param = (value: unknown) => {
        params.push(value);
        return sqlParam(manager, params.length);
      };
      const from = query.from.replace(':false', () => param(false)).replace(':true', () => param(true));
      const filter = ownerId === undefined ? '' : ` AND ${query.ownerColumn} = ${param(ownerId)}`;
      const rows: { owner_id: number | string; bytes: number | string }[] = await manager.query(
        `SELECT ${query.ownerColumn} AS owner_id, COALESCE(SUM(${query.bytes}), 0) AS bytes FROM ${from}${filter} GROUP BY ${query.ownerColumn}`,
        params,
      );
      for (const row of rows) totals.set(key(Number(row.owner_id), bucket), Number(row.bytes));
    }
    return totals;
  }

  private async compare(manager: EntityManager, ownerId?: number): Promise<UsageDifference[]> {
    const counted = await this.counted(manager, ownerId);
    const stored = new Map((await new UsageLedger(manager).allRows(ownerId)).map((row) => [key(row.ownerId, row.bucket), row.bytes]));
    const differences: UsageDifference[] = [];
    for (const k of new Set([...counted.keys(), ...stored.keys()])) {
      const [owner, bucket] = splitKey(k);
      const d = { ownerId: owner, bucket, stored: stored.get(k) ?? 0, counted: counted.get(k) ?? 0 };
      if (d.stored !== d.counted) differences.push(d);
    }
    return differences.sort((a, b) => a.ownerId - b.ownerId || a.bucket.localeCompare(b.bucket));
  }
}

function key(ownerId: number, bucket: UsageBucket): string {
  return `${ownerId} ${bucket}`;
}

function splitKey(k: string): [number, UsageBucket] {
  const [owner, bucket] = k.split(' ');
  return [Number(owner), bucket as UsageBucket];
}
