import { utils as sshUtils } from 'ssh2';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { forgejoOperation } from '../support/forgejo-reference';
import { fetchOwnDocument, fillPath, operationsOf, routeKey } from '../support/openapi-operations';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Walks through the implemented part of a known scenario and checks every answer
 * against Forgejo's reference schemas. A step runs only when our own API
 * description lists its operation (so new routes are covered as they land), and
 * the walk must check at least MINIMUM_CHECKED answers, so it cannot pass by
 * skipping everything.
 */
const MINIMUM_CHECKED = 8;

interface Scenario {
  admin: TestUser;
  user: TestUser;
  /** Values filled in as steps run: created user, org, team id, token. */
  values: Record<string, string>;
}

interface Step {
  method: string;
  /** Forgejo's path template; `{name}`s come from `values` (and `username`, the fixture user). */
  path: string;
  as: 'admin' | 'user' | 'anonymous';
  status: number;
  query?: string;
  body?: (scenario: Scenario) => unknown;
  /** Values this step needs from earlier ones; it is skipped when one is missing. */
  needs?: string[];
  /** Records values for later steps. */
  keep?: (body: any, scenario: Scenario) => void;
  /** For operations Forgejo does not have: the fields our answer must have. */
  ownShape?: Record<string, string>;
}

const unique = Date.now().toString(36);
const newUser = `conf-user-${unique}`;
const org = `conf-org-${unique}`;

/** Public keys for the SSH key steps, made once per run. */
const SSH_KEYS = [0, 1, 2].map(() => sshUtils.generateKeyPairSync('ed25519').public);
const sshKey = (index: number) => SSH_KEYS[index];

