import { writeFile } from 'node:fs/promises';
import { GitRepositories } from '@bellows/git';
import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { GitClient } from '../support/git-client';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Pull requests between two branches of one repository: numbering shared with
 * issues, commits with their files, changed files, editing and closing, and
 * privacy. History is made with the real git CLI.
 */
describe('pull requests', () => {
  let server: TestServer;
  let git: GitClient;
  let owner: TestUser;
  let outsider: TestUser;
  let repo: RepositoryEntity;
  let privateRepo: RepositoryEntity;
  const path = (r: RepositoryEntity, rest = '') => `/repos/${owner.name}/${r.name}/pulls${rest}`;
  const as = (user: TestUser) => ({ auth: { token: user.token } });

  /** main: a.txt, b.txt, old.txt; feature (3 commits on top): add c.txt, modify a.txt + remove b.txt, rename old.txt. */
  async function pushHistory(target: RepositoryEntity): Promise<void> {
    const bare = server.app.get(GitRepositories, { strict: false }).pathFor(owner.name, target.name);
    const work = git.folder('work');
    await git.ok(['clone', '--quiet', bare, '.'], work);
    const commit = async (message: string) => {
      await git.ok(['add', '-A'], work);
      await git.ok(['commit', '--quiet', '-m', message], work);
    };
    await writeFile(`${work}/a.txt`, 'a\n');
    await writeFile(`${work}/b.txt`, 'b\n');
    await writeFile(`${work}/old.txt`, 'the same content, long enough to be seen as a rename\n');
    await commit('base');
    await git.ok(['push', '--quiet', 'origin', 'HEAD:main'], work);
    await git.ok(['checkout', '--quiet', '-b', 'feature'], work);
    await writeFile(`${work}/c.txt`, 'c\n');
    await commit('add c');
    await writeFile(`${work}/a.txt`, 'a, changed\nand longer\n');
    await git.ok(['rm', '--quiet', 'b.txt'], work);
    await commit('change a, remove b');
    await git.ok(['mv', 'old.txt', 'new.txt'], work);
    await commit('rename old');
    await git.ok(['push', '--quiet', 'origin', 'feature', 'HEAD:other'], work);
  }

  beforeAll(async () => {
    server = await startTestServer();
    git = await GitClient.create();
    owner = await createTestUser(server);
    outsider = await createTestUser(server);
    repo = await createTestRepository(server, owner.user);
    privateRepo = await createTestRepository(server, owner.user, { isPrivate: true });
    await pushHistory(repo);
    await pushHistory(privateRepo);
  }, 60_000);

  afterAll(async () => {
    git?.remove();
    await server?.close();
  });

  it('opens pull requests numbered 1, 2 in the repository sequence', async () => {
    const first = await server.request(path(repo), {
      ...as(owner),
      method: 'POST',
      body: { head: 'feature', base: 'main', title: 'Feature', body: 'please' },
    });
    expect(first.status).toBe(201);
    expectForgejoShape('POST', '/repos/{owner}/{repo}/pulls', 201, first.body);
    expect(first.body).toMatchObject({
      number: 1,
      state: 'open',
      title: 'Feature',
      body: 'please',
      merged: false,
      mergeable: true,
      head: { ref: 'feature', label: 'feature' },
      base: { ref: 'main' },
      user: { login: owner.name },
      additions: 3,
      deletions: 2,
      changed_files: 4,
    });
    expect(first.body.head.sha).toMatch(/^[0-9a-f]{40}$/);
    expect(first.body.merge_base).toBe(first.body.base.sha);
    expect(first.body.head.repo.full_name).toBe(`${owner.name}/${repo.name}`);

    const second = await server.request(path(repo), {
      ...as(owner),
      method: 'POST',
      body: { head: `${owner.name}:other`, base: 'main', title: 'Other' },
    });
    expect([second.status, second.body.number]).toEqual([201, 2]);
  });

  it('refuses missing branches, head equal to base, and a duplicate open pull request', async () => {
    const post = (body: unknown) => server.request(path(repo), { ...as(owner), method: 'POST', body });
    const missing = await post({ head: 'nope', base: 'main', title: 't' });
    expect([missing.status, missing.body.message]).toEqual([422, expect.stringMatching(/nope/)]);
    expect((await post({ head: 'main', base: 'main', title: 't' })).status).toBe(422);
    expect((await post({ head: 'feature', base: 'main' })).status).toBe(422);
    expect((await post({ head: 'someone-else:feature', base: 'main', title: 't' })).status).toBe(422);
    expect((await post({ head: 'feature', base: 'main', title: 'again' })).status).toBe(409);
  });

  it('lists the commits of a pull request with the files each touches', async () => {
    const res = await server.request(path(repo, '/1/commits'), as(owner));
    expect(res.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/pulls/{index}/commits', 200, res.body);
    expect(res.headers.get('x-total-count')).toBe('3');
    expect(res.body.map((c: any) => [c.commit.message, c.files])).toEqual([
      ['rename old\n', [{ filename: 'new.txt', status: 'renamed' }]],
      [
        'change a, remove b\n',
        [
          { filename: 'a.txt', status: 'modified' },
          { filename: 'b.txt', status: 'removed' },
        ],
      ],
      ['add c\n', [{ filename: 'c.txt', status: 'added' }]],
    ]);
    expect(res.body[2].stats).toEqual({ total: 1, additions: 1, deletions: 0 });
    const paged = await server.request(path(repo, '/1/commits?limit=1&page=3'), as(owner));
    expect(paged.body.map((c: any) => c.commit.message)).toEqual(['add c\n']);
  });

  it('lists the changed files of the whole pull request', async () => {
    const res = await server.request(path(repo, '/1/files'), as(owner));
    expect(res.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/pulls/{index}/files', 200, res.body);
    const byName = Object.fromEntries(res.body.map((f: any) => [f.filename, f]));
    expect(byName['a.txt']).toMatchObject({ status: 'modified', additions: 2, deletions: 1, changes: 3 });
    expect(byName['b.txt']).toMatchObject({ status: 'removed', deletions: 1 });
    expect(byName['c.txt']).toMatchObject({ status: 'added', additions: 1 });
    expect(byName['new.txt']).toMatchObject({ status: 'renamed', previous_filename: 'old.txt' });
    const page = await server.request(path(repo, '/1/files?limit=1&page=2'), as(owner));
    expect([page.body.length, page.headers.get('x-total-count')]).toEqual([1, '4']);
  });

  it('gets, edits and closes a pull request, and lists by state', async () => {
    const got = await server.request(path(repo, '/2'), as(owner));
    expect(got.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/pulls/{index}', 200, got.body);

    const edited = await server.request(path(repo, '/2'), {
      ...as(owner),
      method: 'PATCH',
      body: { title: 'Other, renamed', state: 'closed' },
    });
    expect(edited.status).toBe(201);
    expectForgejoShape('PATCH', '/repos/{owner}/{repo}/pulls/{index}', 201, edited.body);
    expect(edited.body).toMatchObject({ title: 'Other, renamed', state: 'closed' });
    expect(edited.body.closed_at).toBeDefined();

    const open = await server.request(path(repo), as(owner));
    expect(open.body.map((p: any) => p.number)).toEqual([1]);
    const closed = await server.request(path(repo, '?state=closed'), as(owner));
    expect(closed.body.map((p: any) => p.number)).toEqual([2]);
    const all = await server.request(path(repo, '?state=all'), as(owner));
    expectForgejoShape('GET', '/repos/{owner}/{repo}/pulls', 200, all.body);
    expect([all.body.map((p: any) => p.number), all.headers.get('x-total-count')]).toEqual([[2, 1], '2']);

    const reopened = await server.request(path(repo, '/2'), { ...as(owner), method: 'PATCH', body: { state: 'open' } });
    expect([reopened.status, reopened.body.state]).toEqual([201, 'open']);
    expect((await server.request(path(repo, '/9'), as(owner))).status).toBe(404);
    expect((await server.request(path(repo, '/x'), as(owner))).status).toBe(404);
  });

  it('lets readers see but not edit, and asks anonymous callers to sign in to open one', async () => {
    expect((await server.request(path(repo, '/1'))).status).toBe(200);
    const edit = await server.request(path(repo, '/1'), { ...as(outsider), method: 'PATCH', body: { title: 'mine now' } });
    expect(edit.status).toBe(403);
    const anonymous = await server.request(path(repo), { method: 'POST', body: { head: 'other', base: 'main', title: 't' } });
    expect(anonymous.status).toBe(401);
  });

  it('answers 404 on every pull request route of a private repository to outsiders', async () => {
    const opened = await server.request(path(privateRepo), {
      ...as(owner),
      method: 'POST',
      body: { head: 'feature', base: 'main', title: 'secret' },
    });
    expect([opened.status, opened.body.number]).toEqual([201, 1]);
    const routes: [string, string, unknown?][] = [
      ['GET', ''],
      ['GET', '/1'],
      ['GET', '/1/commits'],
      ['GET', '/1/files'],
      ['POST', '', { head: 'other', base: 'main', title: 't' }],
      ['PATCH', '/1', { title: 'x' }],
    ];
    for (const [method, rest, body] of routes) {
      const res = await server.request(path(privateRepo, rest), { ...as(outsider), method, body });
      expect(`${method} ${rest} ${res.status}`).toBe(`${method} ${rest} 404`);
      if (method === 'GET') expect((await server.request(path(privateRepo, rest))).status).toBe(404);
    }
  });
});
