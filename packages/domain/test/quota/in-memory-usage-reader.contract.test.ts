import { InMemoryQuotaUsageReader, QuotaUsage, QuotaValidationError, UsageBucket } from '../../src/quota';
import { quotaUsageReaderContract } from '../contracts/quota-usage-reader.contract';

/** The in-memory reader the package exports keeps the same contract as the TypeORM adapter. */
describe('InMemoryQuotaUsageReader keeps the QuotaUsageReader contract', () => {
  const reader = new InMemoryQuotaUsageReader();
  let nextOwner = 0;
  quotaUsageReaderContract(() => ({
    reader,
    newOwnerId: async () => ++nextOwner,
    store: async (ownerId, bytes) => {
      for (const [bucket, n] of Object.entries(bytes)) reader.add(ownerId, bucket as UsageBucket, n ?? 0);
    },
  }));
});

describe('InMemoryQuotaUsageReader', () => {
  it('set replaces what an owner stores, from bytes per bucket or a QuotaUsage', async () => {
    const reader = new InMemoryQuotaUsageReader().set(1, { packages: 5, 'git:lfs': 7 });
    expect((await reader.usageOf(1)).toJSON()).toMatchObject({ packages: 5, 'git:lfs': 7, artifacts: 0 });
    reader.set(1, QuotaUsage.of({ artifacts: 3 }));
    expect((await reader.usageOf(1)).toJSON()).toMatchObject({ packages: 0, 'git:lfs': 0, artifacts: 3 });
  });

  it('set takes the figures of a QuotaUsage of the package’s other build (import and require in one app)', async () => {
    const fromOtherBuild = { toJSON: () => QuotaUsage.of({ packages: 9 }).toJSON() } as unknown as QuotaUsage;
    const reader = new InMemoryQuotaUsageReader().set(4, fromOtherBuild);
    expect((await reader.usageOf(4)).bytesIn('packages')).toBe(9);
  });

  it('add adds and removes bytes and answers the new usage', async () => {
    const reader = new InMemoryQuotaUsageReader();
    expect(reader.add(2, 'packages', 10).bytesIn('packages')).toBe(10);
    expect(reader.add(2, 'packages', -4).bytesIn('packages')).toBe(6);
    expect((await reader.usageOf(2)).bytesFor(['size:all'])).toBe(6);
  });

  it('refuses to take an owner below zero and leaves its usage as it was', async () => {
    const reader = new InMemoryQuotaUsageReader().set(3, { artifacts: 2 });
    expect(() => reader.add(3, 'artifacts', -3)).toThrow(QuotaValidationError);
    expect((await reader.usageOf(3)).bytesIn('artifacts')).toBe(2);
  });
});
