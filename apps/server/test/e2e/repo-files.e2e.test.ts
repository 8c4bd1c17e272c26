import { GitRepositories } from '@bellows/git';
import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { GitClient } from '../support/git-client';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * The repository read API (branches, commits with files, single commit,
 * contents, raw) and the contents write API, on history made with the real git
 * CLI (a rename and a removal included) pushed straight into the bare repository.
 */
describe('repository files and history', () => {
  let server: TestServer;
  let git: GitClient;
  let owner: TestUser;
  let outsider: TestUser;
  let repo: RepositoryEntity;
  let privateRepo: RepositoryEntity;
  const path = (r: RepositoryEntity, rest: string) => `/repos/${owner.name}/${r.name}${rest}`;
  const as = (user: TestUser) => ({ auth: { token: user.token } });

  beforeAll(async () => {
    server = await startTestServer();
    git = await GitClient.create();
    owner = await createTestUser(server);
    outsider = await createTestUser(server);
    repo = await createTestRepository(server, owner.user);
    privateRepo = await createTestRepository(server, owner.user, { isPrivate: true, autoInit: true });

    // History on main: add two files, rename one, remove the other; a feature branch on top.
    const bare = server.app.get(GitRepositories, { strict: false }).pathFor(owner.name, repo.name);
    const work = git.folder('work');
    await git.ok(['clone', '--quiet', bare, '.'], work);
    const commit = async (message: string, script: (dir: string) => Promise<void>) => {
      await script(work);
      await git.ok(['add', '-A'], work);
      await git.ok(['commit', '--quiet', '-m', message], work);
    };
    const { writeFile } = await import('node:fs/promises');
    await commit('first', async (dir) => {
      await writeFile(`${dir}/README.md`, '# hello\n');
      await writeFile(`${dir}/old-name.txt`, 'one\ntwo\nthree\n');
      await writeFile(`${dir}/doomed.txt`, 'bye\n');
    });
    await commit('rename', async () => void (await git.ok(['mv', 'old-name.txt', 'docs-new-name.txt'], work)));
    await commit('remove', async () => void (await git.ok(['rm', '--quiet', 'doomed.txt'], work)));
    await commit('nested', async (dir) => {
      await import('node:fs/promises').then((fs) => fs.mkdir(`${dir}/docs`));
      await writeFile(`${dir}/docs/guide.md`, 'guide\n');
    });
    await git.ok(['push', '--quiet', 'origin', 'HEAD:main'], work);
    await git.ok(['push', '--quiet', 'origin', 'HEAD:feature'], work);
  }, 60_000);

  afterAll(async () => {
    git?.remove();
    await server?.close();
  });

  it('lists branches and gets one', async () => {
    const list = await server.request(path(repo, '/branches'), as(owner));
    expect(list.status).toBe(200);
    expect(list.body.map((b: any) => b.name)).toEqual(['feature', 'main']);
    expect(list.headers.get('x-total-count')).toBe('2');
    expectForgejoShape('GET', '/repos/{owner}/{repo}/branches', 200, list.body);

    const one = await server.request(path(repo, '/branches/main'), as(owner));
    expect(one.status).toBe(200);
    expect(one.body.commit.message).toBe('nested\n');
    expect(one.body.user_can_push).toBe(true);
    expect((await server.request(path(repo, '/branches/nope'), as(owner))).status).toBe(404);
  });

  it('lists commits newest first, each with its files and stats', async () => {
    const res = await server.request(path(repo, '/commits?limit=10'), as(owner));
    expect(res.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/commits', 200, res.body);
    expect(res.headers.get('x-total-count')).toBe('4');
    const [nested, remove, rename, first] = res.body;
    expect(nested.files).toEqual([{ filename: 'docs/guide.md', status: 'added' }]);
    expect(remove.files).toEqual([{ filename: 'doomed.txt', status: 'removed' }]);
    expect(rename.files).toEqual([{ filename: 'docs-new-name.txt', status: 'renamed' }]);
    expect(first.files.map((f: any) => f.filename).sort()).toEqual(['README.md', 'doomed.txt', 'old-name.txt']);
    expect(first.stats).toEqual({ total: 5, additions: 5, deletions: 0 });
    expect(first.parents).toEqual([]);
    expect(remove.parents.map((p: any) => p.sha)).toEqual([rename.sha]);
  });

  it('pages commits, filters by path and starts from a given sha', async () => {
    const page2 = await server.request(path(repo, '/commits?limit=1&page=2'), as(owner));
    expect(page2.body.map((c: any) => c.commit.message)).toEqual(['remove\n']);
    const byPath = await server.request(path(repo, '/commits?path=doomed.txt'), as(owner));
    expect(byPath.body.map((c: any) => c.commit.message)).toEqual(['remove\n', 'first\n']);
    const fromFirst = await server.request(path(repo, `/commits?sha=${page2.body[0].parents[0].sha}`), as(owner));
    expect(fromFirst.body.map((c: any) => c.commit.message)).toEqual(['rename\n', 'first\n']);
    const withoutFiles = await server.request(path(repo, '/commits?files=false&stat=false&limit=1'), as(owner));
    expect([withoutFiles.body[0].files, withoutFiles.body[0].stats]).toEqual([null, null]);
    expect((await server.request(path(repo, '/commits?sha=no-such-branch'), as(owner))).status).toBe(404);
  });

  it('answers 409 for the commits of an empty repository', async () => {
    const empty = await createTestRepository(server, owner.user);
    const res = await server.request(path(empty, '/commits'), as(owner));
    expect(res.status).toBe(409);
    expect((await server.request(path(empty, '/branches'), as(owner))).body).toEqual([]);
  });

  it('gets a single commit by sha or branch', async () => {
    const head = (await server.request(path(repo, '/branches/main'), as(owner))).body.commit.id;
    const res = await server.request(path(repo, `/git/commits/${head}`), as(owner));
    expect(res.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/git/commits/{sha}', 200, res.body);
    expect(res.body.sha).toBe(head);
    expect(res.body.files).toEqual([{ filename: 'docs/guide.md', status: 'added' }]);
    expect((await server.request(path(repo, '/git/commits/main'), as(owner))).body.sha).toBe(head);
    expect((await server.request(path(repo, `/git/commits/${'0'.repeat(40)}`), as(owner))).status).toBe(404);
  });

  it('reads a file with base64 content, a directory as a list, and the root', async () => {
    const file = await server.request(path(repo, '/contents/README.md'), as(owner));
    expect(file.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/contents/{filepath}', 200, file.body);
    expect(file.body).toMatchObject({ name: 'README.md', path: 'README.md', type: 'file', size: 8, encoding: 'base64' });
    expect(Buffer.from(file.body.content, 'base64').toString()).toBe('# hello\n');
    expect(file.body.last_commit_sha).toMatch(/^[0-9a-f]{40}$/);

    const dir = await server.request(path(repo, '/contents/docs'), as(owner));
    expect(dir.body.map((e: any) => [e.name, e.type, e.content])).toEqual([['guide.md', 'file', undefined]]);
    const root = await server.request(path(repo, '/contents'), as(owner));
    expectForgejoShape('GET', '/repos/{owner}/{repo}/contents', 200, root.body);
    expect(root.body.map((e: any) => e.name)).toEqual(['docs', 'docs-new-name.txt', 'README.md']);

    const firstSha = (await server.request(path(repo, '/commits?path=doomed.txt'), as(owner))).body[1].sha;
    const atFirst = await server.request(path(repo, `/contents/doomed.txt?ref=${firstSha}`), as(owner));
    expect([atFirst.status, Buffer.from(atFirst.body.content ?? '', 'base64').toString()]).toEqual([200, 'bye\n']);
    expect((await server.request(path(repo, '/contents/doomed.txt'), as(owner))).status).toBe(404);
    expect((await server.request(path(repo, '/contents/README.md?ref=nope'), as(owner))).status).toBe(404);
  });

  it('downloads a raw file byte for byte', async () => {
    const res = await fetch(`${server.apiUrl}${path(repo, '/raw/docs/guide.md')}`, { headers: { authorization: `token ${owner.token}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('guide\n');
    expect(res.headers.get('content-length')).toBe('6');
    expect((await server.request(path(repo, '/raw/docs/missing.md'), as(owner))).status).toBe(404);
  });

  it('creates a file (201) and updates it only with the current sha; the stored size grows', async () => {
    const before = (await server.db.repositories.findById(repo.id))!.gitSize;
    const created = await server.request(path(repo, '/contents/notes/today.txt'), {
      ...as(owner),
      method: 'POST',
      body: { content: Buffer.from('first draft\n').toString('base64'), message: 'add notes' },
    });
    expect(created.status).toBe(201);
    expectForgejoShape('POST', '/repos/{owner}/{repo}/contents/{filepath}', 201, created.body);
    expect(created.body.content).toMatchObject({ path: 'notes/today.txt', type: 'file', size: 12 });
    expect(created.body.commit.message).toBe('add notes\n');
    expect((await server.db.repositories.findById(repo.id))!.gitSize).toBeGreaterThan(before);

    const again = await server.request(path(repo, '/contents/notes/today.txt'), { ...as(owner), method: 'POST', body: { content: '' } });
    expect(again.status).toBe(422);

    const withoutSha = await server.request(path(repo, '/contents/notes/today.txt'), {
      ...as(owner),
      method: 'PUT',
      body: { content: '' },
    });
    expect(withoutSha.status).toBe(422);
    expect(withoutSha.body.message).toMatch(/sha/);
    const stale = await server.request(path(repo, '/contents/notes/today.txt'), {
      ...as(owner),
      method: 'PUT',
      body: { content: '', sha: 'f'.repeat(40) },
    });
    expect(stale.status).toBe(422);

    const updated = await server.request(path(repo, '/contents/notes/today.txt'), {
      ...as(owner),
      method: 'PUT',
      body: { content: Buffer.from('second draft\n').toString('base64'), sha: created.body.content.sha, new_branch: 'notes' },
    });
    expect(updated.status).toBe(200);
    expectForgejoShape('PUT', '/repos/{owner}/{repo}/contents/{filepath}', 200, updated.body);
    const onNotes = await server.request(path(repo, '/contents/notes/today.txt?ref=notes'), as(owner));
    expect(Buffer.from(onNotes.body.content, 'base64').toString()).toBe('second draft\n');
    const onMain = await server.request(path(repo, '/contents/notes/today.txt'), as(owner));
    expect(Buffer.from(onMain.body.content, 'base64').toString()).toBe('first draft\n');
  });

  it('refuses bad input with a 4xx naming the problem', async () => {
    const notBase64 = await server.request(path(repo, '/contents/x.txt'), {
      ...as(owner),
      method: 'POST',
      body: { content: 'not base64!' },
    });
    expect([notBase64.status, notBase64.body.message]).toEqual([422, expect.stringMatching(/content/)]);
    const badPath = await server.request(path(repo, '/contents/.git/hooks/evil'), { ...as(owner), method: 'POST', body: { content: '' } });
    expect(badPath.status).toBeGreaterThanOrEqual(400);
    expect(badPath.status).toBeLessThan(500);
    const noBranch = await server.request(path(repo, '/contents/x.txt'), {
      ...as(owner),
      method: 'POST',
      body: { content: '', branch: 'nope' },
    });
    expect(noBranch.status).toBe(404);
  });

  it('writes the first file of an empty repository', async () => {
    const empty = await createTestRepository(server, owner.user);
    const res = await server.request(path(empty, '/contents/README.md'), {
      ...as(owner),
      method: 'POST',
      body: { content: Buffer.from('hi').toString('base64') },
    });
    expect(res.status).toBe(201);
    const row = (await server.db.repositories.findById(empty.id))!;
    expect([row.isEmpty, row.gitSize > 0]).toEqual([false, true]);
    expect((await server.request(path(empty, '/branches'), as(owner))).body.map((b: any) => b.name)).toEqual(['main']);
  });

  it('lets readers read but not write, and anonymous callers read public repositories', async () => {
    expect((await server.request(path(repo, '/contents/README.md'))).status).toBe(200);
    const write = await server.request(path(repo, '/contents/y.txt'), { ...as(outsider), method: 'POST', body: { content: '' } });
    expect(write.status).toBe(403);
    const anonymousWrite = await server.request(path(repo, '/contents/y.txt'), { method: 'POST', body: { content: '' } });
    expect(anonymousWrite.status).toBe(401);
  });

  it('answers 404 on every route of a private repository to outsiders and anonymous callers', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/branches'],
      ['GET', '/branches/main'],
      ['GET', '/commits'],
      ['GET', '/git/commits/main'],
      ['GET', '/contents'],
      ['GET', '/contents/README.md'],
      ['GET', '/raw/README.md'],
      ['POST', '/contents/new.txt', { content: '' }],
      ['PUT', '/contents/README.md', { content: '', sha: 'a'.repeat(40) }],
    ];
    for (const [method, rest, body] of routes) {
      const res = await server.request(path(privateRepo, rest), { ...as(outsider), method, body });
      expect(`${method} ${rest} ${res.status}`).toBe(`${method} ${rest} 404`);
      if (method === 'GET') expect((await server.request(path(privateRepo, rest))).status).toBe(404);
    }
    expect((await server.request(path(privateRepo, '/contents/README.md'), as(owner))).status).toBe(200);
  });
});
