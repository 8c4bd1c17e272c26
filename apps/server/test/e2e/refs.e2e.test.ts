import { GitRepositories } from '@bellows/git';
import { RepositorySizes } from '../../src/modules/repositories/repository-sizes';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { credentialUrl, GitClient } from '../support/git-client';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Branches and tags through the API (issue 13), checked with the real git
 * client over HTTP: what the API makes or deletes is what `git ls-remote` and
 * `git cat-file` see; refused writes change nothing; each write keeps the
 * repository's stored git size equal to what is on disk and the ledger equal
 * to a recount.
 */
describe('branches and tags', () => {
  let server: TestServer;
  let git: GitClient;
  let owner: TestUser;
  let reader: TestUser;
  let stranger: TestUser;
  let repo: string;
  let secret: string;
  let initial: string;
  let second: string;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const api = (rest: string, name = repo) => `/repos/${owner.name}/${name}${rest}`;
  const remote = (name = repo) => credentialUrl(server.url, `${owner.name}/${name}.git`, owner.name, owner.token);
  const post = (path: string, user: TestUser, body: unknown) => server.request(path, { method: 'POST', ...as(user), body });
  const del = (path: string, user: TestUser) => server.request(path, { method: 'DELETE', ...as(user) });

  /** `refname → object` as `git ls-remote` over HTTP reports them (annotated tags also with their peeled `^{}` line). */
  async function lsRemote(name = repo): Promise<Record<string, string>> {
    const out = await git.ok(['ls-remote', remote(name)], git.home);
    return Object.fromEntries(
      out
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('\t').reverse()),
    );
  }

  async function expectSizeTruth(name = repo): Promise<void> {
    const row = (await server.db.repositories.findByOwnerAndName(owner.user.id, name))!;
    const bare = server.app.get(GitRepositories, { strict: false }).pathFor(owner.name, name);
    expect(row.gitSize).toBe(await server.app.get(RepositorySizes, { strict: false }).measureSize(bare));
    expect(await server.db.quotaRecount.differences()).toEqual([]);
  }

  beforeAll(async () => {
    server = await startTestServer();
    git = await GitClient.create();
    owner = await createTestUser(server);
    reader = await createTestUser(server);
    stranger = await createTestUser(server);
    repo = `refs-${Date.now().toString(36)}`;
    secret = `${repo}-private`;
    for (const [name, isPrivate] of [
      [repo, false],
      [secret, true],
    ] as const) {
      const made = await post('/user/repos', owner, { name, private: isPrivate, auto_init: true });
      expect(made.status).toBe(201);
      const added = await server.request(api(`/collaborators/${reader.name}`, name), {
        method: 'PUT',
        ...as(owner),
        body: { permission: 'read' },
      });
      expect(added.status).toBe(204);
    }
    // A second commit on a branch "feature", pushed with git.
    const work = git.folder('work');
    await git.ok(['clone', '--quiet', remote(), '.'], work);
    initial = (await git.ok(['rev-parse', 'HEAD'], work)).trim();
    await git.ok(['commit', '--quiet', '--allow-empty', '-m', 'second'], work);
    await git.ok(['push', '--quiet', 'origin', 'HEAD:feature'], work);
    second = (await git.ok(['rev-parse', 'HEAD'], work)).trim();
  }, 60_000);

  afterAll(async () => {
    git?.remove();
    await server?.close();
  });

  describe('creating a branch', () => {
    it('from a branch, a tag, a commit or the default branch; git sees each at that commit', async () => {
      const fromBranch = await post(api('/branches'), owner, { new_branch_name: 'from-branch', old_branch_name: 'feature' });
      expect(fromBranch.status).toBe(201);
      expectForgejoShape('POST', '/repos/{owner}/{repo}/branches', 201, fromBranch.body);
      expect(fromBranch.body).toMatchObject({ name: 'from-branch', commit: { id: second, message: 'second\n' }, user_can_push: true });

      expect((await post(api('/tags'), owner, { tag_name: 'for-branching', target: 'feature', message: 'annotated' })).status).toBe(201);
      const fromTag = await post(api('/branches'), owner, { new_branch_name: 'from-tag', old_ref_name: 'for-branching' });
      expect(fromTag.status).toBe(201);
      expect(fromTag.body.commit.id).toBe(second);
      expect((await post(api('/branches'), owner, { new_branch_name: 'from/commit', old_ref_name: initial })).status).toBe(201);
      expect((await post(api('/branches'), owner, { new_branch_name: 'from-default' })).status).toBe(201);

      const refs = await lsRemote();
      expect(refs['refs/heads/from-branch']).toBe(second);
      expect(refs['refs/heads/from-tag']).toBe(second);
      expect(refs['refs/heads/from/commit']).toBe(initial);
      expect(refs['refs/heads/from-default']).toBe(initial);
      await expectSizeTruth();
    });

    it('refuses what Forgejo refuses and changes nothing', async () => {
      const before = await lsRemote();
      const cases: [TestUser, object, number][] = [
        [owner, { new_branch_name: 'feature', old_branch_name: 'main' }, 409],
        [owner, { new_branch_name: 'x1', old_branch_name: 'no-such-branch' }, 404],
        [owner, { new_branch_name: 'x2', old_ref_name: 'no-such-ref' }, 404],
        [owner, { new_branch_name: 'x3', old_ref_name: 'f'.repeat(40) }, 404],
        [owner, { new_branch_name: 'bad..name' }, 422],
        [owner, { new_branch_name: 'x4', old_ref_name: '--all' }, 422],
        [owner, { old_ref_name: 'main' }, 422],
        [reader, { new_branch_name: 'by-reader' }, 403],
      ];
      for (const [user, body, status] of cases) {
        const res = await post(api('/branches'), user, body);
        expect({ body, status: res.status }).toEqual({ body, status });
        expect(res.body.message).toEqual(expect.any(String));
      }
      expect((await post(api('/branches', secret), stranger, { new_branch_name: 'by-stranger' })).status).toBe(404);
      expect(await lsRemote()).toEqual(before);
    });
  });

  describe('deleting a branch', () => {
    it('deletes it; git no longer sees it; the size stays true', async () => {
      expect((await post(api('/branches'), owner, { new_branch_name: 'doomed' })).status).toBe(201);
      const res = await del(api('/branches/doomed'), owner);
      expect(res.status).toBe(204);
      expect((await lsRemote())['refs/heads/doomed']).toBeUndefined();
      expect((await server.request(api('/branches/doomed'), as(owner))).status).toBe(404);
      await expectSizeTruth();
    });

    it('never the default branch (403), a missing one is 404, a reader 403, a stranger 404 on a private repository', async () => {
      const before = await lsRemote();
      expect((await del(api('/branches/main'), owner)).status).toBe(403);
      expect((await del(api('/branches/no-such-branch'), owner)).status).toBe(404);
      expect((await del(api('/branches/feature'), reader)).status).toBe(403);
      expect((await del(api('/branches/main', secret), stranger)).status).toBe(404);
      expect(await lsRemote()).toEqual(before);
    });
  });

  describe('renaming a branch', () => {
    const patch = (path: string, user: TestUser, body: unknown) => server.request(path, { method: 'PATCH', ...as(user), body });

    it('renames it at once in git; renaming the default branch makes the new name the default', async () => {
      expect((await post(api('/branches'), owner, { new_branch_name: 'old-name', old_branch_name: 'feature' })).status).toBe(201);
      expect((await patch(api('/branches/old-name'), owner, { name: 'new-name' })).status).toBe(204);
      const refs = await lsRemote();
      expect(refs['refs/heads/new-name']).toBe(second);
      expect(refs['refs/heads/old-name']).toBeUndefined();

      const fresh = `${repo}-rename`;
      expect((await post('/user/repos', owner, { name: fresh, auto_init: true })).status).toBe(201);
      expect((await patch(api('/branches/main', fresh), owner, { name: 'trunk' })).status).toBe(204);
      expect((await server.request(api('', fresh), as(owner))).body.default_branch).toBe('trunk');
      expect(await git.ok(['ls-remote', '--symref', remote(fresh), 'HEAD'], git.home)).toContain('ref: refs/heads/trunk\tHEAD');
      await expectSizeTruth(fresh);
    });

    it('refuses the same or a taken name (422), a missing branch (404), a bad name, a reader; nothing changes', async () => {
      const before = await lsRemote();
      expect((await patch(api('/branches/feature'), owner, { name: 'feature' })).status).toBe(422);
      expect((await patch(api('/branches/feature'), owner, { name: 'main' })).status).toBe(422);
      expect((await patch(api('/branches/no-such-branch'), owner, { name: 'x' })).status).toBe(404);
      expect((await patch(api('/branches/feature'), owner, { name: 'bad..name' })).status).toBe(422);
      expect((await patch(api('/branches/feature'), owner, {})).status).toBe(422);
      expect((await patch(api('/branches/feature'), reader, { name: 'by-reader' })).status).toBe(403);
      expect((await patch(api('/branches/main', secret), stranger, { name: 'by-stranger' })).status).toBe(404);
      expect(await lsRemote()).toEqual(before);
    });
  });

  describe('tags', () => {
    it('a lightweight tag points at the commit; git sees no tag object', async () => {
      const res = await post(api('/tags'), owner, { tag_name: 'v1.0', target: 'feature' });
      expect(res.status).toBe(201);
      expectForgejoShape('POST', '/repos/{owner}/{repo}/tags', 201, res.body);
      expect(res.body).toMatchObject({ name: 'v1.0', id: second, message: 'second', commit: { sha: second } });
      expect(res.body.tarball_url).toMatch(/\/archive\/v1\.0\.tar\.gz$/);
      const refs = await lsRemote();
      expect(refs['refs/tags/v1.0']).toBe(second);
      expect(refs['refs/tags/v1.0^{}']).toBeUndefined();
    });

    it('an annotated tag carries the message and the caller as tagger, as git shows it', async () => {
      const res = await post(api('/tags'), owner, { tag_name: 'v2.0', message: 'Second release\n\nWith notes.' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ name: 'v2.0', message: 'Second release\n\nWith notes.', commit: { sha: initial } });
      expect(res.body.id).not.toBe(initial);

      const work = git.folder('tags');
      await git.ok(['clone', '--quiet', remote(), '.'], work);
      expect((await git.ok(['cat-file', '-t', 'v2.0'], work)).trim()).toBe('tag');
      expect((await git.ok(['rev-parse', 'v2.0'], work)).trim()).toBe(res.body.id);
      const object = await git.ok(['cat-file', 'tag', 'v2.0'], work);
      expect(object).toContain(`object ${initial}\n`);
      expect(object).toMatch(new RegExp(`\\ntagger ${owner.user.fullName || owner.name} <[^>]+> \\d+ \\+0000\\n`));
      expect(object).toContain('\n\nSecond release\n\nWith notes.\n');
      await expectSizeTruth();
    });

    it('lists and gets tags as Forgejo shapes them; readers may read, strangers not a private repository', async () => {
      const list = await server.request(api('/tags?limit=50'), as(reader));
      expect(list.status).toBe(200);
      expectForgejoShape('GET', '/repos/{owner}/{repo}/tags', 200, list.body);
      expect(list.body.map((tag: { name: string }) => tag.name).sort()).toEqual(['for-branching', 'v1.0', 'v2.0']);
      expect(list.headers.get('x-total-count')).toBe('3');
      const page = await server.request(api('/tags?limit=1&page=2'), as(reader));
      expect(page.body).toHaveLength(1);

      const one = await server.request(api('/tags/v2.0'), as(reader));
      expect(one.status).toBe(200);
      expectForgejoShape('GET', '/repos/{owner}/{repo}/tags/{tag}', 200, one.body);
      expect(one.body.commit.sha).toBe(initial);
      expect((await server.request(api('/tags/nope'), as(reader))).status).toBe(404);

      expect((await post(api('/tags', secret), owner, { tag_name: 'hidden' })).status).toBe(201);
      expect((await server.request(api('/tags', secret), as(stranger))).status).toBe(404);
      expect((await server.request(api('/tags/hidden', secret), as(stranger))).status).toBe(404);
      expect((await server.request(api('/tags/hidden', secret), as(reader))).status).toBe(200);
    });

    it('refuses a taken name, an unknown target, a bad or missing name, a reader; nothing changes', async () => {
      const before = await lsRemote();
      const cases: [TestUser, object, number][] = [
        [owner, { tag_name: 'v1.0' }, 409],
        [owner, { tag_name: 'v1.0', message: 'again' }, 409],
        [owner, { tag_name: 'v9', target: 'no-such-ref' }, 404],
        [owner, { tag_name: 'bad tag' }, 422],
        [owner, { target: 'main' }, 422],
        [reader, { tag_name: 'by-reader' }, 403],
      ];
      for (const [user, body, status] of cases) {
        const res = await post(api('/tags'), user, body);
        expect({ body, status: res.status }).toEqual({ body, status });
      }
      expect((await post(api('/tags', secret), stranger, { tag_name: 'by-stranger' })).status).toBe(404);
      expect(await lsRemote()).toEqual(before);
    });

    it('deletes a tag; a release standing on a tag keeps it (409) until the release is deleted with it', async () => {
      expect((await del(api('/tags/v1.0'), reader)).status).toBe(403);
      expect((await del(api('/tags/v1.0'), owner)).status).toBe(204);
      expect((await lsRemote())['refs/tags/v1.0']).toBeUndefined();
      expect((await del(api('/tags/v1.0'), owner)).status).toBe(404);

      const release = await post(api('/releases'), owner, { tag_name: 'v2.0', name: 'on an annotated tag' });
      expect(release.status).toBe(201);
      expect(release.body.target_commitish).toEqual(expect.any(String));
      expect((await del(api('/tags/v2.0'), owner)).status).toBe(409);
      expect((await lsRemote())['refs/tags/v2.0']).toBe((await server.request(api('/tags/v2.0'), as(owner))).body.id);
      expect((await del(api('/releases/tags/v2.0'), owner)).status).toBe(204);
      expect((await lsRemote())['refs/tags/v2.0']).toBeUndefined();
      await expectSizeTruth();
    });
  });

  describe('protection', () => {
    it('a protected branch is neither deleted nor renamed through the API (403 naming the rule); nothing changes', async () => {
      const fresh = `${repo}-guarded`;
      expect((await post('/user/repos', owner, { name: fresh, auto_init: true })).status).toBe(201);
      expect((await post(api('/branches', fresh), owner, { new_branch_name: 'guarded' })).status).toBe(201);
      expect((await post(api('/branch_protections', fresh), owner, { rule_name: 'guarded' })).status).toBe(201);
      const before = await lsRemote(fresh);
      const deletion = await del(api('/branches/guarded', fresh), owner);
      expect(deletion.status).toBe(403);
      expect(deletion.body.message).toContain('guarded');
      const rename = await server.request(api('/branches/guarded', fresh), { method: 'PATCH', ...as(owner), body: { name: 'free' } });
      expect(rename.status).toBe(403);
      expect(await lsRemote(fresh)).toEqual(before);
    });

    it('a protected tag pattern refuses a tagger it does not list, on create and delete', async () => {
      const fresh = `${repo}-tagrule`;
      expect((await post('/user/repos', owner, { name: fresh, auto_init: true })).status).toBe(201);
      expect((await post(api('/tags', fresh), owner, { tag_name: 'v9.0' })).status).toBe(201);
      const rule = await post(api('/tag_protections', fresh), owner, { name_pattern: 'v9*', whitelist_usernames: [reader.name] });
      expect(rule.status).toBe(201);
      const before = await lsRemote(fresh);
      expect((await post(api('/tags', fresh), owner, { tag_name: 'v9.1' })).status).toBe(403);
      expect((await del(api('/tags/v9.0', fresh), owner)).status).toBe(403);
      expect((await post(api('/tags', fresh), owner, { tag_name: 'v8.0' })).status).toBe(201);
      expect((await lsRemote(fresh))['refs/tags/v9.0']).toBe(before['refs/tags/v9.0']);
      expect((await lsRemote(fresh))['refs/tags/v9.1']).toBeUndefined();
    });
  });
});
