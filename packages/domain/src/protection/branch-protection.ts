import { isGlob, matchesPattern } from './rule-pattern';

/** What a branch protection rule asks (Forgejo's BranchProtection fields); users and teams by id. */
export interface BranchProtectionSettings {
  /** Anyone who may write may push; false: nobody pushes (changes arrive by merging pull requests). */
  enablePush: boolean;
  /** Only the listed users and teams may push. */
  enablePushWhitelist: boolean;
  pushWhitelistUserIds: number[];
  pushWhitelistTeamIds: number[];
  pushWhitelistDeployKeys: boolean;
  /** Only the listed users and teams may merge pull requests into the branch. */
  enableMergeWhitelist: boolean;
  mergeWhitelistUserIds: number[];
  mergeWhitelistTeamIds: number[];
  /** A merge needs every listed status context to have succeeded on the head. */
  enableStatusCheck: boolean;
  statusCheckContexts: string[];
  /** How many approvals a merge needs. */
  requiredApprovals: number;
  /** Only approvals of the listed users and teams count. */
  enableApprovalsWhitelist: boolean;
  approvalsWhitelistUserIds: number[];
  approvalsWhitelistTeamIds: number[];
  /** A standing REQUEST_CHANGES verdict blocks the merge. */
  blockOnRejectedReviews: boolean;
  blockOnOfficialReviewRequests: boolean;
  blockOnOutdatedBranch: boolean;
  /** Approvals of an older head do not count. */
  dismissStaleApprovals: boolean;
  ignoreStaleApprovals: boolean;
  requireSignedCommits: boolean;
  protectedFilePatterns: string;
  unprotectedFilePatterns: string;
  applyToAdmins: boolean;
}

export interface BranchProtection {
  id: number;
  repoId: number;
  /** A branch name, or a glob of branch names. */
  ruleName: string;
  settings: BranchProtectionSettings;
  createdAt: Date;
  updatedAt: Date;
}

export const DEFAULT_BRANCH_PROTECTION: BranchProtectionSettings = {
  enablePush: false,
  enablePushWhitelist: false,
  pushWhitelistUserIds: [],
  pushWhitelistTeamIds: [],
  pushWhitelistDeployKeys: false,
  enableMergeWhitelist: false,
  mergeWhitelistUserIds: [],
  mergeWhitelistTeamIds: [],
  enableStatusCheck: false,
  statusCheckContexts: [],
  requiredApprovals: 0,
  enableApprovalsWhitelist: false,
  approvalsWhitelistUserIds: [],
  approvalsWhitelistTeamIds: [],
  blockOnRejectedReviews: false,
  blockOnOfficialReviewRequests: false,
  blockOnOutdatedBranch: false,
  dismissStaleApprovals: false,
  ignoreStaleApprovals: false,
  requireSignedCommits: false,
  protectedFilePatterns: '',
  unprotectedFilePatterns: '',
  applyToAdmins: false,
};

/** The rule that protects a branch: the one named exactly like it, else the first glob that matches. */
export function ruleFor<T extends { ruleName: string }>(rules: readonly T[], branch: string): T | undefined {
  return (
    rules.find((rule) => rule.ruleName === branch) ?? rules.find((rule) => isGlob(rule.ruleName) && matchesPattern(rule.ruleName, branch))
  );
}

/** Who is acting: a user (with the teams they are in) or a deploy key. */
export interface RefActor {
  userId: number;
  teamIds: readonly number[];
  viaDeployKey?: boolean;
}

/** Whether the actor is one of the users, or in one of the teams. */
export function isListed(actor: RefActor, userIds: readonly number[], teamIds: readonly number[]): boolean {
  return userIds.includes(actor.userId) || actor.teamIds.some((teamId) => teamIds.includes(teamId));
}

/** Whether the actor may push (or commit through the API) to a branch under this rule. */
export function mayPush(settings: BranchProtectionSettings, actor: RefActor): boolean {
  if (!settings.enablePush) return false;
  if (!settings.enablePushWhitelist) return true;
  if (actor.viaDeployKey) return settings.pushWhitelistDeployKeys;
  return isListed(actor, settings.pushWhitelistUserIds, settings.pushWhitelistTeamIds);
}

/** Whether the actor may merge pull requests into a branch under this rule. */
export function mayMerge(settings: BranchProtectionSettings, actor: RefActor): boolean {
  return !settings.enableMergeWhitelist || isListed(actor, settings.mergeWhitelistUserIds, settings.mergeWhitelistTeamIds);
}

/** What a merge into a protected branch is judged on. */
export interface MergeEvidence {
  /** Approvals that count (see approvalCount), after the whitelist if any. */
  approvals: number;
  /** A standing REQUEST_CHANGES verdict exists. */
  changesRequested: boolean;
  /** Every required status context succeeded on the head. */
  statusChecksPass: boolean;
}

/** Why a merge is refused under this rule (Forgejo's reasons), or undefined. */
export function mergeRefusal(
  rule: Pick<BranchProtection, 'ruleName' | 'settings'>,
  actor: RefActor,
  evidence: MergeEvidence,
): string | undefined {
  const { settings } = rule;
  if (!mayMerge(settings, actor)) return `you are not allowed to merge into branches protected by ${rule.ruleName}`;
  if (evidence.approvals < settings.requiredApprovals) {
    return `the pull request has ${evidence.approvals} of the ${settings.requiredApprovals} approvals ${rule.ruleName} requires`;
  }
  if (settings.blockOnRejectedReviews && evidence.changesRequested) return 'changes were requested by an official review';
  if (settings.enableStatusCheck && !evidence.statusChecksPass) {
    return `the required status checks (${settings.statusCheckContexts.join(', ')}) have not all succeeded`;
  }
  return undefined;
}
