import { closestToLimit, ruleStandings } from '../../src/quota';
import { QuotaGroupMother, QuotaRuleMother, UsageMother } from './quota-mother';

describe('rule standings: how far each rule is used', () => {
  it('counts each rule over the union of its subjects and gives the percent of its limit', () => {
    const group = QuotaGroupMother.named(
      'team',
      QuotaRuleMother.named('git', 200, 'size:git:all'),
      QuotaRuleMother.named('pkgs', 50, 'size:assets:packages:all'),
    );
    const standings = ruleStandings([group], UsageMother.of({ 'repos:public': 100, 'git:lfs': 50, packages: 10 }));
    expect(standings).toEqual([
      { group: 'team', rule: 'git', subjects: ['size:git:all'], limit: 200, used: 150, percent: 75 },
      { group: 'team', rule: 'pkgs', subjects: ['size:assets:packages:all'], limit: 50, used: 10, percent: 20 },
    ]);
  });

  it('an unlimited rule has no percent and is never the closest to its limit', () => {
    const standings = ruleStandings([QuotaGroupMother.of(QuotaRuleMother.unlimited('size:all'))], UsageMother.everywhere(10));
    expect(standings[0].percent).toBeNull();
    expect(closestToLimit(standings)).toBeUndefined();
  });

  it('a limit of 0 is at 0 % while empty and beyond any threshold once anything is stored', () => {
    const zero = [QuotaGroupMother.of(QuotaRuleMother.limiting(0, 'size:git:lfs'))];
    expect(ruleStandings(zero, UsageMother.none())[0].percent).toBe(0);
    expect(ruleStandings(zero, UsageMother.of({ 'git:lfs': 1 }))[0].percent).toBe(Infinity);
  });

  it('the closest rule is the one with the highest percent, across groups', () => {
    const usage = UsageMother.of({ packages: 90, artifacts: 10 });
    const standings = ruleStandings(
      [
        QuotaGroupMother.of(QuotaRuleMother.named('all', 1000, 'size:all')),
        QuotaGroupMother.of(QuotaRuleMother.named('packages', 100, 'size:assets:packages:all')),
      ],
      usage,
    );
    expect(closestToLimit(standings)).toMatchObject({ rule: 'packages', percent: 90 });
  });
});
