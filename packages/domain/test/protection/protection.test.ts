import {
  BranchProtection,
  DEFAULT_BRANCH_PROTECTION,
  matchesPattern,
  mergeRefusal,
  refPolicyFor,
  refUpdateRefusal,
  ruleFor,
  TagProtection,
  tagRuleRefusing,
} from '../../src/protection';

const at = new Date(0);
const branchRule = (ruleName: string, settings: Partial<BranchProtection['settings']> = {}): BranchProtection => ({
  id: 1,
  repoId: 1,
  ruleName,
  settings: { ...DEFAULT_BRANCH_PROTECTION, ...settings },
  createdAt: at,
  updatedAt: at,
});
const tagRule = (namePattern: string, whitelistUserIds: number[] = [], whitelistTeamIds: number[] = []): TagProtection => ({
  id: 1,
  repoId: 1,
  namePattern,
  whitelistUserIds,
  whitelistTeamIds,
  createdAt: at,
  updatedAt: at,
});
const alice = { userId: 1, teamIds: [10] };
const bob = { userId: 2, teamIds: [] };

describe('protection rules', () => {
  it('matches globs within and across path segments, and /regex/ patterns', () => {
    expect(matchesPattern('release/*', 'release/1.0')).toBe(true);
    expect(matchesPattern('release/*', 'release/1.0/hotfix')).toBe(false);
    expect(matchesPattern('release/**', 'release/1.0/hotfix')).toBe(true);
    expect(matchesPattern('v?', 'v1')).toBe(true);
    expect(matchesPattern('main', 'main2')).toBe(false);
    expect(matchesPattern('a.b', 'axb')).toBe(false);
    expect(matchesPattern('/^v[0-9]+$/', 'v12')).toBe(true);
    expect(matchesPattern('/(/', 'x')).toBe(false);
  });

  it('prefers the rule named like the branch over a glob', () => {
    const rules = [branchRule('*'), branchRule('main')];
    expect(ruleFor(rules, 'main')?.ruleName).toBe('main');
    expect(ruleFor(rules, 'dev')?.ruleName).toBe('*');
    expect(ruleFor([branchRule('main')], 'dev')).toBeUndefined();
  });

  it('refuses deletion and force pushes always, pushes unless allowed, for the listed users or teams', () => {
    const open = refPolicyFor([branchRule('main', { enablePush: true })], [], bob);
    expect(refUpdateRefusal(open, { ref: 'refs/heads/main', kind: 'update' })).toBeUndefined();
    expect(refUpdateRefusal(open, { ref: 'refs/heads/main', kind: 'force' })).toMatch(/force pushes/);
    expect(refUpdateRefusal(open, { ref: 'refs/heads/main', kind: 'delete' })).toMatch(/cannot be deleted/);
    expect(refUpdateRefusal(open, { ref: 'refs/heads/other', kind: 'force' })).toBeUndefined();

    const closed = [branchRule('main')];
    expect(refUpdateRefusal(refPolicyFor(closed, [], alice), { ref: 'refs/heads/main', kind: 'update' })).toMatch(/not allowed to push/);
    const listed = [branchRule('main', { enablePush: true, enablePushWhitelist: true, pushWhitelistTeamIds: [10] })];
    expect(refUpdateRefusal(refPolicyFor(listed, [], alice), { ref: 'refs/heads/main', kind: 'update' })).toBeUndefined();
    expect(refUpdateRefusal(refPolicyFor(listed, [], bob), { ref: 'refs/heads/main', kind: 'create' })).toMatch(/not allowed to push/);
    const keys = [
      branchRule('main', { enablePush: true, enablePushWhitelist: true, pushWhitelistUserIds: [2], pushWhitelistDeployKeys: false }),
    ];
    expect(refUpdateRefusal(refPolicyFor(keys, [], { ...bob, viaDeployKey: true }), { ref: 'refs/heads/main', kind: 'update' })).toMatch(
      /not allowed/,
    );
  });

  it('lets only the listed users and teams write protected tags', () => {
    const rules = [tagRule('v*', [1])];
    expect(refUpdateRefusal(refPolicyFor([], rules, bob), { ref: 'refs/tags/v1', kind: 'create' })).toMatch(/tag v1 is protected/);
    expect(refUpdateRefusal(refPolicyFor([], rules, alice), { ref: 'refs/tags/v1', kind: 'delete' })).toBeUndefined();
    expect(refUpdateRefusal(refPolicyFor([], rules, bob), { ref: 'refs/tags/nightly', kind: 'create' })).toBeUndefined();
    expect(tagRuleRefusing([tagRule('v*', [], [10])], 'v2', alice)).toBeUndefined();
    expect(tagRuleRefusing([tagRule('v*', [], [10])], 'v2', bob)?.namePattern).toBe('v*');
  });

  it('refuses a merge without the approvals, with changes requested, or failing checks', () => {
    const rule = branchRule('main', {
      requiredApprovals: 2,
      blockOnRejectedReviews: true,
      enableStatusCheck: true,
      statusCheckContexts: ['ci'],
    });
    const ok = { approvals: 2, changesRequested: false, statusChecksPass: true };
    expect(mergeRefusal(rule, alice, ok)).toBeUndefined();
    expect(mergeRefusal(rule, alice, { ...ok, approvals: 1 })).toMatch(/1 of the 2 approvals/);
    expect(mergeRefusal(rule, alice, { ...ok, changesRequested: true })).toMatch(/changes were requested/);
    expect(mergeRefusal(rule, alice, { ...ok, statusChecksPass: false })).toMatch(/status checks \(ci\)/);
    const whitelisted = branchRule('main', { enableMergeWhitelist: true, mergeWhitelistUserIds: [1] });
    expect(mergeRefusal(whitelisted, bob, ok)).toMatch(/not allowed to merge/);
  });
});