const STEPS: Step[] = [
  // What the server says about itself (issue 14).
  { method: 'GET', path: '/version', as: 'anonymous', status: 200 },
  { method: 'GET', path: '/nodeinfo', as: 'anonymous', status: 200 },
  { method: 'GET', path: '/settings/api', as: 'anonymous', status: 200 },
  { method: 'GET', path: '/settings/attachment', as: 'anonymous', status: 200 },
  { method: 'GET', path: '/settings/repository', as: 'anonymous', status: 200 },
  { method: 'GET', path: '/settings/ui', as: 'anonymous', status: 200 },
  { method: 'GET', path: '/user', as: 'admin', status: 200 },
  { method: 'GET', path: '/user', as: 'anonymous', status: 401 },
  { method: 'GET', path: '/users/{username}', as: 'anonymous', status: 200 },
  { method: 'GET', path: '/users/{missing}', as: 'anonymous', status: 404 },
  { method: 'GET', path: '/users/search', query: '?q=conf&limit=5', as: 'anonymous', status: 200 },
  { method: 'GET', path: '/users/search', query: '?uid=-1', as: 'anonymous', status: 200 },
  // SSH keys (issue 13): a user's keys, an administrator's, a repository's deploy keys.
  {
    method: 'POST',
    path: '/user/keys',
    as: 'user',
    status: 201,
    body: () => ({ title: 'laptop', key: sshKey(0) }),
    keep: (body, s) => void (s.values.sshKeyId = String(body.id)),
  },
  { method: 'POST', path: '/user/keys', as: 'user', status: 422, body: () => ({ title: 'bad', key: 'ssh-ed25519 not-a-key' }) },
  { method: 'GET', path: '/user/keys', as: 'user', status: 200 },
  { method: 'GET', path: '/user/keys/{sshKeyId}', as: 'user', status: 200, needs: ['sshKeyId'] },
  { method: 'GET', path: '/user/keys/{sshKeyId}', as: 'admin', status: 404, needs: ['sshKeyId'] },
  { method: 'GET', path: '/users/{username}/keys', as: 'anonymous', status: 200 },
  { method: 'DELETE', path: '/user/keys/{sshKeyId}', as: 'user', status: 204, needs: ['sshKeyId'] },
  {
    method: 'POST',
    path: '/admin/users/{username}/keys',
    as: 'admin',
    status: 201,
    body: () => ({ title: 'added', key: sshKey(1) }),
    keep: (body, s) => void (s.values.adminKeyId = String(body.id)),
  },
  { method: 'DELETE', path: '/admin/users/{username}/keys/{adminKeyId}', as: 'admin', status: 204, needs: ['adminKeyId'] },
  {
    method: 'POST',
    path: '/user/repos',
    as: 'user',
    status: 201,
    body: () => ({ name: `conf-keys-${unique}` }),
    keep: (body, s) => Object.assign(s.values, { keysOwner: body.owner.login, keysRepo: body.name }),
  },
  {
    method: 'POST',
    path: '/repos/{keysOwner}/{keysRepo}/keys',
    as: 'user',
    status: 201,
    needs: ['keysRepo'],
    body: () => ({ title: 'ci', key: sshKey(2), read_only: true }),
    keep: (body, s) => void (s.values.deployKeyId = String(body.id)),
  },
  { method: 'GET', path: '/repos/{keysOwner}/{keysRepo}/keys', as: 'user', status: 200, needs: ['keysRepo'] },
  { method: 'GET', path: '/repos/{keysOwner}/{keysRepo}/keys/{deployKeyId}', as: 'user', status: 200, needs: ['deployKeyId'] },
  { method: 'DELETE', path: '/repos/{keysOwner}/{keysRepo}/keys/{deployKeyId}', as: 'user', status: 204, needs: ['deployKeyId'] },
  {
    method: 'POST',
    path: '/admin/users',
    as: 'admin',
    status: 201,
    body: () => ({ username: newUser, email: `${newUser}@example.com`, password: 'a long enough password 1', must_change_password: false }),
    keep: (body, scenario) => void (scenario.values.newUser = body.login),
  },
  { method: 'GET', path: '/admin/users', query: '?limit=2', as: 'admin', status: 200 },
  { method: 'GET', path: '/admin/users', as: 'user', status: 403 },
  {
    method: 'PATCH',
    path: '/admin/users/{newUser}',
    as: 'admin',
    status: 200,
    needs: ['newUser'],
    body: () => ({ full_name: 'Conformance Person' }),
  },
  {
    method: 'POST',
    path: '/orgs',
    as: 'user',
    status: 201,
    body: () => ({ username: org, full_name: 'Conformance Org', visibility: 'public' }),
    keep: (body, scenario) => void (scenario.values.org = body.name ?? body.username),
  },
  { method: 'GET', path: '/orgs/{org}', as: 'anonymous', status: 200, needs: ['org'] },
  {
    method: 'PATCH',
    path: '/orgs/{org}',
    as: 'user',
    status: 200,
    needs: ['org'],
    body: () => ({ description: 'checked against Forgejo' }),
  },
  { method: 'GET', path: '/orgs/{org}/members', as: 'user', status: 200, needs: ['org'] },
  { method: 'GET', path: '/orgs/{org}/teams', as: 'user', status: 200, needs: ['org'] },
  {
    method: 'POST',
    path: '/orgs/{org}/teams',
    as: 'user',
    status: 201,
    needs: ['org'],
    body: () => ({ name: 'reviewers', permission: 'write', units: ['repo.code', 'repo.issues'] }),
    keep: (body, scenario) => void (scenario.values.team = String(body.id)),
  },
  { method: 'GET', path: '/teams/{team}', as: 'user', status: 200, needs: ['team'] },
  {
    method: 'PATCH',
    path: '/teams/{team}',
    as: 'user',
    status: 200,
    needs: ['team'],
    body: () => ({ name: 'reviewers', description: 'they review' }),
  },
  { method: 'PUT', path: '/teams/{team}/members/{newUser}', as: 'user', status: 204, needs: ['team', 'newUser'] },
  { method: 'GET', path: '/teams/{team}/members', as: 'user', status: 200, needs: ['team'] },
  // Branches and tags (issue 13) in a repository of the fixture user.
  {
    method: 'POST',
    path: '/user/repos',
    as: 'user',
    status: 201,
    body: () => ({ name: `conf-refs-${unique}`, auto_init: true }),
    keep: (body, scenario) => Object.assign(scenario.values, { owner: body.owner.login, repo: body.name }),
  },
  {
    method: 'POST',
    path: '/repos/{owner}/{repo}/branches',
    as: 'user',
    status: 201,
    needs: ['repo'],
    body: () => ({ new_branch_name: 'conf-branch' }),
    keep: (body, scenario) => Object.assign(scenario.values, { branch: body.name, sha: body.commit.id }),
  },
  { method: 'GET', path: '/repos/{owner}/{repo}/branches/{branch}', as: 'anonymous', status: 200, needs: ['branch'] },
  {
    method: 'PATCH',
    path: '/repos/{owner}/{repo}/branches/{branch}',
    as: 'user',
    status: 204,
    needs: ['branch'],
    body: () => ({ name: 'conf-renamed' }),
    keep: (_body, scenario) => void (scenario.values.branch = 'conf-renamed'),
  },
  { method: 'DELETE', path: '/repos/{owner}/{repo}/branches/{branch}', as: 'user', status: 204, needs: ['branch'] },
  {
    method: 'POST',
    path: '/repos/{owner}/{repo}/tags',
    as: 'user',
    status: 201,
    needs: ['repo'],
    body: () => ({ tag_name: 'conf-v1', message: 'annotated' }),
    keep: (body, scenario) => Object.assign(scenario.values, { tag: body.name, tagSha: body.id }),
  },
  { method: 'GET', path: '/repos/{owner}/{repo}/tags', as: 'anonymous', status: 200, needs: ['tag'] },
  { method: 'GET', path: '/repos/{owner}/{repo}/tags/{tag}', as: 'anonymous', status: 200, needs: ['tag'] },
  { method: 'GET', path: '/repos/{owner}/{repo}/git/tags/{tagSha}', as: 'anonymous', status: 200, needs: ['tagSha'] },
  { method: 'DELETE', path: '/repos/{owner}/{repo}/tags/{tag}', as: 'user', status: 204, needs: ['tag'] },
  {
    method: 'POST',
    path: '/repos/{owner}/{repo}/statuses/{sha}',
    as: 'user',
    status: 201,
    needs: ['sha'],
    body: () => ({ state: 'success', context: 'conf/ci', target_url: 'https://ci.example/1', description: 'passed' }),
    keep: (_body, scenario) => void (scenario.values.ref = 'main'),
  },
  { method: 'GET', path: '/repos/{owner}/{repo}/statuses/{sha}', as: 'anonymous', status: 200, needs: ['ref'] },
  { method: 'GET', path: '/repos/{owner}/{repo}/commits/{ref}/statuses', as: 'anonymous', status: 200, needs: ['ref'] },
  { method: 'GET', path: '/repos/{owner}/{repo}/commits/{ref}/status', as: 'anonymous', status: 200, needs: ['ref'] },
  { method: 'GET', path: '/repos/{owner}/{repo}/git/trees/{sha}', query: '?recursive=true', as: 'anonymous', status: 200, needs: ['sha'] },
  { method: 'GET', path: '/repos/{owner}/{repo}/git/refs', as: 'anonymous', status: 200, needs: ['repo'] },
  {
    method: 'PUT',
    path: '/repos/{owner}/{repo}/topics',
    as: 'user',
    status: 204,
    needs: ['repo'],
    body: () => ({ topics: ['conformance', 'forge'] }),
    keep: (_body, scenario) => void (scenario.values.topic = 'checked'),
  },
  { method: 'PUT', path: '/repos/{owner}/{repo}/topics/{topic}', as: 'user', status: 204, needs: ['topic'] },
  { method: 'GET', path: '/repos/{owner}/{repo}/topics', as: 'anonymous', status: 200, needs: ['topic'] },
  { method: 'DELETE', path: '/repos/{owner}/{repo}/topics/{topic}', as: 'user', status: 204, needs: ['topic'] },
  // Forgejo's description says an array, but Forgejo answers {topics: [...]}: clients expect what it sends.
  { method: 'GET', path: '/topics/search', query: '?q=conf', as: 'anonymous', status: 200, ownShape: { topics: 'object' } },
  {
    method: 'POST',
    path: '/admin/users/{newUser}/orgs',
    as: 'admin',
    status: 201,
    needs: ['newUser'],
    body: () => ({ username: `${org}-2` }),
    keep: (body, scenario) => void (scenario.values.orgOfNewUser = body.name),
  },
  { method: 'GET', path: '/users/{username}/tokens', as: 'user', status: 200 },
  {
    method: 'POST',
    path: '/users/{username}/tokens',
    as: 'user',
    status: 201,
    body: () => ({ name: `conformance-${unique}`, scopes: ['read:user'] }),
    keep: (body, scenario) => void (scenario.values.tokenId = String(body.id)),
  },
  { method: 'GET', path: '/users/{newUser}/tokens', as: 'user', status: 403, needs: ['newUser'] },
  { method: 'DELETE', path: '/users/{username}/tokens/{tokenId}', as: 'user', status: 204, needs: ['tokenId'] },
  { method: 'POST', path: '/user/twofactor/totp', as: 'user', status: 201, ownShape: { secret: 'string', uri: 'string' } },
  // Pull request merges (issue 13): a branch made with the contents API, a pull request, its merge.
  {
    method: 'POST',
    path: '/user/repos',
    as: 'user',
    status: 201,
    body: () => ({ name: `conf-pulls-${unique}`, auto_init: true }),
    keep: (body, scenario) => Object.assign(scenario.values, { pullOwner: body.owner.login, pullRepo: body.name }),
  },
  {
    method: 'POST',
    path: '/repos/{pullOwner}/{pullRepo}/contents/{pullFile}',
    as: 'user',
    status: 201,
    needs: ['pullRepo'],
    body: () => ({ content: Buffer.from('merged\n').toString('base64'), new_branch: 'conf-feature', message: 'Add a file' }),
    keep: (_body, scenario) => void (scenario.values.pullHead = 'conf-feature'),
  },
  {
    method: 'POST',
    path: '/repos/{pullOwner}/{pullRepo}/pulls',
    as: 'user',
    status: 201,
    needs: ['pullHead'],
    body: () => ({ head: 'conf-feature', base: 'main', title: 'Conformance merge' }),
    keep: (body, scenario) => void (scenario.values.pullIndex = String(body.number)),
  },
  { method: 'GET', path: '/repos/{pullOwner}/{pullRepo}/pulls/{pullBase}/{pullHead}', as: 'anonymous', status: 200, needs: ['pullIndex'] },
  { method: 'POST', path: '/repos/{pullOwner}/{pullRepo}/pulls/{pullIndex}/update', as: 'user', status: 200, needs: ['pullIndex'] },
  { method: 'GET', path: '/repos/{pullOwner}/{pullRepo}/compare/{pullCompare}', as: 'anonymous', status: 200, needs: ['pullIndex'] },
  { method: 'GET', path: '/repos/{pullOwner}/{pullRepo}/pulls/{pullIndex}/merge', as: 'user', status: 404, needs: ['pullIndex'] },
  {
    method: 'POST',
    path: '/repos/{pullOwner}/{pullRepo}/pulls/{pullIndex}/merge',
    as: 'user',
    status: 200,
    needs: ['pullIndex'],
    body: () => ({ Do: 'squash', delete_branch_after_merge: true }),
  },
  { method: 'GET', path: '/repos/{pullOwner}/{pullRepo}/pulls/{pullIndex}/merge', as: 'anonymous', status: 204, needs: ['pullIndex'] },
  { method: 'GET', path: '/repos/{pullOwner}/{pullRepo}/pulls/{pullIndex}', as: 'anonymous', status: 200, needs: ['pullIndex'] },
  // Reviews (issue 13): the poster may comment on their own pull request, with a line comment.
  {
    method: 'POST',
    path: '/repos/{pullOwner}/{pullRepo}/pulls/{pullIndex}/reviews',
    as: 'user',
    status: 200,
    needs: ['pullIndex'],
    body: () => ({ event: 'COMMENT', body: 'Conformance review', comments: [{ path: 'merged.txt', body: 'a line', new_position: 1 }] }),
    keep: (body, scenario) => void (scenario.values.reviewId = String(body.id)),
  },
  { method: 'GET', path: '/repos/{pullOwner}/{pullRepo}/pulls/{pullIndex}/reviews', as: 'anonymous', status: 200, needs: ['reviewId'] },
  {
    method: 'GET',
    path: '/repos/{pullOwner}/{pullRepo}/pulls/{pullIndex}/reviews/{reviewId}',
    as: 'anonymous',
    status: 200,
    needs: ['reviewId'],
  },
  {
    method: 'GET',
    path: '/repos/{pullOwner}/{pullRepo}/pulls/{pullIndex}/reviews/{reviewId}/comments',
    as: 'anonymous',
    status: 200,
    needs: ['reviewId'],
  },
  // Branch and tag protection rules (issue 13), in a repository of their own.
  {
    method: 'POST',
    path: '/user/repos',
    as: 'user',
    status: 201,
    body: () => ({ name: `conf-protect-${unique}`, auto_init: true }),
    keep: (body, scenario) => Object.assign(scenario.values, { guardOwner: body.owner.login, guardRepo: body.name }),
  },
  {
    method: 'POST',
    path: '/repos/{guardOwner}/{guardRepo}/branch_protections',
    as: 'user',
    status: 201,
    needs: ['guardRepo'],
    body: () => ({ rule_name: 'main', enable_push: true, required_approvals: 1, enable_status_check: true, status_check_contexts: ['ci'] }),
    keep: (body, scenario) => void (scenario.values.guardRule = body.rule_name),
  },
  { method: 'GET', path: '/repos/{guardOwner}/{guardRepo}/branch_protections', as: 'user', status: 200, needs: ['guardRule'] },
  { method: 'GET', path: '/repos/{guardOwner}/{guardRepo}/branch_protections/{guardRule}', as: 'user', status: 200, needs: ['guardRule'] },
  {
    method: 'PATCH',
    path: '/repos/{guardOwner}/{guardRepo}/branch_protections/{guardRule}',
    as: 'user',
    status: 200,
    needs: ['guardRule'],
    body: () => ({ required_approvals: 2 }),
  },
  {
    method: 'DELETE',
    path: '/repos/{guardOwner}/{guardRepo}/branch_protections/{guardRule}',
    as: 'user',
    status: 204,
    needs: ['guardRule'],
  },
  {
    method: 'POST',
    path: '/repos/{guardOwner}/{guardRepo}/tag_protections',
    as: 'user',
    status: 201,
    needs: ['guardRepo'],
    body: (scenario) => ({ name_pattern: 'v*', whitelist_usernames: [scenario.values.username] }),
    keep: (body, scenario) => void (scenario.values.tagRule = String(body.id)),
  },
  { method: 'GET', path: '/repos/{guardOwner}/{guardRepo}/tag_protections', as: 'user', status: 200, needs: ['tagRule'] },
  { method: 'GET', path: '/repos/{guardOwner}/{guardRepo}/tag_protections/{tagRule}', as: 'user', status: 200, needs: ['tagRule'] },
  {
    method: 'PATCH',
    path: '/repos/{guardOwner}/{guardRepo}/tag_protections/{tagRule}',
    as: 'user',
    status: 200,
    needs: ['tagRule'],
    body: () => ({ name_pattern: 'release-*' }),
  },
  { method: 'DELETE', path: '/repos/{guardOwner}/{guardRepo}/tag_protections/{tagRule}', as: 'user', status: 204, needs: ['tagRule'] },
  // Stars (issue 14), on the repository of the protection steps above.
  { method: 'PUT', path: '/user/starred/{guardOwner}/{guardRepo}', as: 'user', status: 204, needs: ['guardRepo'] },
  { method: 'GET', path: '/user/starred/{guardOwner}/{guardRepo}', as: 'user', status: 204, needs: ['guardRepo'] },
  { method: 'GET', path: '/user/starred', as: 'user', status: 200, needs: ['guardRepo'] },
  { method: 'GET', path: '/users/{username}/starred', as: 'anonymous', status: 200, needs: ['guardRepo'] },
  { method: 'GET', path: '/repos/{guardOwner}/{guardRepo}/stargazers', as: 'anonymous', status: 200, needs: ['guardRepo'] },
  { method: 'DELETE', path: '/user/starred/{guardOwner}/{guardRepo}', as: 'user', status: 204, needs: ['guardRepo'] },
  // Following users (issue 14).
  { method: 'PUT', path: '/user/following/{newUser}', as: 'user', status: 204, needs: ['newUser'] },
  { method: 'GET', path: '/user/following/{newUser}', as: 'user', status: 204, needs: ['newUser'] },
  { method: 'GET', path: '/user/following', as: 'user', status: 200, needs: ['newUser'] },
  { method: 'GET', path: '/users/{newUser}/followers', as: 'user', status: 200, needs: ['newUser'] },
  { method: 'GET', path: '/users/{username}/following/{newUser}', as: 'user', status: 204, needs: ['newUser'] },
  { method: 'DELETE', path: '/user/following/{newUser}', as: 'user', status: 204, needs: ['newUser'] },
  // Several files in one commit, a deletion and a patch through the contents API (issue 13).
  {
    method: 'POST',
    path: '/user/repos',
    as: 'user',
    status: 201,
    body: () => ({ name: `conf-files-${unique}`, auto_init: true }),
    keep: (body, scenario) => Object.assign(scenario.values, { filesOwner: body.owner.login, filesRepo: body.name }),
  },
  {
    method: 'POST',
    path: '/repos/{filesOwner}/{filesRepo}/contents',
    as: 'user',
    status: 201,
    needs: ['filesRepo'],
    body: () => ({
      files: ['a.txt', 'b.txt'].map((path) => ({ operation: 'create', path, content: Buffer.from(path).toString('base64') })),
    }),
    keep: (body, scenario) => Object.assign(scenario.values, { fileA: body.files[0].path, fileSha: body.files[0].sha }),
  },
  {
    method: 'DELETE',
    path: '/repos/{filesOwner}/{filesRepo}/contents/{fileA}',
    as: 'user',
    status: 200,
    needs: ['fileSha'],
    body: (scenario) => ({ sha: scenario.values.fileSha }),
  },
  {
    method: 'POST',
    path: '/repos/{filesOwner}/{filesRepo}/diffpatch',
    as: 'user',
    status: 200,
    needs: ['filesRepo'],
    body: () => ({ content: 'diff --git a/c.txt b/c.txt\nnew file mode 100644\n--- /dev/null\n+++ b/c.txt\n@@ -0,0 +1 @@\n+c\n' }),
  },
  // Forks and transfers (issue 13): the user forks the admin's repository, gives the fork to their
  // organization and back at once, then offers it to the admin, who accepts.
  {
    method: 'POST',
    path: '/user/repos',
    as: 'admin',
    status: 201,
    body: () => ({ name: `conf-forked-${unique}`, auto_init: true }),
    keep: (body, s) => Object.assign(s.values, { parentOwner: body.owner.login, parentRepo: body.name }),
  },
  {
    method: 'POST',
    path: '/repos/{parentOwner}/{parentRepo}/forks',
    as: 'user',
    status: 202,
    needs: ['parentRepo'],
    body: () => ({ name: `conf-fork-${unique}` }),
    keep: (body, s) => void (s.values.forkRepo = body.name),
  },
  { method: 'GET', path: '/repos/{parentOwner}/{parentRepo}/forks', as: 'anonymous', status: 200, needs: ['forkRepo'] },
  { method: 'GET', path: '/repos/{username}/{forkRepo}', as: 'anonymous', status: 200, needs: ['forkRepo'] },
  {
    method: 'POST',
    path: '/repos/{username}/{forkRepo}/transfer',
    as: 'user',
    status: 202,
    needs: ['forkRepo', 'org'],
    body: (s) => ({ new_owner: s.values.org }),
  },
  {
    method: 'POST',
    path: '/repos/{org}/{forkRepo}/transfer',
    as: 'user',
    status: 202,
    needs: ['forkRepo', 'org'],
    body: (s) => ({ new_owner: s.values.username }),
  },
  {
    // Forgejo answers a pending transfer with 201, which its description leaves out.
    method: 'POST',
    path: '/repos/{username}/{forkRepo}/transfer',
    as: 'user',
    status: 201,
    needs: ['forkRepo'],
    body: (s) => ({ new_owner: s.admin.name }),
    ownShape: { full_name: 'string', fork: 'boolean' },
  },
  { method: 'POST', path: '/repos/{username}/{forkRepo}/transfer/reject', as: 'admin', status: 200, needs: ['forkRepo'] },
  { method: 'POST', path: '/repos/{username}/{forkRepo}/transfer/accept', as: 'admin', status: 404, needs: ['forkRepo'] },
  {
    method: 'POST',
    path: '/repos/{username}/{forkRepo}/transfer',
    as: 'user',
    status: 201,
    needs: ['forkRepo'],
    body: (s) => ({ new_owner: s.admin.name }),
    ownShape: { full_name: 'string', fork: 'boolean' },
  },
  { method: 'POST', path: '/repos/{username}/{forkRepo}/transfer/accept', as: 'admin', status: 202, needs: ['forkRepo'] },
  // Actions variables (issue 14): the user's own, their organization's and their repository's.
  { method: 'POST', path: '/user/actions/variables/{variable}', as: 'user', status: 201, body: () => ({ value: 'eu-west-1' }) },
  { method: 'GET', path: '/user/actions/variables/{variable}', as: 'user', status: 200 },
  { method: 'GET', path: '/user/actions/variables', as: 'user', status: 200 },
  { method: 'PUT', path: '/user/actions/variables/{variable}', as: 'user', status: 204, body: () => ({ value: 'us-east-1' }) },
  { method: 'DELETE', path: '/user/actions/variables/{variable}', as: 'user', status: 204 },
  { method: 'GET', path: '/user/actions/variables/{variable}', as: 'user', status: 404 },
  { method: 'POST', path: '/user/actions/variables/{badVariable}', as: 'user', status: 400, body: () => ({ value: 'x' }) },
  {
    method: 'POST',
    path: '/orgs/{org}/actions/variables/{variable}',
    as: 'user',
    status: 201,
    needs: ['org'],
    body: () => ({ value: 'o' }),
  },
  { method: 'GET', path: '/orgs/{org}/actions/variables', as: 'user', status: 200, needs: ['org'] },
  { method: 'GET', path: '/orgs/{org}/actions/variables/{variable}', as: 'user', status: 200, needs: ['org'] },
  {
    method: 'PUT',
    path: '/orgs/{org}/actions/variables/{variable}',
    as: 'user',
    status: 204,
    needs: ['org'],
    body: () => ({ value: 'p' }),
  },
  { method: 'DELETE', path: '/orgs/{org}/actions/variables/{variable}', as: 'user', status: 204, needs: ['org'] },
  {
    method: 'POST',
    path: '/repos/{filesOwner}/{filesRepo}/actions/variables/{variable}',
    as: 'user',
    status: 201,
    needs: ['filesRepo'],
    body: () => ({ value: 'r' }),
  },
  { method: 'GET', path: '/repos/{filesOwner}/{filesRepo}/actions/variables', as: 'user', status: 200, needs: ['filesRepo'] },
  { method: 'GET', path: '/repos/{filesOwner}/{filesRepo}/actions/variables/{variable}', as: 'user', status: 200, needs: ['filesRepo'] },
  {
    method: 'PUT',
    path: '/repos/{filesOwner}/{filesRepo}/actions/variables/{variable}',
    as: 'user',
    status: 204,
    needs: ['filesRepo'],
    body: () => ({ name: 'conf_renamed', value: 's' }),
  },
  {
    method: 'DELETE',
    path: '/repos/{filesOwner}/{filesRepo}/actions/variables/{renamedVariable}',
    as: 'user',
    status: 204,
    needs: ['filesRepo'],
  },
  // @area webhooks (issue 14): steps go below this line.
  {
    method: 'POST',
    path: '/user/repos',
    as: 'user',
    status: 201,
    body: () => ({ name: `conf-hooks-${unique}` }),
    keep: (body, s) => Object.assign(s.values, { hooksOwner: body.owner.login, hooksRepo: body.name }),
  },
  {
    method: 'POST',
    path: '/repos/{hooksOwner}/{hooksRepo}/hooks',
    as: 'user',
    status: 201,
    needs: ['hooksRepo'],
    body: () => ({
      type: 'forgejo',
      active: true,
      events: ['push'],
      config: { url: 'http://ci.example.com/hook', content_type: 'json', secret: 'x' },
    }),
    keep: (body, s) => void (s.values.repoHook = String(body.id)),
  },
  { method: 'GET', path: '/repos/{hooksOwner}/{hooksRepo}/hooks', as: 'user', status: 200, needs: ['hooksRepo'] },
  { method: 'GET', path: '/repos/{hooksOwner}/{hooksRepo}/hooks/{repoHook}', as: 'user', status: 200, needs: ['repoHook'] },
  {
    method: 'PATCH',
    path: '/repos/{hooksOwner}/{hooksRepo}/hooks/{repoHook}',
    as: 'user',
    status: 200,
    needs: ['repoHook'],
    body: () => ({ active: false, branch_filter: 'main' }),
  },
  { method: 'POST', path: '/repos/{hooksOwner}/{hooksRepo}/hooks/{repoHook}/tests', as: 'user', status: 204, needs: ['repoHook'] },
  { method: 'GET', path: '/repos/{hooksOwner}/{hooksRepo}/hooks/{missing}', as: 'user', status: 404, needs: ['hooksRepo'] },
  { method: 'DELETE', path: '/repos/{hooksOwner}/{hooksRepo}/hooks/{repoHook}', as: 'user', status: 204, needs: ['repoHook'] },
  {
    method: 'POST',
    path: '/orgs/{org}/hooks',
    as: 'user',
    status: 201,
    needs: ['org'],
    body: () => ({
      type: 'forgejo',
      active: true,
      events: ['push'],
      config: { url: 'http://ci.example.com/hook', content_type: 'json', secret: 'x' },
    }),
    keep: (body, s) => void (s.values.orgHook = String(body.id)),
  },
  { method: 'GET', path: '/orgs/{org}/hooks', as: 'user', status: 200, needs: ['org'] },
  { method: 'GET', path: '/orgs/{org}/hooks/{orgHook}', as: 'user', status: 200, needs: ['orgHook'] },
  {
    method: 'PATCH',
    path: '/orgs/{org}/hooks/{orgHook}',
    as: 'user',
    status: 200,
    needs: ['orgHook'],
    body: () => ({ events: ['create'] }),
  },
  { method: 'DELETE', path: '/orgs/{org}/hooks/{orgHook}', as: 'user', status: 204, needs: ['orgHook'] },
  {
    method: 'POST',
    path: '/user/hooks',
    as: 'user',
    status: 201,
    body: () => ({
      type: 'forgejo',
      active: true,
      events: ['push'],
      config: { url: 'http://ci.example.com/hook', content_type: 'json', secret: 'x' },
    }),
    keep: (body, s) => void (s.values.userHook = String(body.id)),
  },
  { method: 'GET', path: '/user/hooks', as: 'user', status: 200 },
  { method: 'GET', path: '/user/hooks/{userHook}', as: 'user', status: 200, needs: ['userHook'] },
  { method: 'PATCH', path: '/user/hooks/{userHook}', as: 'user', status: 200, needs: ['userHook'], body: () => ({ active: false }) },
  { method: 'DELETE', path: '/user/hooks/{userHook}', as: 'user', status: 204, needs: ['userHook'] },
  {
    method: 'POST',
    path: '/admin/hooks',
    as: 'admin',
    status: 201,
    body: () => ({
      type: 'forgejo',
      active: true,
      events: ['push'],
      config: { url: 'http://ci.example.com/hook', content_type: 'json', secret: 'x' },
    }),
    keep: (body, s) => void (s.values.adminHook = String(body.id)),
  },
  { method: 'GET', path: '/admin/hooks', as: 'admin', status: 200 },
  { method: 'GET', path: '/admin/hooks', as: 'user', status: 403 },
  { method: 'GET', path: '/admin/hooks/{adminHook}', as: 'admin', status: 200, needs: ['adminHook'] },
  { method: 'PATCH', path: '/admin/hooks/{adminHook}', as: 'admin', status: 200, needs: ['adminHook'], body: () => ({ active: false }) },
  { method: 'DELETE', path: '/admin/hooks/{adminHook}', as: 'admin', status: 204, needs: ['adminHook'] },
  // @area webhook-events (issue 14): steps go below this line.
  // @area issues-social (issue 14): steps go below this line.
  {
    method: 'POST',
    path: '/user/repos',
    as: 'user',
    status: 201,
    body: () => ({ name: `conf-social-${unique}` }),
    keep: (body, s) => Object.assign(s.values, { socialOwner: body.owner.login, socialRepo: body.name }),
  },
  {
    method: 'POST',
    path: '/repos/{socialOwner}/{socialRepo}/issues',
    as: 'user',
    status: 201,
    needs: ['socialRepo'],
    body: () => ({ title: 'Social' }),
    keep: (body, s) => void (s.values.socialIndex = String(body.number)),
  },
  {
    method: 'POST',
    path: '/repos/{socialOwner}/{socialRepo}/issues/{socialIndex}/comments',
    as: 'user',
    status: 201,
    needs: ['socialIndex'],
    body: () => ({ body: 'a comment' }),
    keep: (body, s) => void (s.values.socialComment = String(body.id)),
  },
  {
    method: 'PATCH',
    path: '/repos/{socialOwner}/{socialRepo}/issues/{socialIndex}/comments/{socialComment}',
    as: 'user',
    status: 200,
    needs: ['socialComment'],
    body: () => ({ body: 'edited by the old path' }),
  },
  {
    method: 'DELETE',
    path: '/repos/{socialOwner}/{socialRepo}/issues/{socialIndex}/comments/{socialComment}',
    as: 'user',
    status: 204,
    needs: ['socialComment'],
  },
  // Reactions on the issue and on a comment of it.
  {
    method: 'POST',
    path: '/repos/{socialOwner}/{socialRepo}/issues/{socialIndex}/reactions',
    as: 'user',
    status: 201,
    needs: ['socialIndex'],
    body: () => ({ content: 'heart' }),
  },
  {
    method: 'POST',
    path: '/repos/{socialOwner}/{socialRepo}/issues/{socialIndex}/reactions',
    as: 'user',
    status: 200,
    needs: ['socialIndex'],
    body: () => ({ content: 'heart' }),
  },
  {
    method: 'GET',
    path: '/repos/{socialOwner}/{socialRepo}/issues/{socialIndex}/reactions',
    as: 'anonymous',
    status: 200,
    needs: ['socialIndex'],
  },
  {
    method: 'DELETE',
    path: '/repos/{socialOwner}/{socialRepo}/issues/{socialIndex}/reactions',
    as: 'user',
    status: 200,
    needs: ['socialIndex'],
    body: () => ({ content: 'heart' }),
  },
  {
    method: 'POST',
    path: '/repos/{socialOwner}/{socialRepo}/issues/{socialIndex}/comments',
    as: 'user',
    status: 201,
    needs: ['socialIndex'],
    body: () => ({ body: 'react to me' }),
    keep: (body, s) => void (s.values.reactedComment = String(body.id)),
  },
  {
    method: 'POST',
    path: '/repos/{socialOwner}/{socialRepo}/issues/comments/{reactedComment}/reactions',
    as: 'user',
    status: 201,
    needs: ['reactedComment'],
    body: () => ({ content: 'rocket' }),
  },
  {
    method: 'GET',
    path: '/repos/{socialOwner}/{socialRepo}/issues/comments/{reactedComment}/reactions',
    as: 'anonymous',
    status: 200,
    needs: ['reactedComment'],
  },
  {
    method: 'DELETE',
    path: '/repos/{socialOwner}/{socialRepo}/issues/comments/{reactedComment}/reactions',
    as: 'user',
    status: 200,
    needs: ['reactedComment'],
    body: () => ({ content: 'rocket' }),
  },
  // The deadline, set and then removed.
  {
    method: 'POST',
    path: '/repos/{socialOwner}/{socialRepo}/issues/{socialIndex}/deadline',
    as: 'user',
    status: 201,
    needs: ['socialIndex'],
    body: () => ({ due_date: '2030-01-31T12:00:00Z' }),
  },
  { method: 'GET', path: '/repos/{socialOwner}/{socialRepo}/issues/{socialIndex}', as: 'anonymous', status: 200, needs: ['socialIndex'] },
  {
    method: 'POST',
    path: '/repos/{socialOwner}/{socialRepo}/issues/{socialIndex}/deadline',
    as: 'user',
    status: 201,
    needs: ['socialIndex'],
    body: () => ({ due_date: null }),
  },
  // Pinning the issue: the owner administers the repository.
  {
    method: 'POST',
    path: '/repos/{socialOwner}/{socialRepo}/issues/{socialIndex}/pin',
    as: 'user',
    status: 204,
    needs: ['socialIndex'],
    keep: (_body, s) => void (s.values.pinPosition = '1'),
  },
  { method: 'GET', path: '/repos/{socialOwner}/{socialRepo}/issues/pinned', as: 'anonymous', status: 200, needs: ['socialIndex'] },
  { method: 'GET', path: '/repos/{socialOwner}/{socialRepo}/new_pin_allowed', as: 'anonymous', status: 200, needs: ['socialRepo'] },
  {
    method: 'PATCH',
    path: '/repos/{socialOwner}/{socialRepo}/issues/{socialIndex}/pin/{pinPosition}',
    as: 'user',
    status: 204,
    needs: ['pinPosition'],
  },
  { method: 'DELETE', path: '/repos/{socialOwner}/{socialRepo}/issues/{socialIndex}/pin', as: 'user', status: 204, needs: ['socialIndex'] },
  // Watching the repository, and subscribing to its issue.
  { method: 'PUT', path: '/repos/{socialOwner}/{socialRepo}/subscription', as: 'admin', status: 200, needs: ['socialRepo'] },
  { method: 'GET', path: '/repos/{socialOwner}/{socialRepo}/subscription', as: 'admin', status: 200, needs: ['socialRepo'] },
  { method: 'GET', path: '/repos/{socialOwner}/{socialRepo}/subscribers', as: 'anonymous', status: 200, needs: ['socialRepo'] },
  { method: 'GET', path: '/user/subscriptions', as: 'admin', status: 200, needs: ['socialRepo'] },
  { method: 'GET', path: '/users/{socialOwner}/subscriptions', as: 'anonymous', status: 200, needs: ['socialRepo'] },
  { method: 'DELETE', path: '/repos/{socialOwner}/{socialRepo}/subscription', as: 'admin', status: 204, needs: ['socialRepo'] },
  {
    method: 'GET',
    path: '/repos/{socialOwner}/{socialRepo}/issues/{socialIndex}/subscriptions/check',
    as: 'user',
    status: 200,
    needs: ['socialIndex'],
  },
  {
    method: 'PUT',
    path: '/repos/{socialOwner}/{socialRepo}/issues/{socialIndex}/subscriptions/{socialOwner}',
    as: 'user',
    status: 200,
    needs: ['socialIndex'],
  },
  {
    method: 'DELETE',
    path: '/repos/{socialOwner}/{socialRepo}/issues/{socialIndex}/subscriptions/{socialOwner}',
    as: 'user',
    status: 201,
    needs: ['socialIndex'],
  },
  {
    method: 'PUT',
    path: '/repos/{socialOwner}/{socialRepo}/issues/{socialIndex}/subscriptions/{socialOwner}',
    as: 'user',
    status: 201,
    needs: ['socialIndex'],
  },
  {
    method: 'GET',
    path: '/repos/{socialOwner}/{socialRepo}/issues/{socialIndex}/subscriptions',
    as: 'anonymous',
    status: 200,
    needs: ['socialIndex'],
  },
  // @area issues-time (issue 14): steps go below this line.
  {
    method: 'POST',
    path: '/user/repos',
    as: 'user',
    status: 201,
    body: () => ({ name: `conf-time-${unique}` }),
    keep: (body, s) => Object.assign(s.values, { timeOwner: body.owner.login, timeRepo: body.name }),
  },
  ...['timeIndex', 'timeOther'].map((key): Step => ({
    method: 'POST',
    path: '/repos/{timeOwner}/{timeRepo}/issues',
    as: 'user',
    status: 201,
    needs: ['timeRepo'],
    body: () => ({ title: key }),
    keep: (body, s) => void (s.values[key] = String(body.number)),
  })),
  {
    method: 'POST',
    path: '/repos/{timeOwner}/{timeRepo}/issues/{timeIndex}/times',
    as: 'user',
    status: 200,
    needs: ['timeIndex'],
    body: () => ({ time: 1800, created: '2024-05-01T10:00:00Z' }),
    keep: (body, s) => void (s.values.timeId = String(body.id)),
  },
  { method: 'GET', path: '/repos/{timeOwner}/{timeRepo}/issues/{timeIndex}/times', as: 'user', status: 200, needs: ['timeId'] },
  { method: 'GET', path: '/repos/{timeOwner}/{timeRepo}/times', as: 'user', status: 200, needs: ['timeId'] },
  { method: 'GET', path: '/repos/{timeOwner}/{timeRepo}/times/{username}', as: 'user', status: 200, needs: ['timeId'] },
  { method: 'GET', path: '/user/times', as: 'user', status: 200, needs: ['timeId'] },
  { method: 'DELETE', path: '/repos/{timeOwner}/{timeRepo}/issues/{timeIndex}/times/{timeId}', as: 'user', status: 204, needs: ['timeId'] },
  {
    method: 'POST',
    path: '/repos/{timeOwner}/{timeRepo}/issues/{timeIndex}/stopwatch/start',
    as: 'user',
    status: 201,
    needs: ['timeIndex'],
  },
  { method: 'GET', path: '/user/stopwatches', as: 'user', status: 200, needs: ['timeIndex'] },
  {
    method: 'POST',
    path: '/repos/{timeOwner}/{timeRepo}/issues/{timeIndex}/stopwatch/stop',
    as: 'user',
    status: 201,
    needs: ['timeIndex'],
  },
  {
    method: 'POST',
    path: '/repos/{timeOwner}/{timeRepo}/issues/{timeIndex}/stopwatch/start',
    as: 'user',
    status: 201,
    needs: ['timeIndex'],
  },
  {
    method: 'DELETE',
    path: '/repos/{timeOwner}/{timeRepo}/issues/{timeIndex}/stopwatch/delete',
    as: 'user',
    status: 204,
    needs: ['timeIndex'],
  },
  { method: 'DELETE', path: '/repos/{timeOwner}/{timeRepo}/issues/{timeIndex}/times', as: 'user', status: 204, needs: ['timeIndex'] },
  {
    method: 'POST',
    path: '/repos/{timeOwner}/{timeRepo}/issues/{timeIndex}/dependencies',
    as: 'user',
    status: 201,
    needs: ['timeOther'],
    body: (s) => ({ owner: s.values.timeOwner, repo: s.values.timeRepo, index: Number(s.values.timeOther) }),
  },
  { method: 'GET', path: '/repos/{timeOwner}/{timeRepo}/issues/{timeIndex}/dependencies', as: 'user', status: 200, needs: ['timeOther'] },
  { method: 'GET', path: '/repos/{timeOwner}/{timeRepo}/issues/{timeOther}/blocks', as: 'anonymous', status: 200, needs: ['timeOther'] },
  {
    method: 'DELETE',
    path: '/repos/{timeOwner}/{timeRepo}/issues/{timeIndex}/dependencies',
    as: 'user',
    status: 200,
    needs: ['timeOther'],
    body: (s) => ({ index: Number(s.values.timeOther) }),
  },
  {
    method: 'POST',
    path: '/repos/{timeOwner}/{timeRepo}/issues/{timeIndex}/blocks',
    as: 'user',
    status: 201,
    needs: ['timeOther'],
    body: (s) => ({ index: Number(s.values.timeOther) }),
  },
  {
    method: 'DELETE',
    path: '/repos/{timeOwner}/{timeRepo}/issues/{timeIndex}/blocks',
    as: 'user',
    status: 200,
    needs: ['timeOther'],
    body: (s) => ({ index: Number(s.values.timeOther) }),
  },
  // @area users (issue 14): steps go below this line.
  // Users' e-mail addresses and settings (issue 14).
  { method: 'GET', path: '/user/settings', as: 'user', status: 200, keep: (_body, s) => void (s.values.adminName = s.admin.name) },
  { method: 'PATCH', path: '/user/settings', as: 'user', status: 200, body: () => ({ location: 'Conformance', hide_email: true }) },
  { method: 'POST', path: '/user/emails', as: 'user', status: 201, body: () => ({ emails: [`conf-extra-${unique}@example.org`] }) },
  { method: 'POST', path: '/user/emails', as: 'admin', status: 422, body: () => ({ emails: [`conf-extra-${unique}@example.org`] }) },
  { method: 'GET', path: '/user/emails', as: 'user', status: 200 },
  { method: 'GET', path: '/admin/emails', query: '?limit=5', as: 'admin', status: 200 },
  { method: 'GET', path: '/admin/emails/search', query: `?q=conf-extra-${unique}`, as: 'admin', status: 200 },
  { method: 'GET', path: '/admin/emails', as: 'user', status: 403 },
  { method: 'DELETE', path: '/user/emails', as: 'user', status: 204, body: () => ({ emails: [`conf-extra-${unique}@example.org`] }) },
  // Blocked users (issue 14): the fixture user blocks the admin, then lets them be.
  { method: 'PUT', path: '/user/block/{adminName}', as: 'user', status: 204 },
  { method: 'GET', path: '/user/list_blocked', as: 'user', status: 200 },
  { method: 'PUT', path: '/user/unblock/{adminName}', as: 'user', status: 204 },
  { method: 'PUT', path: '/user/block/{username}', as: 'user', status: 422 },
  { method: 'PUT', path: '/orgs/{org}/block/{missing}', as: 'user', status: 404, needs: ['org'] },
  { method: 'GET', path: '/orgs/{org}/list_blocked', as: 'user', status: 200, needs: ['org'] },
  // @area orgs-teams (issue 14): steps go below this line.
  // Team repositories, lookups and the deprecated org repo path (issue 14), in the scenario's organization.
  {
    method: 'POST',
    path: '/org/{org}/repos',
    as: 'user',
    status: 201,
    needs: ['org'],
    body: () => ({ name: `conf-team-repo-${unique}`, private: true }),
    keep: (body, s) => Object.assign(s.values, { teamRepo: body.name, teamRepoId: String(body.id), teamName: 'reviewers' }),
  },
  { method: 'GET', path: '/repositories/{teamRepoId}', as: 'user', status: 200, needs: ['teamRepoId'] },
  { method: 'GET', path: '/repositories/{teamRepoId}', as: 'anonymous', status: 404, needs: ['teamRepoId'] },
  { method: 'PUT', path: '/teams/{team}/repos/{org}/{teamRepo}', as: 'user', status: 204, needs: ['team', 'teamRepo'] },
  { method: 'GET', path: '/teams/{team}/repos', as: 'user', status: 200, needs: ['team', 'teamRepo'] },
  { method: 'GET', path: '/teams/{team}/repos/{org}/{teamRepo}', as: 'user', status: 200, needs: ['team', 'teamRepo'] },
  { method: 'GET', path: '/repos/{org}/{teamRepo}/teams', as: 'user', status: 200, needs: ['teamRepo'] },
  { method: 'GET', path: '/repos/{org}/{teamRepo}/teams/{teamName}', as: 'user', status: 200, needs: ['teamRepo'] },
  { method: 'DELETE', path: '/repos/{org}/{teamRepo}/teams/{teamName}', as: 'user', status: 204, needs: ['teamRepo'] },
  { method: 'GET', path: '/repos/{org}/{teamRepo}/teams/{teamName}', as: 'user', status: 404, needs: ['teamRepo'] },
  { method: 'PUT', path: '/repos/{org}/{teamRepo}/teams/{teamName}', as: 'user', status: 204, needs: ['teamRepo'] },
  { method: 'PUT', path: '/repos/{org}/{teamRepo}/teams/{teamName}', as: 'user', status: 422, needs: ['teamRepo'] },
  { method: 'DELETE', path: '/teams/{team}/repos/{org}/{teamRepo}', as: 'user', status: 204, needs: ['team', 'teamRepo'] },
  { method: 'GET', path: '/orgs/{org}/teams/search', query: '?q=review', as: 'admin', status: 200, needs: ['org'] },
  { method: 'GET', path: '/user/teams', as: 'user', status: 200 },
  { method: 'GET', path: '/users/{username}/orgs/{org}/permissions', as: 'user', status: 200, needs: ['org'] },
  { method: 'GET', path: '/admin/orgs', as: 'admin', status: 200 },
  { method: 'GET', path: '/admin/orgs', as: 'user', status: 403 },
  { method: 'PUT', path: '/orgs/{org}/public_members/{username}', as: 'user', status: 204, needs: ['org'] },
  { method: 'GET', path: '/orgs/{org}/public_members', as: 'anonymous', status: 200, needs: ['org'] },
  { method: 'GET', path: '/orgs/{org}/public_members/{username}', as: 'anonymous', status: 204, needs: ['org'] },
  { method: 'DELETE', path: '/orgs/{org}/public_members/{username}', as: 'user', status: 204, needs: ['org'] },
  { method: 'GET', path: '/admin/cron', as: 'admin', status: 200, keep: (_body, s) => void (s.values.cronTask = 'delete_temporary_files') },
  { method: 'POST', path: '/admin/cron/{cronTask}', as: 'admin', status: 204, needs: ['cronTask'] },
  { method: 'GET', path: '/admin/cron', as: 'user', status: 403 },
  // @area misc (issue 14): steps go below this line.
  // Repository templates (issue 14): `{name}` is set by the list step before each read.
  { method: 'GET', path: '/label/templates', as: 'anonymous', status: 200, keep: (_body, s) => void (s.values.name = 'Advanced') },
  { method: 'GET', path: '/label/templates/{name}', as: 'anonymous', status: 200, needs: ['name'] },
  { method: 'GET', path: '/gitignore/templates', as: 'anonymous', status: 200, keep: (_body, s) => void (s.values.name = 'Go') },
  { method: 'GET', path: '/gitignore/templates/{name}', as: 'anonymous', status: 200, needs: ['name'] },
  { method: 'GET', path: '/licenses', as: 'anonymous', status: 200, keep: (_body, s) => void (s.values.name = 'MIT') },
  { method: 'GET', path: '/licenses/{name}', as: 'anonymous', status: 200, needs: ['name'] },
  { method: 'GET', path: '/licenses/{missing}', as: 'anonymous', status: 404 },
  // A repository's configuration files (issue 14): the scenario's repository has none of them.
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}/issue_templates',
    as: 'anonymous',
    status: 200,
    needs: ['repo'],
    keep: (_body, s) => void (s.values.filepath = 'src/main.go'),
  },
  { method: 'GET', path: '/repos/{owner}/{repo}/issue_config', as: 'anonymous', status: 200, needs: ['repo'] },
  { method: 'GET', path: '/repos/{owner}/{repo}/issue_config/validate', as: 'anonymous', status: 200, needs: ['repo'] },
  { method: 'GET', path: '/repos/{owner}/{repo}/editorconfig/{filepath}', as: 'anonymous', status: 404, needs: ['repo', 'filepath'] },
  // Git notes (issue 14), on the branch commit of the scenario's repository.
  {
    method: 'POST',
    path: '/repos/{owner}/{repo}/git/notes/{sha}',
    as: 'user',
    status: 200,
    needs: ['sha'],
    body: () => ({ message: 'conformance note' }),
  },
  { method: 'GET', path: '/repos/{owner}/{repo}/git/notes/{sha}', as: 'anonymous', status: 200, needs: ['sha'] },
  { method: 'DELETE', path: '/repos/{owner}/{repo}/git/notes/{sha}', as: 'user', status: 204, needs: ['sha'] },
  { method: 'GET', path: '/repos/{owner}/{repo}/git/notes/{sha}', as: 'anonymous', status: 404, needs: ['sha'] },
  // The pull request of a commit (issue 14): the scenario's merged pull request, found by its merge commit.
  {
    method: 'GET',
    path: '/repos/{pullOwner}/{pullRepo}/pulls/{pullIndex}',
    as: 'anonymous',
    status: 200,
    needs: ['pullIndex'],
    keep: (body, s) => void (body.merge_commit_sha && (s.values.pullMergeSha = body.merge_commit_sha)),
  },
  {
    method: 'GET',
    path: '/repos/{pullOwner}/{pullRepo}/commits/{pullMergeSha}/pull',
    as: 'anonymous',
    status: 200,
    needs: ['pullMergeSha'],
  },
  // Syncing a fork (issue 14): the scenario's repository is no fork, which Forgejo answers with 400.
  { method: 'GET', path: '/repos/{owner}/{repo}/sync_fork', as: 'user', status: 400, needs: ['repo'] },
  { method: 'POST', path: '/repos/{owner}/{repo}/sync_fork/{branch}', as: 'user', status: 400, needs: ['branch'] },
  // Repository flags, site admins only (issue 14).
  {
    method: 'PUT',
    path: '/repos/{owner}/{repo}/flags/{flag}',
    as: 'admin',
    status: 204,
    needs: ['repo'],
    keep: (_b, s) => void (s.values.flag = 'conf-flag'),
  },
  { method: 'PUT', path: '/repos/{owner}/{repo}/flags/{flag}', as: 'admin', status: 204, needs: ['flag'] },
  { method: 'GET', path: '/repos/{owner}/{repo}/flags/{flag}', as: 'admin', status: 204, needs: ['flag'] },
  { method: 'GET', path: '/repos/{owner}/{repo}/flags', as: 'admin', status: 200, needs: ['flag'] },
  { method: 'GET', path: '/repos/{owner}/{repo}/flags', as: 'user', status: 403, needs: ['flag'] },
  {
    method: 'PUT',
    path: '/repos/{owner}/{repo}/flags',
    as: 'admin',
    status: 204,
    needs: ['flag'],
    body: () => ({ flags: ['conf-a', 'conf-b'] }),
  },
  { method: 'DELETE', path: '/repos/{owner}/{repo}/flags/{flag}', as: 'admin', status: 204, needs: ['flag'] },
  { method: 'DELETE', path: '/repos/{owner}/{repo}/flags', as: 'admin', status: 204, needs: ['flag'] },
  // @area oauth2 (issue 14): steps go below this line.
  // OAuth2 applications (issue 14): the secret only in the answers to creation and update.
  {
    method: 'POST',
    path: '/user/applications/oauth2',
    as: 'user',
    status: 201,
    body: () => ({ name: 'conformance', redirect_uris: ['https://client.example.com/cb'], confidential_client: true }),
    keep: (body, s) => void (s.values.oauth2App = String(body.id)),
  },
  { method: 'POST', path: '/user/applications/oauth2', as: 'user', status: 422, body: () => ({ name: 'bad', redirect_uris: ['nope'] }) },
  { method: 'GET', path: '/user/applications/oauth2', as: 'user', status: 200, needs: ['oauth2App'] },
  { method: 'GET', path: '/user/applications/oauth2/{oauth2App}', as: 'user', status: 200, needs: ['oauth2App'] },
  { method: 'GET', path: '/user/applications/oauth2/{oauth2App}', as: 'admin', status: 404, needs: ['oauth2App'] },
  {
    method: 'PATCH',
    path: '/user/applications/oauth2/{oauth2App}',
    as: 'user',
    status: 200,
    needs: ['oauth2App'],
    body: () => ({ name: 'renamed', redirect_uris: ['https://client.example.com/cb'] }),
  },
  { method: 'DELETE', path: '/user/applications/oauth2/{oauth2App}', as: 'user', status: 204, needs: ['oauth2App'] },
  { method: 'GET', path: '/user/applications/oauth2/{oauth2App}', as: 'user', status: 404, needs: ['oauth2App'] },
  // @area avatars (issue 14): steps go below this line.
  // Avatars (issue 14): a 1×1 PNG, base64 as Forgejo's UpdateUserAvatarOption wants it.
  {
    method: 'POST',
    path: '/user/avatar',
    as: 'user',
    status: 204,
    body: () => ({ image: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==' }),
  },
  { method: 'POST', path: '/user/avatar', as: 'user', status: 422, body: () => ({ image: Buffer.from('no image').toString('base64') }) },
  { method: 'DELETE', path: '/user/avatar', as: 'user', status: 204 },
  {
    method: 'POST',
    path: '/orgs/{org}/avatar',
    as: 'user',
    status: 204,
    needs: ['org'],
    body: () => ({ image: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==' }),
  },
  { method: 'DELETE', path: '/orgs/{org}/avatar', as: 'user', status: 204, needs: ['org'] },
  {
    method: 'POST',
    path: '/repos/{owner}/{repo}/avatar',
    as: 'user',
    status: 204,
    needs: ['repo'],
    body: () => ({ image: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==' }),
  },
  { method: 'GET', path: '/repos/{owner}/{repo}', as: 'anonymous', status: 200, needs: ['repo'] },
  { method: 'DELETE', path: '/repos/{owner}/{repo}/avatar', as: 'user', status: 204, needs: ['repo'] },
  // @area gpg (issue 14): steps go below this line.
  // GPG keys (issue 14): a fixed ed25519 key whose user id is an address the fixture user adds first.
  {
    method: 'POST',
    path: '/user/emails',
    as: 'user',
    status: 201,
    body: () => ({ emails: ['conf-gpg@example.org'] }),
    keep: (_body, s) =>
      void (s.values.gpgArmored = [
        '-----BEGIN PGP PUBLIC KEY BLOCK-----',
        '',
        'xjMEawZpchYJKwYBBAHaRw8BAQdAAn1YAMfLcZiasZzuHl/Hd+AwG3IWFPYN',
        'SiRu5GJKJxzNIkNvbmZvcm1hbmNlIDxjb25mLWdwZ0BleGFtcGxlLm9yZz7C',
        'wBMEExYKAIUFgmsGaXIDCwkHCRBLdIDk+UyVmEUUAAAAAAAcACBzYWx0QG5v',
        'dGF0aW9ucy5vcGVucGdwanMub3Jnx+n7Sk1zGPmRcMqh/age97d0mihL2Rmh',
        'Ajm+gXSSNA8FFQoIDgwEFgACAQIZAQKbAwIeARYhBFF6do8kCo760undjEt0',
        'gOT5TJWYAACvQQD/bv4a3n3xKQO4pr2QTDuXPuwelsl08UrT9vOfuR9dN+kB',
        'AMg2BC/5ohqdY7c+L14V6dQaT4lvTC67R+GdjPNKdw8JzjgEawZpchIKKwYB',
        'BAGXVQEFAQEHQEX+iKSpSCvpVWRmXG+hWRhW43vvrwDrb1c3lUeFHW5CAwEI',
        'B8K+BBgWCgBwBYJrBmlyCRBLdIDk+UyVmEUUAAAAAAAcACBzYWx0QG5vdGF0',
        'aW9ucy5vcGVucGdwanMub3JnmJDJTrHTR5jWR1vnTVZwyEhRuwIYBZmAC7OL',
        'PnkKXbUCmwwWIQRRenaPJAqO+tLp3YxLdIDk+UyVmAAAu1gBAJ4d/hhcmQwX',
        '8KqmBL515WUhJM9HvSH+LkyhhRRo4PDnAP4rxk5nNfZf1yrLtblDTC0FM2S5',
        'wMUaHNgFtZlaFzDSAg==',
        '=X+3x',
        '-----END PGP PUBLIC KEY BLOCK-----',
      ].join('\n')),
  },
  {
    method: 'POST',
    path: '/user/gpg_keys',
    as: 'user',
    status: 201,
    needs: ['gpgArmored'],
    body: (s) => ({ armored_public_key: s.values.gpgArmored }),
    keep: (body, s) => void ((s.values.gpgId = String(body.id)), (s.values.gpgKeyId = body.key_id)),
  },
  {
    method: 'POST',
    path: '/user/gpg_keys',
    as: 'user',
    status: 422,
    needs: ['gpgId'],
    body: (s) => ({ armored_public_key: s.values.gpgArmored }),
  },
  { method: 'POST', path: '/user/gpg_keys', as: 'user', status: 422, body: () => ({ armored_public_key: 'not a key' }) },
  { method: 'GET', path: '/user/gpg_keys', as: 'user', status: 200 },
  { method: 'GET', path: '/user/gpg_keys/{gpgId}', as: 'user', status: 200, needs: ['gpgId'] },
  { method: 'GET', path: '/users/{username}/gpg_keys', as: 'anonymous', status: 200 },
  { method: 'GET', path: '/user/gpg_key_token', as: 'user', status: 200 },
  {
    method: 'POST',
    path: '/user/gpg_key_verify',
    as: 'user',
    status: 422,
    needs: ['gpgKeyId'],
    body: (s) => ({ key_id: s.values.gpgKeyId, armored_signature: 'not a signature' }),
  },
  {
    method: 'POST',
    path: '/user/gpg_key_verify',
    as: 'user',
    status: 404,
    body: () => ({ key_id: '0123456789ABCDEF', armored_signature: 'x' }),
  },
  { method: 'DELETE', path: '/user/gpg_keys/{gpgId}', as: 'user', status: 204, needs: ['gpgId'] },
  // @area issue-search (issue 14): steps go below this line.
  // Issue search (issue 14): across the repositories the caller reads; the scenario's pull request pinned and listed.
  { method: 'GET', path: '/repos/issues/search', as: 'user', status: 200, query: '?state=all&type=pulls', needs: ['pullIndex'] },
  { method: 'GET', path: '/repos/issues/search', as: 'anonymous', status: 200, query: '?state=all', needs: ['pullIndex'] },
  { method: 'POST', path: '/repos/{pullOwner}/{pullRepo}/issues/{pullIndex}/pin', as: 'user', status: 204, needs: ['pullIndex'] },
  { method: 'GET', path: '/repos/{pullOwner}/{pullRepo}/pulls/pinned', as: 'anonymous', status: 200, needs: ['pullIndex'] },
  // @area hook-more (issue 14): steps go below this line.
  // @area end
  { method: 'DELETE', path: '/teams/{team}', as: 'user', status: 204, needs: ['team'] },
  { method: 'DELETE', path: '/orgs/{org}', as: 'user', status: 204, needs: ['org'] },
  // As in Forgejo, a user who still owns an organization cannot be deleted: remove it first.
  { method: 'DELETE', path: '/orgs/{orgOfNewUser}', as: 'admin', status: 204, needs: ['orgOfNewUser'] },
  { method: 'DELETE', path: '/admin/users/{newUser}', as: 'admin', status: 204, needs: ['newUser'] },
];

describe("conformance with Forgejo's API schemas", () => {
  let server: TestServer;
  let scenario: Scenario;
  let offered: Set<string>;

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await createTestUser(server, { admin: true });
    const user = await createTestUser(server);
    scenario = {
      admin,
      user,
      values: {
        username: user.name,
        missing: `nobody-${unique}`,
        pullFile: 'merged.txt',
        pullBase: 'main',
        pullCompare: 'main...conf-feature',
        variable: 'CONF_REGION',
        renamedVariable: 'CONF_RENAMED',
        badVariable: 'GITHUB_REGION',
      },
    };
    offered = new Set(operationsOf(await fetchOwnDocument(server)).map((operation) => routeKey(operation.method, operation.path)));
  });
  afterAll(async () => server?.close());

  it('answers every implemented step of the scenario as Forgejo documents it', async () => {
    const problems: string[] = [];
    const checked: string[] = [];
    for (const step of STEPS) {
      if (!offered.has(routeKey(step.method, step.path))) continue;
      if ((step.needs ?? []).some((name) => scenario.values[name] === undefined)) continue;
      const where = `${step.method} ${step.path}${step.query ?? ''} as ${step.as}`;
      const caller = step.as === 'anonymous' ? undefined : { token: scenario[step.as].token };
      const res = await server.request(`${fillPath(step.path, scenario.values)}${step.query ?? ''}`, {
        method: step.method,
        auth: caller,
        body: step.body?.(scenario),
      });
      if (res.status !== step.status) {
        problems.push(`${where}: expected ${step.status}, got ${res.status} ${res.text.slice(0, 300)}`);
        continue;
      }
      try {
        if (step.ownShape) {
          for (const [field, type] of Object.entries(step.ownShape)) expect(typeof res.body?.[field]).toBe(type);
        } else if (forgejoOperation(step.method, step.path)) {
          expectForgejoShape(step.method, step.path, res.status, res.body);
        }
        checked.push(where);
        step.keep?.(res.body, scenario);
      } catch (error) {
        problems.push(`${where}: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
    if (checked.length < MINIMUM_CHECKED) {
      throw new Error(
        `only ${checked.length} answers were checked (at least ${MINIMUM_CHECKED} needed): ${checked.join(', ') || 'none'}; is the accounts API registered?`,
      );
    }
  });
});
