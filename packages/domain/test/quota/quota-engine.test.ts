import { InMemoryQuotaLimitStore, InMemoryQuotaUsageReader, QuotaEngine, QuotaGroup, QuotaValidationError } from '../../src/quota';
import { QuotaGroupMother, QuotaRuleMother, UsageMother } from './quota-mother';

describe('the quota engine', () => {
  const OWNER = 7;
  let usage: InMemoryQuotaUsageReader;
  let limits: InMemoryQuotaLimitStore;

  beforeEach(() => {
    usage = new InMemoryQuotaUsageReader();
    limits = new InMemoryQuotaLimitStore();
  });

  const engine = (defaultGroups: string[] = [], defaultTotal = -1) => new QuotaEngine(usage, limits, { defaultGroups, defaultTotal });
  const groupNames = (groups: QuotaGroup[]) => groups.map((g) => g.name);

  it("answers QuotaInfo: the owner's usage and its effective groups", async () => {
    usage.set(OWNER, UsageMother.of({ 'repos:public': 3, packages: 4 }));
    await limits.createGroup(QuotaGroupMother.named('basic', QuotaRuleMother.named('ten', 10, 'size:all')));
    await limits.assign(OWNER, 'basic');

    expect(await engine().info(OWNER)).toEqual({
      used: {
        size: {
          repos: { public: 3, private: 0 },
          git: { LFS: 0 },
          assets: { attachments: { issues: 0, releases: 0 }, artifacts: 0, packages: { all: 4 } },
        },
      },
      groups: [{ name: 'basic', rules: [{ name: 'ten', limit: 10, subjects: ['size:all'] }] }],
    });
  });

  it('uses the assigned groups, then the existing DEFAULT_GROUPS, else none', async () => {
    await limits.createGroup(QuotaGroupMother.named('fallback', QuotaRuleMother.totalOf(1)));
    await limits.createGroup(QuotaGroupMother.named('paid', QuotaRuleMother.totalOf(100)));

    expect(groupNames(await engine(['missing'], 50).effectiveGroupsOf(OWNER))).toEqual([]);
    expect(groupNames(await engine(['missing', 'fallback'], 50).effectiveGroupsOf(OWNER))).toEqual(['fallback']);
    await limits.assign(OWNER, 'paid');
    expect(groupNames(await engine(['fallback'], 50).effectiveGroupsOf(OWNER))).toEqual(['paid']);
  });

  it('shows groups: [] for an owner no group applies to, while [quota.default] TOTAL still decides the check', async () => {
    usage.set(OWNER, UsageMother.of({ packages: 51 }));
    expect((await engine(['missing'], 50).info(OWNER)).groups).toEqual([]);
    expect(await engine(['missing'], 50).check(OWNER, 'size:all')).toBe(true);
    expect(await engine(['missing'], -1).check(OWNER, 'size:all')).toBe(false);
  });

  it('leaves rule and group names out of QuotaInfo when asked to', async () => {
    await limits.createGroup(QuotaGroupMother.named('gold-plan', QuotaRuleMother.named('gold-total', 10, 'size:all')));
    await limits.assign(OWNER, 'gold-plan');
    const info = await engine().info(OWNER, { withNames: false });
    expect(info.groups).toEqual([{ rules: [{ limit: 10, subjects: ['size:all'] }] }]);
    expect(JSON.stringify(info)).not.toMatch(/gold/);
  });

  it('checks a subject against the effective groups', async () => {
    usage.set(OWNER, UsageMother.of({ packages: 51 }));
    expect(await engine([], 50).check(OWNER, 'size:assets:packages:all')).toBe(true);
    expect(await engine([], 51).check(OWNER, 'size:assets:packages:all')).toBe(false);
    expect(await engine([], 50).check(OWNER, 'size:wiki')).toBe(false);
  });

  it('accepts the wiki alias in a check', async () => {
    expect(await engine([], 0).check(OWNER, 'size:assets:wiki')).toBe(false);
  });

  it('refuses a missing or unknown subject before reading anything', async () => {
    const reading = jest.spyOn(usage, 'usageOf');
    await expect(engine().check(OWNER, undefined)).rejects.toThrow(QuotaValidationError);
    await expect(engine().check(OWNER, 'size:nope')).rejects.toThrow(/"size:nope" is not a quota subject/);
    expect(reading).not.toHaveBeenCalled();
  });

  it('follows the store: deleting the only assigned group brings the defaults back', async () => {
    usage.set(OWNER, UsageMother.of({ artifacts: 20 }));
    await limits.createGroup(QuotaGroupMother.named('roomy', QuotaRuleMother.totalOf(1000)));
    await limits.assign(OWNER, 'roomy');
    expect(await engine([], 10).check(OWNER, 'size:all')).toBe(false);

    await limits.deleteGroup('roomy');
    expect(await engine([], 10).check(OWNER, 'size:all')).toBe(true);
  });

  it('explains a check rule by rule', async () => {
    usage.set(OWNER, UsageMother.of({ artifacts: 20 }));
    const explanation = await engine([], 10).explain(OWNER, 'size:assets:artifacts');
    expect(explanation.overQuota).toBe(true);
    expect(explanation.groups[0].relevantRules[0]).toMatchObject({ limit: 10, used: 20, stands: false });
  });
});
