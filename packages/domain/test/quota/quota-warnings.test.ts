import fc from 'fast-check';
import { evaluateWarnings, FiredThreshold, firedAfter, QuotaGroup, ruleStandings, RuleStanding } from '../../src/quota';
import { QuotaGroupMother, QuotaRuleMother, UsageMother } from './quota-mother';

/** Warnings at thresholds: when a rule's usage crosses [quota] WARN_AT, what is recorded. */

const WARN_AT = [50, 90];
const plan = (limit: number): QuotaGroup[] => [QuotaGroupMother.named('plan', QuotaRuleMother.named('all', limit, 'size:all'))];
const at = (packages: number, limit = 100): RuleStanding[] => ruleStandings(plan(limit), UsageMother.of({ packages }));

/** Evaluates a sequence of standings, carrying the fired set along; returns the crossings of each step. */
function walk(steps: RuleStanding[][], warnAt = WARN_AT): { direction: string; threshold: number }[][] {
  let fired: FiredThreshold[] = [];
  return steps.map((standings) => {
    const evaluation = evaluateWarnings(standings, warnAt, fired);
    fired = firedAfter(fired, evaluation);
    return evaluation.crossings.map(({ direction, threshold }) => ({ direction, threshold }));
  });
}

describe('quota warnings', () => {
  it('crossing a threshold upwards fires once; staying above fires nothing more', () => {
    expect(walk([at(10), at(60), at(70), at(80)])).toEqual([[], [{ direction: 'up', threshold: 50 }], [], []]);
  });

  it('the crossing carries the rule as it stands', () => {
    const { crossings } = evaluateWarnings(at(60), WARN_AT, []);
    expect(crossings).toEqual([
      {
        direction: 'up',
        threshold: 50,
        standing: { group: 'plan', rule: 'all', subjects: ['size:all'], limit: 100, used: 60, percent: 60 },
      },
    ]);
  });

  it('reaching the threshold exactly counts as crossing it', () => {
    expect(walk([at(50)])).toEqual([[{ direction: 'up', threshold: 50 }]]);
  });

  it('falling back under a threshold records a down crossing and re-arms it, so the next rise fires again', () => {
    expect(walk([at(60), at(40), at(45), at(55)])).toEqual([
      [{ direction: 'up', threshold: 50 }],
      [{ direction: 'down', threshold: 50 }],
      [],
      [{ direction: 'up', threshold: 50 }],
    ]);
  });

  it('jumping over several thresholds records ONE event, at the highest, and marks the lower ones fired', () => {
    const evaluation = evaluateWarnings(at(95), WARN_AT, []);
    expect(evaluation.crossings.map((c) => [c.direction, c.threshold])).toEqual([['up', 90]]);
    expect(evaluation.fire.map((f) => f.threshold)).toEqual([50, 90]);
    expect(walk([at(95), at(96), at(60)])).toEqual([[{ direction: 'up', threshold: 90 }], [], [{ direction: 'down', threshold: 90 }]]);
  });

  it('dropping under several fired thresholds records one down event, at the lowest (the level now under)', () => {
    expect(walk([at(95), at(10)])).toEqual([[{ direction: 'up', threshold: 90 }], [{ direction: 'down', threshold: 50 }]]);
  });

  it('an unlimited rule never warns, however much is stored', () => {
    const unlimited = ruleStandings([QuotaGroupMother.of(QuotaRuleMother.unlimited('size:all'))], UsageMother.everywhere(1e12));
    expect(evaluateWarnings(unlimited, WARN_AT, [])).toEqual({ crossings: [], fire: [], rearm: [] });
  });

  it('a lowered limit re-evaluates with at most one event; raising it again records the way down', () => {
    expect(walk([at(40, 100), at(40, 42), at(40, 42), at(40, 100)])).toEqual([
      [],
      [{ direction: 'up', threshold: 90 }],
      [],
      [{ direction: 'down', threshold: 50 }],
    ]);
  });

  it('a limit of 0 is crossed by the first byte', () => {
    expect(walk([at(0, 0), at(1, 0)])).toEqual([[], [{ direction: 'up', threshold: 90 }]]);
  });

  it('a rule that is gone or became unlimited re-arms silently: nothing was crossed, the rules changed', () => {
    const fired: FiredThreshold[] = [
      { group: 'plan', rule: 'all', threshold: 50 },
      { group: 'old', rule: 'gone', threshold: 90 },
    ];
    const unlimitedNow = ruleStandings(
      [QuotaGroupMother.named('plan', QuotaRuleMother.named('all', -1, 'size:all'))],
      UsageMother.of({ packages: 60 }),
    );
    const evaluation = evaluateWarnings(unlimitedNow, WARN_AT, fired);
    expect(evaluation.crossings).toEqual([]);
    expect(evaluation.rearm).toEqual(expect.arrayContaining(fired));
  });

  it('a threshold removed from WARN_AT re-arms silently; an empty WARN_AT warns about nothing', () => {
    const fired: FiredThreshold[] = [{ group: 'plan', rule: 'all', threshold: 70 }];
    expect(evaluateWarnings(at(80), [50, 90], fired)).toEqual({
      crossings: [expect.objectContaining({ direction: 'up', threshold: 50 })],
      fire: [{ group: 'plan', rule: 'all', threshold: 50 }],
      rearm: fired,
    });
    expect(evaluateWarnings(at(99), [], []).crossings).toEqual([]);
  });

  it('each rule of each group is judged on its own', () => {
    const groups = [
      QuotaGroupMother.named(
        'a',
        QuotaRuleMother.named('all', 100, 'size:all'),
        QuotaRuleMother.named('pkgs', 50, 'size:assets:packages:all'),
      ),
      QuotaGroupMother.named('b', QuotaRuleMother.named('all', 1000, 'size:all')),
    ];
    const { crossings } = evaluateWarnings(ruleStandings(groups, UsageMother.of({ packages: 48 })), WARN_AT, []);
    expect(crossings.map((c) => [c.standing.group, c.standing.rule, c.threshold])).toEqual([['a', 'pkgs', 90]]);
  });

  it('law: evaluating again with the new fired set records nothing (no duplicates), and the fired set is what is reached', () => {
    const usage = fc.nat({ max: 300 });
    const limit = fc.oneof(fc.constant(-1), fc.nat({ max: 200 }));
    const warnAt = fc.uniqueArray(fc.integer({ min: 1, max: 100 }), { maxLength: 4 }).map((l) => l.sort((a, b) => a - b));
    fc.assert(
      fc.property(fc.array(fc.tuple(usage, limit), { minLength: 1, maxLength: 8 }), warnAt, (steps, thresholds) => {
        let fired: FiredThreshold[] = [];
        for (const [used, max] of steps) {
          const standings = at(used, max);
          const evaluation = evaluateWarnings(standings, thresholds, fired);
          expect(evaluation.crossings.filter((c) => c.direction === 'up').length).toBeLessThanOrEqual(1);
          fired = firedAfter(fired, evaluation);
          expect(evaluateWarnings(standings, thresholds, fired).crossings).toEqual([]);
          const percent = standings[0].percent;
          const reached = percent === null ? [] : thresholds.filter((t) => percent >= t);
          expect(fired.map((f) => f.threshold).sort((a, b) => a - b)).toEqual(reached);
        }
      }),
    );
  });
});
