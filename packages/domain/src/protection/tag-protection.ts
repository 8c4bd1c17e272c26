import { RefActor, isListed } from './branch-protection';
import { matchesPattern } from './rule-pattern';

/** Only the listed users and teams may create, move or delete tags matching the pattern. */
export interface TagProtection {
  id: number;
  repoId: number;
  /** A glob, or a regular expression written `/…/`. */
  namePattern: string;
  whitelistUserIds: number[];
  whitelistTeamIds: number[];
  createdAt: Date;
  updatedAt: Date;
}

type TagRule = Pick<TagProtection, 'namePattern' | 'whitelistUserIds' | 'whitelistTeamIds'>;

/** Whether the actor is listed on the rule. */
export function mayWriteUnder(rule: TagRule, actor: RefActor): boolean {
  return isListed(actor, rule.whitelistUserIds, rule.whitelistTeamIds);
}

/** The first rule that protects the tag from the actor, or undefined when they may write it. */
export function tagRuleRefusing<T extends TagRule>(rules: readonly T[], tag: string, actor: RefActor): T | undefined {
  return rules.find((rule) => matchesPattern(rule.namePattern, tag) && !mayWriteUnder(rule, actor));
}
