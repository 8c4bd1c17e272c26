import { RefActor, BranchProtection, mayPush, ruleFor } from './branch-protection';
import { matchesPattern } from './rule-pattern';
import { mayWriteUnder, TagProtection } from './tag-protection';

/**
 * What one pusher may do to the protected refs of one repository, worked out
 * before a push so that git's update hook (which runs without the database)
 * can judge each ref update with `refUpdateRefusal`. Plain data (JSON).
 */
export interface RefPolicy {
  branches: { ruleName: string; mayPush: boolean }[];
  tags: { namePattern: string; mayWrite: boolean }[];
}

export function refPolicyFor(branches: readonly BranchProtection[], tags: readonly TagProtection[], actor: RefActor): RefPolicy {
  return {
    branches: branches.map((rule) => ({ ruleName: rule.ruleName, mayPush: mayPush(rule.settings, actor) })),
    tags: tags.map((rule) => ({ namePattern: rule.namePattern, mayWrite: mayWriteUnder(rule, actor) })),
  };
}

/** One ref update of a push: `force` when the new commit does not contain the old one. */
export interface RefUpdate {
  ref: string;
  kind: 'create' | 'update' | 'force' | 'delete';
}

/** Why the update is refused (git shows it to the pusher), or undefined. */
export function refUpdateRefusal(policy: RefPolicy, update: RefUpdate): string | undefined {
  if (update.ref.startsWith('refs/heads/')) return branchUpdateRefusal(policy, update.ref.slice('refs/heads/'.length), update.kind);
  if (update.ref.startsWith('refs/tags/')) {
    const tag = update.ref.slice('refs/tags/'.length);
    const refusing = policy.tags.find((rule) => !rule.mayWrite && matchesPattern(rule.namePattern, tag));
    if (refusing) return `tag ${tag} is protected by ${refusing.namePattern}: you are not allowed to create, move or delete it`;
  }
  return undefined;
}

/** Why a change to a branch is refused (pushes, and commits or deletions through the API), or undefined. */
export function branchUpdateRefusal(policy: Pick<RefPolicy, 'branches'>, branch: string, kind: RefUpdate['kind']): string | undefined {
  const rule = ruleFor(policy.branches, branch);
  if (!rule) return undefined;
  if (kind === 'delete') return `branch ${branch} is protected by ${rule.ruleName}: it cannot be deleted`;
  if (kind === 'force') return `branch ${branch} is protected by ${rule.ruleName}: force pushes are not allowed`;
  if (!rule.mayPush) return `branch ${branch} is protected by ${rule.ruleName}: you are not allowed to push to it`;
  return undefined;
}
