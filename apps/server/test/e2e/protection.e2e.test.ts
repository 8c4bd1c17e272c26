import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { credentialUrl, GitClient } from '../support/git-client';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

jest.setTimeout(120_000);

/**
 * Branch and tag protection as a team meets it: rules managed by the
 * repository's administrators through Forgejo's API, and the real git client
 * refused (with git's ordinary rejection naming the rule) when it force-pushes,
 * deletes, pushes without being on the list, or writes a protected tag; API
 * commits judged the same way.
 */
describe('branch and tag protection', () => {
  let server: TestServer;
  let git: GitClient;
  let owner: TestUser;
  let writer: TestUser;
  let stranger: TestUser;
  let repo: RepositoryEntity;
  let secret: RepositoryEntity;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const api = (r: RepositoryEntity, rest: string) => `/repos/${owner.name}/${r.name}${rest}`;
  const remoteAs = (user: TestUser) => credentialUrl(server.url, `${owner.name}/${repo.name}.git`, user.name, user.token);
  const tip = async (branch: string) => (await server.request(api(repo, `/branches/${branch}`), as(owner))).body.commit?.id;

  /** A clone by `user` with one new commit on main, ready to push. */
  async function workAs(user: TestUser, file: string): Promise<string> {
    const work = git.folder(`work-${user.name}`);
    await git.ok(['clone', '--quiet', remoteAs(user), '.'], work);
    writeFileSync(join(work, file), `${file}\n`);
    await git.ok(['add', file], work);
    await git.ok(['commit', '--quiet', '-m', `add ${file}`], work);
    return work;
  }

  beforeAll(async () => {
    server = await startTestServer();
    git = await GitClient.create();
    owner = await createTestUser(server);
    writer = await createTestUser(server);
    stranger = await createTestUser(server);
    repo = await createTestRepository(server, owner.user, { autoInit: true });
    secret = await createTestRepository(server, owner.user, { isPrivate: true, autoInit: true });
    const res = await server.request(api(repo, `/collaborators/${writer.name}`), {
      ...as(owner),
      method: 'PUT',
      body: { permission: 'write' },
    });
    expect(res.status).toBe(204);
  });

  afterAll(async () => {
    git?.remove();
    await server?.close();
  });

  describe('rules through the API', () => {
    it('creates, reads, edits and deletes a rule as Forgejo answers them; only administrators may', async () => {
      const created = await server.request(api(repo, '/branch_protections'), {
        ...as(owner),
        method: 'POST',
        body: {
          rule_name: 'release/*',
          enable_push: true,
          enable_push_whitelist: true,
          push_whitelist_usernames: [writer.name],
          required_approvals: 1,
        },
      });
      expect(created.status).toBe(201);
      expectForgejoShape('POST', '/repos/{owner}/{repo}/branch_protections', 201, created.body);
      expect(created.body).toMatchObject({ rule_name: 'release/*', push_whitelist_usernames: [writer.name], required_approvals: 1 });

      const again = await server.request(api(repo, '/branch_protections'), {
        ...as(owner),
        method: 'POST',
        body: { rule_name: 'release/*' },
      });
      expect(again.status).toBe(403);
      const missing = await server.request(api(repo, '/branch_protections'), { ...as(owner), method: 'POST', body: { rule_name: 'nope' } });
      expect(missing.status).toBe(404);
      const unknown = await server.request(api(repo, '/branch_protections'), {
        ...as(owner),
        method: 'POST',
        body: { rule_name: 'x/*', push_whitelist_usernames: ['nobody-at-all'] },
      });
      expect([unknown.status, unknown.body.message]).toEqual([422, expect.stringMatching(/push_whitelist_usernames: user nobody-at-all/)]);
      const teams = await server.request(api(repo, '/branch_protections'), {
        ...as(owner),
        method: 'POST',
        body: { rule_name: 'y/*', push_whitelist_teams: ['core'] },
      });
      expect([teams.status, teams.body.message]).toEqual([422, expect.stringMatching(/only repositories of organizations/)]);

      const rule = encodeURIComponent('release/*');
      const edited = await server.request(api(repo, `/branch_protections/${rule}`), {
        ...as(owner),
        method: 'PATCH',
        body: { required_approvals: 2 },
      });
      expect(edited.status).toBe(200);
      expectForgejoShape('PATCH', '/repos/{owner}/{repo}/branch_protections/{name}', 200, edited.body);
      expect(edited.body).toMatchObject({ required_approvals: 2, push_whitelist_usernames: [writer.name], enable_push: true });
      const listed = await server.request(api(repo, '/branch_protections'), as(owner));
      expectForgejoShape('GET', '/repos/{owner}/{repo}/branch_protections', 200, listed.body);
      expect(listed.body.map((r: any) => r.rule_name)).toEqual(['release/*']);

      expect((await server.request(api(repo, '/branch_protections'), as(writer))).status).toBe(403);
      expect((await server.request(api(secret, '/branch_protections'), as(stranger))).status).toBe(404);
      expect((await server.request(api(repo, `/branch_protections/${rule}`), { ...as(owner), method: 'DELETE' })).status).toBe(204);
      expect((await server.request(api(repo, `/branch_protections/${rule}`), as(owner))).status).toBe(404);
    });

    it('keeps tag rules by id', async () => {
      const created = await server.request(api(repo, '/tag_protections'), {
        ...as(owner),
        method: 'POST',
        body: { name_pattern: 'tmp-*', whitelist_usernames: [owner.name] },
      });
      expect(created.status).toBe(201);
      expectForgejoShape('POST', '/repos/{owner}/{repo}/tag_protections', 201, created.body);
      const edited = await server.request(api(repo, `/tag_protections/${created.body.id}`), {
        ...as(owner),
        method: 'PATCH',
        body: { name_pattern: 'tmp2-*' },
      });
      expect([edited.status, edited.body.name_pattern, edited.body.whitelist_usernames]).toEqual([200, 'tmp2-*', [owner.name]]);
      expect((await server.request(api(repo, `/tag_protections/${created.body.id}`), { ...as(writer), method: 'DELETE' })).status).toBe(
        403,
      );
      expect((await server.request(api(repo, `/tag_protections/${created.body.id}`), { ...as(owner), method: 'DELETE' })).status).toBe(204);
      expect((await server.request(api(repo, `/tag_protections/${created.body.id}`), as(owner))).status).toBe(404);
    });
  });

  describe('pushes with the real git client', () => {
    beforeAll(async () => {
      const res = await server.request(api(repo, '/branch_protections'), {
        ...as(owner),
        method: 'POST',
        body: { rule_name: 'main', enable_push: true, enable_push_whitelist: true, push_whitelist_usernames: [owner.name] },
      });
      expect(res.status).toBe(201);
    });

    it('refuses a push from someone not on the list, naming the rule, and moves nothing', async () => {
      const before = await tip('main');
      const work = await workAs(writer, 'from-writer.txt');
      const push = await git.run(['push', 'origin', 'HEAD:main'], work);
      expect(push.code).not.toBe(0);
      expect(push.stderr).toMatch(/branch main is protected by main: you are not allowed to push to it/);
      expect(push.stderr).toMatch(/\[remote rejected\] +HEAD -> main/);
      expect(await tip('main')).toBe(before);
      // The same writer may push other branches.
      await git.ok(['push', '--quiet', 'origin', 'HEAD:topic'], work);
    });

    it('lets the listed user push, but never force-push or delete the branch', async () => {
      const work = await workAs(owner, 'from-owner.txt');
      await git.ok(['push', '--quiet', 'origin', 'HEAD:main'], work);
      const pushed = await tip('main');
      await git.ok(['reset', '--quiet', '--hard', 'HEAD~1'], work);
      writeFileSync(join(work, 'rewrite.txt'), 'history rewritten\n');
      await git.ok(['add', 'rewrite.txt'], work);
      await git.ok(['commit', '--quiet', '-m', 'rewrite'], work);
      const force = await git.run(['push', '--force', 'origin', 'HEAD:main'], work);
      expect([force.code !== 0, force.stderr]).toEqual([true, expect.stringMatching(/force pushes are not allowed/)]);
      expect(await tip('main')).toBe(pushed);
      // Deletion (git itself refuses to delete the default branch, so a protected glob shows it).
      const keep = await server.request(api(repo, '/branch_protections'), {
        ...as(owner),
        method: 'POST',
        body: { rule_name: 'keep/*', enable_push: true },
      });
      expect(keep.status).toBe(201);
      await git.ok(['push', '--quiet', 'origin', 'HEAD:keep/this'], work);
      const deletion = await git.run(['push', 'origin', ':keep/this'], work);
      expect([deletion.code !== 0, deletion.stderr]).toEqual([
        true,
        expect.stringMatching(/branch keep\/this is protected by keep\/\*: it cannot be deleted/),
      ]);
      expect(await git.ok(['ls-remote', 'origin', 'refs/heads/keep/this'], work)).toMatch(/^[0-9a-f]{40}\trefs\/heads\/keep\/this/);
      // An unprotected branch takes a force push.
      await git.ok(['push', '--quiet', '--force', 'origin', 'HEAD:topic'], work);
    });

    it('refuses API commits to the branch from someone not on the list (403 naming the rule), not to a new branch', async () => {
      const body = { content: Buffer.from('api\n').toString('base64') };
      const direct = await server.request(api(repo, '/contents/api.txt'), { ...as(writer), method: 'POST', body });
      expect([direct.status, direct.body.message]).toEqual([403, expect.stringMatching(/branch main is protected by main/)]);
      const aside = await server.request(api(repo, '/contents/api.txt'), {
        ...as(writer),
        method: 'POST',
        body: { ...body, new_branch: 'api-side' },
      });
      expect(aside.status).toBe(201);
      const byOwner = await server.request(api(repo, '/contents/api.txt'), { ...as(owner), method: 'POST', body });
      expect(byOwner.status).toBe(201);
    });

    it('lets only the listed users push protected tags', async () => {
      const rule = await server.request(api(repo, '/tag_protections'), {
        ...as(owner),
        method: 'POST',
        body: { name_pattern: 'v*', whitelist_usernames: [owner.name] },
      });
      expect(rule.status).toBe(201);
      const work = git.folder('tags');
      await git.ok(['clone', '--quiet', remoteAs(writer), '.'], work);
      await git.ok(['tag', 'v1.0'], work);
      const refused = await git.run(['push', 'origin', 'v1.0'], work);
      expect([refused.code !== 0, refused.stderr]).toEqual([true, expect.stringMatching(/tag v1.0 is protected by v\*/)]);
      await git.ok(['tag', 'nightly'], work);
      await git.ok(['push', '--quiet', 'origin', 'nightly'], work);
      await git.ok(['remote', 'set-url', 'origin', remoteAs(owner)], work);
      await git.ok(['push', '--quiet', 'origin', 'v1.0'], work);
      const tags = (await server.request(api(repo, '/tags'), as(owner))).body.map((t: any) => t.name).sort();
      expect(tags).toEqual(expect.arrayContaining(['nightly', 'v1.0']));
    });
  });

  describe('merging into a protected branch', () => {
    it('waits for the required approvals on the current head, no standing request for changes, and the status checks', async () => {
      const gated = await createTestRepository(server, owner.user, { autoInit: true });
      const reviewer = await createTestUser(server);
      for (const user of [writer, reviewer]) {
        await server.request(api(gated, `/collaborators/${user.name}`), { ...as(owner), method: 'PUT', body: { permission: 'write' } });
      }
      const rule = await server.request(api(gated, '/branch_protections'), {
        ...as(owner),
        method: 'POST',
        body: {
          rule_name: 'main',
          enable_push: true,
          required_approvals: 1,
          dismiss_stale_approvals: true,
          block_on_rejected_reviews: true,
          enable_status_check: true,
          status_check_contexts: ['ci'],
        },
      });
      expect(rule.status).toBe(201);
      const b64 = (text: string) => Buffer.from(text).toString('base64');
      const write = async (content: string, sha?: string) =>
        server.request(api(gated, '/contents/feature.txt'), {
          ...as(writer),
          method: sha ? 'PUT' : 'POST',
          body: sha ? { content: b64(content), sha, branch: 'feature' } : { content: b64(content), new_branch: 'feature' },
        });
      const first = await write('one\n');
      expect(first.status).toBe(201);
      const pull = await server.request(api(gated, '/pulls'), {
        ...as(writer),
        method: 'POST',
        body: { head: 'feature', base: 'main', title: 'gated' },
      });
      const index = pull.body.number;
      const merge = () => server.request(api(gated, `/pulls/${index}/merge`), { ...as(owner), method: 'POST', body: { Do: 'merge' } });
      const review = (event: string) =>
        server.request(api(gated, `/pulls/${index}/reviews`), { ...as(reviewer), method: 'POST', body: { event, body: `${event} it` } });
      const head = async () => (await server.request(api(gated, '/branches/feature'), as(owner))).body.commit.id as string;
      const status = async (state: string) =>
        expect(
          (await server.request(api(gated, `/statuses/${await head()}`), { ...as(writer), method: 'POST', body: { state, context: 'ci' } }))
            .status,
        ).toBe(201);
      const refusedFor = async (reason: RegExp) => {
        const res = await merge();
        expect([res.status, res.body.message]).toEqual([405, expect.stringMatching(reason)]);
      };
      const mainBefore = (await server.request(api(gated, '/branches/main'), as(owner))).body.commit.id;

      await refusedFor(/0 of the 1 approvals/);
      expect((await review('REQUEST_CHANGES')).status).toBe(200);
      await refusedFor(/0 of the 1 approvals/);
      expect((await review('APPROVED')).status).toBe(200);
      await refusedFor(/status checks \(ci\)/);
      await status('pending');
      await refusedFor(/status checks \(ci\)/);

      // A new commit on the head: the approval is stale and the check has not run on it.
      expect((await write('two\n', first.body.content.sha)).status).toBe(200);
      await refusedFor(/0 of the 1 approvals/);
      expect((await review('APPROVED')).status).toBe(200);
      await refusedFor(/status checks/);
      await status('success');
      expect((await server.request(api(gated, '/branches/main'), as(owner))).body.commit.id).toBe(mainBefore);

      const merged = await merge();
      expect(merged.status).toBe(200);
      const onMain = await server.request(api(gated, '/contents/feature.txt?ref=main'), as(owner));
      expect(Buffer.from(onMain.body.content, 'base64').toString()).toBe('two\n');
      expect((await server.request(api(gated, `/pulls/${index}`), as(owner))).body.merged).toBe(true);
    });
  });
});
