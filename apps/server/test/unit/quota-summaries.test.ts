import { InMemoryQuotaLimitStore, OwnerQuotaFigures, OwnerQuotaSummaryStore, QuotaGroup, QuotaRule, QuotaUsage } from '@bellows/domain';
import { BellowsConfig } from '../../src/config';
import { QuotaSummaries } from '../../src/modules/quota-overview/quota-summaries';

/** A summary store that keeps what refresh writes, and fails the first `failures` refreshes. */
class FlakyStore {
  written: OwnerQuotaFigures[] = [];
  stale: number[] = [];
  constructor(
    private failures: number,
    private readonly ledger: Map<number, QuotaUsage>,
    private readonly assigned: Map<number, string[]>,
  ) {}
  async refresh(ownerIds: readonly number[], evaluate: (l: Map<number, QuotaUsage>, a: Map<number, string[]>) => OwnerQuotaFigures[]) {
    if (this.failures-- > 0) throw new Error('database is locked');
    this.written.push(...evaluate(this.ledger, this.assigned).filter((f) => ownerIds.includes(f.ownerId)));
  }
  async markStale(ownerIds: readonly number[]) {
    this.stale.push(...ownerIds);
  }
}

async function summariesOver(store: FlakyStore, defaultGroups: string[] = [], defaultTotal = -1): Promise<QuotaSummaries> {
  const limits = new InMemoryQuotaLimitStore();
  await limits.createGroup(QuotaGroup.create('small', [QuotaRule.create({ name: 'r', limit: 100, subjects: ['size:all'] })]));
  await limits.createGroup(QuotaGroup.create('std', [QuotaRule.create({ name: 's', limit: 10, subjects: ['size:git:lfs'] })]));
  const config = { quota: { defaultGroups, defaultTotal } } as unknown as BellowsConfig;
  return new QuotaSummaries(store as unknown as OwnerQuotaSummaryStore, limits, config);
}

describe('QuotaSummaries.refresh', () => {
  const ledger = new Map([
    [1, QuotaUsage.of({ packages: 150 })],
    [2, QuotaUsage.of({ 'git:lfs': 20 })],
  ]);

  it('evaluates each owner as the quota check does: assigned groups, else the default groups, else the built-in TOTAL', async () => {
    const store = new FlakyStore(0, ledger, new Map([[1, ['small']]]));
    await (await summariesOver(store, ['std', 'missing'])).refresh([1, 2, 3, 2]);
    expect(store.written.map((f) => [f.ownerId, f.groups, f.overQuota])).toEqual([
      [1, ['small'], true],
      [2, ['std'], true],
      [3, ['std'], false],
    ]);
    const noDefaults = new FlakyStore(0, ledger, new Map());
    await (await summariesOver(noDefaults, [], 100)).refresh([1, 2]);
    // No group applies: [quota.default] TOTAL limits size:all, without appearing among the groups.
    expect(noDefaults.written.map((f) => [f.ownerId, f.groups, f.overQuota])).toEqual([
      [1, [], true],
      [2, [], false],
    ]);
  });

  it('tries a failed batch once more', async () => {
    const store = new FlakyStore(1, ledger, new Map());
    await (await summariesOver(store)).refresh([1]);
    expect(store.written.map((f) => f.ownerId)).toEqual([1]);
    expect(store.stale).toEqual([]);
  });

  it('marks the batch stale when it fails twice, so the next listing or start refreshes it, and says so', async () => {
    const store = new FlakyStore(2, ledger, new Map());
    await expect((await summariesOver(store)).refresh([1, 2])).rejects.toThrow('database is locked');
    expect(store.stale).toEqual([1, 2]);
  });
});
