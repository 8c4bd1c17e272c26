import { createTestUser, TestUser } from '../support/fixtures';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Repository topics (issue 13) as Forgejo's clients use them: admins replace,
 * add and remove them; names are trimmed, lowercased and checked (422 names
 * the problem, nothing changes); readers list them; a private repository's
 * topics are 404 to strangers; the search counts the repositories carrying each.
 */
describe('topics', () => {
  let server: TestServer;
  let owner: TestUser;
  let writer: TestUser;
  let stranger: TestUser;
  let repo: string;
  let secret: string;
  const prefix = `t${Date.now().toString(36)}`;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const api = (rest: string, name = repo) => `/repos/${owner.name}/${name}${rest}`;
  const names = async (name = repo, user = owner) => (await server.request(api('/topics', name), as(user))).body.topics;
  const put = (path: string, body: unknown, user = owner) => server.request(path, { method: 'PUT', ...as(user), body });

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
    writer = await createTestUser(server);
    stranger = await createTestUser(server);
    repo = `${prefix}-public`;
    secret = `${prefix}-private`;
    for (const [name, isPrivate] of [
      [repo, false],
      [secret, true],
    ] as const) {
      expect((await server.request('/user/repos', { method: 'POST', ...as(owner), body: { name, private: isPrivate } })).status).toBe(201);
      expect((await put(api(`/collaborators/${writer.name}`, name), { permission: 'write' })).status).toBe(204);
    }
  });
  afterAll(async () => server?.close());

  it('replaces the topics, trimmed, lowercased and deduplicated, listed by name with a total', async () => {
    expect((await put(api('/topics'), { topics: [` ${prefix}-Web `, `${prefix}-api`, `${prefix}-web`] })).status).toBe(204);
    const res = await server.request(api('/topics'), as(stranger));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ topics: [`${prefix}-api`, `${prefix}-web`] });
    expect(res.headers.get('x-total-count')).toBe('2');
    expect((await server.request(api('/topics?limit=1&page=2'))).body.topics).toEqual([`${prefix}-web`]);
  });

  it('adds and removes one topic; removing one the repository does not carry is 404', async () => {
    expect((await put(api(`/topics/${prefix}-CLI`), undefined)).status).toBe(204);
    expect((await put(api(`/topics/${prefix}-cli`), undefined)).status).toBe(204);
    expect(await names()).toEqual([`${prefix}-api`, `${prefix}-cli`, `${prefix}-web`]);
    expect((await server.request(api(`/topics/${prefix}-api`), { method: 'DELETE', ...as(owner) })).status).toBe(204);
    expect((await server.request(api(`/topics/${prefix}-api`), { method: 'DELETE', ...as(owner) })).status).toBe(404);
    expect(await names()).toEqual([`${prefix}-cli`, `${prefix}-web`]);
  });

  it('refuses bad names, a 26th topic, a writer who is no admin, and strangers; nothing changes', async () => {
    const before = await names();
    const refusals: [() => Promise<{ status: number; body: any }>, number][] = [
      [() => put(api('/topics'), { topics: ['fine', 'not fine'] }), 422],
      [() => put(api('/topics'), { topics: ['-dash'] }), 422],
      [() => put(api('/topics'), { topics: Array.from({ length: 26 }, (_, i) => `${prefix}-${i}`) }), 422],
      [() => put(api('/topics'), { topics: 'web' }), 422],
      [() => put(api('/topics/a_b'), undefined), 422],
      [() => put(api(`/topics/${'x'.repeat(36)}`), undefined), 422],
      [() => put(api('/topics'), { topics: ['by-writer'] }, writer), 403],
      [() => put(api('/topics/by-writer'), undefined, writer), 403],
      [() => server.request(api(`/topics/${prefix}-web`), { method: 'DELETE', ...as(writer) }), 403],
      [() => put(api('/topics', secret), { topics: ['by-stranger'] }, stranger), 404],
    ];
    for (const [send, status] of refusals) {
      const res = await send();
      expect(res.status).toBe(status);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect(await names()).toEqual(before);

    const full = Array.from({ length: 25 }, (_, i) => `${prefix}-n${String(i).padStart(2, '0')}`);
    expect((await put(api('/topics', secret), { topics: full })).status).toBe(204);
    expect((await put(api(`/topics/${prefix}-one-too-many`, secret), undefined)).status).toBe(422);
    expect(await names(secret)).toHaveLength(25);
    expect((await server.request(api('/topics', secret), as(stranger))).status).toBe(404);
    expect((await server.request(api('/topics', secret), as(writer))).status).toBe(200);
  });

  it('searches topics by a part of their name, with how many repositories carry each', async () => {
    expect((await put(api('/topics', secret), { topics: [`${prefix}-web`, `${prefix}-n00`] })).status).toBe(204);
    const res = await server.request(`/topics/search?q=${prefix}-`);
    expect(res.status).toBe(200);
    const counts = Object.fromEntries(res.body.topics.map((t: { topic_name: string; repo_count: number }) => [t.topic_name, t.repo_count]));
    expect(counts).toEqual({ [`${prefix}-cli`]: 1, [`${prefix}-n00`]: 1, [`${prefix}-web`]: 2 });
    expect(res.headers.get('x-total-count')).toBe('3');
    expect(res.body.topics[0]).toEqual({
      id: expect.any(Number),
      topic_name: `${prefix}-cli`,
      repo_count: 1,
      created: expect.any(String),
      updated: expect.any(String),
    });
  });
});
