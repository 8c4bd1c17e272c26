import { QuotaUsageReader } from '../ports';
import { UsageBucket } from '../subject';
import { QuotaUsage, UsageBytes } from '../usage';

/**
 * The {@link QuotaUsageReader} port kept in a map: for tests, examples, and apps
 * small enough to keep their usage in memory. An app with a database keeps its
 * own totals and implements the port over them instead (one cheap read per
 * owner, never a scan of every stored object).
 *
 * @example
 * ```ts
 * const usage = new InMemoryQuotaUsageReader();
 * usage.set(1, { 'repos:private': 600_000 });
 * usage.add(1, 'git:lfs', 250_000); // an upload
 * usage.add(1, 'git:lfs', -50_000); // a removal
 * ```
 */
export class InMemoryQuotaUsageReader extends QuotaUsageReader {
  private readonly usage = new Map<number, QuotaUsage>();

  async usageOf(ownerId: number): Promise<QuotaUsage> {
    return this.usage.get(ownerId) ?? QuotaUsage.NONE;
  }

  /**
   * Replaces everything the owner stores; buckets left out hold 0.
   * @throws {@link QuotaValidationError} for a negative or fractional figure.
   */
  set(ownerId: number, usage: QuotaUsage | Partial<Record<UsageBucket, number>>): this {
    // Its figures rather than `instanceof`: a QuotaUsage made by the package's other build
    // (an app that both imports and requires it) is not an instance of this build's class.
    const bytes = 'toJSON' in usage && typeof usage.toJSON === 'function' ? usage.toJSON() : (usage as Partial<UsageBytes>);
    this.usage.set(ownerId, QuotaUsage.of(bytes));
    return this;
  }

  /**
   * Adds `bytes` to one bucket of the owner (negative to remove) and answers the
   * owner's new usage.
   * @throws {@link QuotaValidationError} when the bucket would go below 0; nothing changes then.
   */
  add(ownerId: number, bucket: UsageBucket, bytes: number): QuotaUsage {
    const next = (this.usage.get(ownerId) ?? QuotaUsage.NONE).plus(bucket, bytes);
    this.usage.set(ownerId, next);
    return next;
  }
}
