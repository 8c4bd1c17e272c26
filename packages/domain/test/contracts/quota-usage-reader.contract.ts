import { QuotaUsageReader, USAGE_BUCKETS, UsageBucket } from '../../src/quota';

/**
 * The QuotaUsageReader port's contract, run against the TypeORM adapter on both
 * engines and against the in-memory fake. `store(ownerId, bytes)` records the
 * given bytes per bucket for a fresh owner the way the implementation is fed
 * (the adapter: through the stores of sized rows).
 */
export interface QuotaUsageReaderSubject {
  reader: QuotaUsageReader;
  newOwnerId(): Promise<number>;
  store(ownerId: number, bytes: Partial<Record<UsageBucket, number>>): Promise<void>;
}

const none = () => Object.fromEntries(USAGE_BUCKETS.map((bucket) => [bucket, 0]));

export function quotaUsageReaderContract(subject: () => QuotaUsageReaderSubject): void {
  it('reads zero in every bucket for an owner that stores nothing', async () => {
    const { reader, newOwnerId } = subject();
    expect((await reader.usageOf(await newOwnerId())).toJSON()).toEqual(none());
  });

  it('reads what was stored, bucket by bucket, for that owner only', async () => {
    const { reader, newOwnerId, store } = subject();
    const [owner, other] = [await newOwnerId(), await newOwnerId()];
    const bytes: Record<UsageBucket, number> = {
      'repos:public': 10,
      'repos:private': 20,
      'git:lfs': 30,
      'attachments:issues': 40,
      'attachments:releases': 50,
      artifacts: 60,
      packages: 70,
    };
    await store(owner, bytes);
    expect((await reader.usageOf(owner)).toJSON()).toEqual(bytes);
    expect((await reader.usageOf(other)).toJSON()).toEqual(none());
  });

  it('adds up what is stored in the same bucket', async () => {
    const { reader, newOwnerId, store } = subject();
    const owner = await newOwnerId();
    await store(owner, { packages: 5 });
    await store(owner, { packages: 7 });
    expect((await reader.usageOf(owner)).bytesIn('packages')).toBe(12);
  });
}
