import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Commit statuses (issue 13) as a CI system and its readers use them: posted on a
 * commit by sha by someone who may write, listed by sha or by branch, combined
 * with Forgejo's precedence (error, failure, warning, pending, success) over the
 * latest status of each context; refusals change nothing; a private repository's
 * statuses are invisible (404) to strangers.
 */
describe('commit statuses', () => {
  let server: TestServer;
  let owner: TestUser;
  let reader: TestUser;
  let stranger: TestUser;
  let repo: string;
  let secret: string;
  let sha: string;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const api = (rest: string, name = repo) => `/repos/${owner.name}/${name}${rest}`;
  const report = (user: TestUser, body: object, name = repo, at = sha) =>
    server.request(api(`/statuses/${at}`, name), { method: 'POST', ...as(user), body });
  const combined = async (ref = 'main', name = repo) => {
    const res = await server.request(api(`/commits/${ref}/status`, name), as(owner));
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
    reader = await createTestUser(server);
    stranger = await createTestUser(server);
    repo = `statuses-${Date.now().toString(36)}`;
    secret = `${repo}-private`;
    for (const [name, isPrivate] of [
      [repo, false],
      [secret, true],
    ] as const) {
      expect(
        (await server.request('/user/repos', { method: 'POST', ...as(owner), body: { name, private: isPrivate, auto_init: true } })).status,
      ).toBe(201);
      const added = await server.request(api(`/collaborators/${reader.name}`, name), {
        method: 'PUT',
        ...as(owner),
        body: { permission: 'read' },
      });
      expect(added.status).toBe(204);
    }
    sha = (await server.request(api('/branches/main'), as(owner))).body.commit.id;
  });
  afterAll(async () => server?.close());

  it('a writer posts a status; it answers as Forgejo with the creator, and lists by sha and by branch', async () => {
    const res = await report(owner, { state: 'pending', context: 'ci/build', target_url: 'https://ci.example/1', description: 'building' });
    expect(res.status).toBe(201);
    expectForgejoShape('POST', '/repos/{owner}/{repo}/statuses/{sha}', 201, res.body);
    expect(res.body).toMatchObject({
      status: 'pending',
      context: 'ci/build',
      target_url: 'https://ci.example/1',
      description: 'building',
      creator: { login: owner.name },
    });
    expect(res.body.url).toContain(`/statuses/${sha}`);

    const bySha = await server.request(api(`/statuses/${sha}`), as(reader));
    expect(bySha.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/statuses/{sha}', 200, bySha.body);
    expect(bySha.body.map((s: { id: number }) => s.id)).toEqual([res.body.id]);
    const byRef = await server.request(api('/commits/main/statuses'), as(reader));
    expect(byRef.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/commits/{ref}/statuses', 200, byRef.body);
    expect(byRef.body).toEqual(bySha.body);
    expect(byRef.headers.get('x-total-count')).toBe('1');
  });

  it('the combined state is the worst latest state of any context, a newer status replacing an older one of its context', async () => {
    const steps: [object, string][] = [
      [{ state: 'success', context: 'ci/build' }, 'success'],
      [{ state: 'pending', context: 'ci/lint' }, 'pending'],
      [{ state: 'warning', context: 'ci/docs' }, 'warning'],
      [{ state: 'failure', context: 'ci/lint' }, 'failure'],
      [{ state: 'error', context: 'ci/deploy' }, 'error'],
      [{ state: 'success', context: 'ci/deploy' }, 'failure'],
      [{ state: 'success', context: 'ci/lint' }, 'warning'],
      [{ state: 'success', context: 'ci/docs' }, 'success'],
    ];
    for (const [body, expected] of steps) {
      expect((await report(owner, body)).status).toBe(201);
      expect({ body, state: (await combined()).state }).toEqual({ body, state: expected });
    }
    const all = await combined();
    expectForgejoShape('GET', '/repos/{owner}/{repo}/commits/{ref}/status', 200, all);
    expect(all).toMatchObject({ sha, total_count: 4, repository: { name: repo } });
    expect(all.statuses.map((s: { context: string }) => s.context).sort()).toEqual(['ci/build', 'ci/deploy', 'ci/docs', 'ci/lint']);
    expect(all.statuses.every((s: { status: string }) => s.status === 'success')).toBe(true);
    expect((await combined(sha)).state).toBe('success');
  });

  it('lists in the orders Forgejo offers, narrowed by state and paged', async () => {
    const list = async (query: string) => (await server.request(api(`/statuses/${sha}${query}`), as(owner))).body;
    const newest = await list('?limit=50');
    expect(newest).toHaveLength(9);
    expect(newest.map((s: { id: number }) => s.id)).toEqual([...newest.map((s: { id: number }) => s.id)].sort((a, b) => b - a));
    expect((await list('?sort=oldest&limit=50')).map((s: { id: number }) => s.id)).toEqual(
      [...newest.map((s: { id: number }) => s.id)].reverse(),
    );
    expect((await list('?state=failure')).map((s: { context: string }) => s.context)).toEqual(['ci/lint']);
    expect(await list('?sort=leastindex&limit=2&page=2')).toHaveLength(2);
    expect((await server.request(api(`/statuses/${sha}?sort=sideways`), as(owner))).status).toBe(422);
    expect((await server.request(api(`/statuses/${sha}?state=great`), as(owner))).status).toBe(422);
  });

  it('refuses a bad state, an unknown or malformed commit, a reader, a stranger and an anonymous caller; nothing is added', async () => {
    const count = async () => Number((await server.request(api(`/statuses/${sha}`), as(owner))).headers.get('x-total-count'));
    const before = await count();
    const refusals: [number, () => Promise<{ status: number; body: any }>][] = [
      [422, () => report(owner, { state: 'great', context: 'x' })],
      [422, () => report(owner, { context: 'x' })],
      [404, () => report(owner, { state: 'success' }, repo, 'f'.repeat(40))],
      [404, () => report(owner, { state: 'success' }, repo, 'no-such-branch')],
      [422, () => report(owner, { state: 'success' }, repo, 'a..b')],
      [403, () => report(reader, { state: 'success' })],
      [404, () => report(stranger, { state: 'success' }, secret)],
      [401, () => server.request(api(`/statuses/${sha}`), { method: 'POST', body: { state: 'success' } })],
    ];
    for (const [status, send] of refusals) {
      const res = await send();
      expect(res.status).toBe(status);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect(await count()).toBe(before);
    expect((await server.request(api('/commits/no-such-branch/status'), as(owner))).status).toBe(404);
  });

  it("a private repository's statuses: readers see them, strangers get 404 on every path", async () => {
    const secretSha = (await server.request(api('/branches/main', secret), as(owner))).body.commit.id;
    expect((await report(owner, { state: 'success', context: 'ci' }, secret, secretSha)).status).toBe(201);
    for (const path of [`/statuses/${secretSha}`, '/commits/main/statuses', '/commits/main/status']) {
      expect((await server.request(api(path, secret), as(reader))).status).toBe(200);
      expect((await server.request(api(path, secret), as(stranger))).status).toBe(404);
      expect((await server.request(api(path, secret))).status).toBe(404);
    }
    expect((await combined('main', secret)).state).toBe('success');
  });

  it('a commit nobody reported on has an empty combined state', async () => {
    const fresh = `${repo}-quiet`;
    expect((await server.request('/user/repos', { method: 'POST', ...as(owner), body: { name: fresh, auto_init: true } })).status).toBe(
      201,
    );
    const res = await combined('main', fresh);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/commits/{ref}/status', 200, res);
    expect(res).toMatchObject({ state: '', total_count: 0, statuses: [] });
  });
});
