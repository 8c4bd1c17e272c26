import {
  attemptOutcome,
  branchFilterAllows,
  chosenHookEvents,
  hookEventFamily,
  isValidBranchFilter,
  refChanges,
  ZERO_SHA,
} from '@bellows/domain';
import { loadConfig } from '../../src/config';
import { HostAllowList } from '../../src/modules/webhooks/host-allow-list';

describe('webhook rules', () => {
  it('reads a hook’s events as Forgejo: groups, *_only, case, unknown names, push by default', () => {
    expect(chosenHookEvents([])).toEqual(['push']);
    expect(chosenHookEvents(['Issues'])).toEqual(['issues', 'issue_assign', 'issue_label', 'issue_milestone', 'issue_comment']);
    expect(chosenHookEvents(['issues_only', 'nonsense'])).toEqual(['issues']);
    expect(chosenHookEvents(['pull_request_review'])).toEqual([
      'pull_request_review_approved',
      'pull_request_review_rejected',
      'pull_request_review_comment',
    ]);
    expect(chosenHookEvents(['pull_request'])).toHaveLength(10);
  });

  it('names the event family receivers switch on', () => {
    expect(hookEventFamily('issue_label')).toBe('issues');
    expect(hookEventFamily('pull_request_comment')).toBe('issue_comment');
    expect(hookEventFamily('pull_request_sync')).toBe('pull_request');
    expect(hookEventFamily('pull_request_review_approved')).toBe('pull_request_approved');
    expect(hookEventFamily('push')).toBe('push');
  });

  it('filters branches with a glob, letting events about no branch through', () => {
    expect(branchFilterAllows('', 'x')).toBe(true);
    expect(branchFilterAllows('main', 'main')).toBe(true);
    expect(branchFilterAllows('main', 'dev')).toBe(false);
    expect(branchFilterAllows('{main,release/*}', 'release/1.0')).toBe(true);
    expect(branchFilterAllows('feat-?', 'feat-ab')).toBe(false);
    expect(branchFilterAllows('main', undefined)).toBe(true);
    expect(isValidBranchFilter('{main')).toBe(false);
    expect(isValidBranchFilter('[ab]*')).toBe(true);
  });

  it('retries with a doubling back-off and gives up after the last attempt', () => {
    const now = new Date(0);
    const policy = { maxAttempts: 3, backoffMs: 1000 };
    expect(attemptOutcome(1, 204, policy, now)).toEqual({ state: 'delivered' });
    expect(attemptOutcome(1, 500, policy, now)).toEqual({ state: 'pending', retryAt: new Date(1000) });
    expect(attemptOutcome(2, null, policy, now)).toEqual({ state: 'pending', retryAt: new Date(2000) });
    expect(attemptOutcome(3, 404, policy, now)).toEqual({ state: 'failed' });
  });

  it('tells created, moved and deleted refs apart', () => {
    expect(refChanges({ 'refs/heads/a': '1', 'refs/heads/b': '2' }, { 'refs/heads/a': '3', 'refs/tags/t': '4' })).toEqual([
      { ref: 'refs/heads/a', before: '1', after: '3' },
      { ref: 'refs/heads/b', before: '2', after: ZERO_SHA },
      { ref: 'refs/tags/t', before: ZERO_SHA, after: '4' },
    ]);
  });

  it('allows hosts as Forgejo’s ALLOWED_HOST_LIST: builtins, CIDRs and name globs', () => {
    const external = new HostAllowList(['external']);
    expect(external.allowsAddress('93.184.216.34')).toBe(true);
    for (const address of ['127.0.0.1', '10.1.2.3', '192.168.0.1', '169.254.169.254', '::1', 'fd00::1', '0.0.0.0', '::ffff:127.0.0.1']) {
      expect(external.allowsAddress(address)).toBe(false);
    }
    expect(new HostAllowList(['loopback']).allowsAddress('127.0.0.5')).toBe(true);
    expect(new HostAllowList(['private']).allowsAddress('172.20.0.1')).toBe(true);
    expect(new HostAllowList(['private']).allowsAddress('127.0.0.1')).toBe(false);
    expect(new HostAllowList(['10.0.0.0/8']).allowsAddress('10.9.9.9')).toBe(true);
    expect(new HostAllowList(['*.ci.example.com']).allowsName('build.ci.example.com')).toBe(true);
    expect(new HostAllowList(['*.ci.example.com']).allowsName('ci.example.org')).toBe(false);
    expect(new HostAllowList(['*']).allowsAddress('127.0.0.1')).toBe(true);
  });

  it('reads [webhook] with Forgejo’s defaults and refuses a malformed CIDR', () => {
    const config = loadConfig({ configPath: '/nonexistent/app.ini', env: {} });
    expect(config.webhook).toEqual({
      deliverTimeoutMs: 5000,
      allowedHostList: ['external'],
      skipTlsVerify: false,
      maxAttempts: 5,
      retryBackoffMs: 10_000,
    });
    expect(() => loadConfig({ configPath: '/nonexistent/app.ini', env: { BELLOWS__WEBHOOK__ALLOWED_HOST_LIST: '10.0.0.0/99' } })).toThrow(
      /ALLOWED_HOST_LIST/,
    );
  });
});
