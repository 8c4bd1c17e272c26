import { EntityManager } from 'typeorm';
import { QuotaUsage, QuotaUsageReader } from '@bellows/domain';
import { usageOf } from '../read-cache/change-versions';
import { ReadCaches } from '../read-cache/read-caches';
import { UsageLedger } from './usage-ledger';

/**
 * The domain's usage port over the ledger: the cost of reading an owner's usage
 * does not depend on how many objects the owner stores.
 */
export class TypeOrmQuotaUsageReader extends QuotaUsageReader {
  constructor(private readonly manager: EntityManager) {
    super();
  }

  /** Cached until the owner's ledger rows are written: every quota answer reads it. */
  usageOf(ownerId: number): Promise<QuotaUsage> {
    return ReadCaches.of(this.manager.connection).usageByOwner.read(this.manager, ownerId, usageOf(ownerId), () =>
      this.readLedger(ownerId),
    );
  }

  private async readLedger(ownerId: number): Promise<QuotaUsage> {
    const bytes = await new UsageLedger(this.manager).bytesOf(ownerId);
    // A negative figure would mean a bug in a store; show 0 rather than fail the read (the recount repairs it).
    return QuotaUsage.of(Object.fromEntries(Object.entries(bytes).map(([bucket, value]) => [bucket, Math.max(0, value)])));
  }
}
