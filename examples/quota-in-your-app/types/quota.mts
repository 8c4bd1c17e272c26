// Compiled by test/types.test.mjs against the package's ESM declarations (index.d.mts).
import {
  InMemoryQuotaLimitStore,
  InMemoryQuotaUsageReader,
  QuotaEngine,
  QuotaGroup,
  QuotaRule,
  closestToLimit,
  type QuotaExplanation,
  type QuotaSubject,
  type RuleStanding,
} from '@bellows/domain';

const limits = new InMemoryQuotaLimitStore();
const usage = new InMemoryQuotaUsageReader().set(1, { 'repos:private': 5 });
const engine = new QuotaEngine(usage, limits, { defaultGroups: ['free'], defaultTotal: -1 });

export async function explainAll(ownerId: number): Promise<QuotaExplanation> {
  const subject: QuotaSubject = 'size:repos:all';
  await limits.createGroup(QuotaGroup.create('free', [QuotaRule.create({ name: 'repos', limit: 10, subjects: [subject] })]));
  const over: boolean = await engine.check(ownerId, subject);
  const standing: RuleStanding | undefined = closestToLimit(await engine.standings(ownerId));
  const percent: number | null | undefined = standing?.percent;
  void [over, percent];
  return engine.explain(ownerId, subject);
}

// The declarations are real types, not `any`: each line below must be a type error.
// @ts-expect-error not a usage bucket
usage.add(1, 'repos', 3);
// @ts-expect-error not a quota subject
export const wrong: QuotaSubject = 'size:everything';
// @ts-expect-error check answers a boolean
export const notANumber: Promise<number> = engine.check(1, 'size:all');
