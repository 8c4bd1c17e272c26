import { QuotaUsage } from '../../src/quota';
import { quotaUsageReaderContract } from '../contracts/quota-usage-reader.contract';
import { InMemoryUsageReader } from './in-memory-quota-ports';

/** The fake the domain's tests use keeps the same contract as the TypeORM adapter. */
describe('InMemoryUsageReader keeps the QuotaUsageReader contract', () => {
  const reader = new InMemoryUsageReader();
  let nextOwner = 0;
  quotaUsageReaderContract(() => ({
    reader,
    newOwnerId: async () => ++nextOwner,
    store: async (ownerId, bytes) => {
      const current = (reader.usage.get(ownerId) ?? QuotaUsage.NONE).toJSON();
      const sum = Object.fromEntries(
        Object.entries(current).map(([bucket, n]) => [bucket, n + (bytes[bucket as keyof typeof bytes] ?? 0)]),
      );
      reader.usage.set(ownerId, QuotaUsage.of(sum));
    },
  }));
});
