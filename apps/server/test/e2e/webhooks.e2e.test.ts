import { createTestUser, TestUser } from '../support/fixtures';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/** Webhook management: repository, organization, user and system hooks, who may manage them, and what is never echoed. */
describe('webhooks', () => {
  let server: TestServer;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const hookBody = (extra: Record<string, unknown> = {}) => ({
    type: 'forgejo',
    config: { url: 'http://ci.example.com/hook', content_type: 'json', secret: 's3cret-value' },
    active: true,
    ...extra,
  });

  beforeAll(async () => {
    server = await startTestServer();
    admin = await createTestUser(server, { admin: true });
    alice = await createTestUser(server);
    bob = await createTestUser(server);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('creates, reads, lists, edits and deletes a repository hook, never echoing the secret', async () => {
    const repo = await createTestRepository(server, alice.user);
    const base = `/repos/${alice.user.name}/${repo.name}/hooks`;
    const created = await server.request(base, {
      method: 'POST',
      ...as(alice),
      body: hookBody({ events: ['issues', 'push'], branch_filter: 'main', authorization_header: 'Bearer abc.def' }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: 'forgejo',
      url: 'http://ci.example.com/hook',
      content_type: 'json',
      config: { url: 'http://ci.example.com/hook', content_type: 'json' },
      events: ['issues', 'issue_assign', 'issue_label', 'issue_milestone', 'issue_comment', 'push'],
      branch_filter: 'main',
      active: true,
      authorization_header: 'Bearer ********',
    });
    expect(created.text).not.toContain('s3cret-value');
    expect(created.text).not.toContain('abc.def');
    const id = created.body.id as number;

    expect((await server.request(`${base}/${id}`, as(alice))).body).toEqual(created.body);
    const listed = await server.request(base, as(alice));
    expect(listed.body.map((hook: { id: number }) => hook.id)).toEqual([id]);
    expect(listed.headers.get('x-total-count')).toBe('1');

    const edited = await server.request(`${base}/${id}`, {
      method: 'PATCH',
      ...as(alice),
      body: { active: false, events: ['create'], config: { content_type: 'form' } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ active: false, events: ['create'], content_type: 'form', branch_filter: 'main' });

    expect((await server.request(`${base}/${id}`, { method: 'DELETE', ...as(alice) })).status).toBe(204);
    expect((await server.request(`${base}/${id}`, as(alice))).status).toBe(404);
    expect((await server.request(`${base}/${id}`, { method: 'DELETE', ...as(alice) })).status).toBe(404);
  });

  it('chooses push when no events are given and creates inactive hooks unless asked, as Forgejo', async () => {
    const repo = await createTestRepository(server, alice.user);
    const created = await server.request(`/repos/${alice.user.name}/${repo.name}/hooks`, {
      method: 'POST',
      ...as(alice),
      body: { type: 'gitea', config: { url: 'https://ci.example.com/x', content_type: 'form' } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'gitea', events: ['push'], active: false, authorization_header: '' });
  });

  it('refuses bad hooks with 422 naming the problem, storing nothing', async () => {
    const repo = await createTestRepository(server, alice.user);
    const base = `/repos/${alice.user.name}/${repo.name}/hooks`;
    const refused = async (body: unknown, message: RegExp) => {
      const response = await server.request(base, { method: 'POST', ...as(alice), body });
      expect(response.status).toBe(422);
      expect(response.body.message).toMatch(message);
    };
    await refused({ type: 'nonsense', config: { url: 'http://x.example.com', content_type: 'json' } }, /Invalid hook type/);
    await refused({ type: 'slack', config: { url: 'http://x.example.com', content_type: 'json' } }, /not supported/);
    await refused({ type: 'forgejo', config: { content_type: 'json' } }, /Missing config option: url/);
    await refused({ type: 'forgejo', config: { url: 'http://x.example.com' } }, /Missing config option: content_type/);
    await refused({ type: 'forgejo', config: { url: 'http://x.example.com', content_type: 'xml' } }, /Invalid content type/);
    await refused({ type: 'forgejo', config: { url: 'ftp://x.example.com', content_type: 'json' } }, /Invalid url/);
    await refused(
      { type: 'forgejo', config: { url: 'http://x.example.com', content_type: 'json' }, branch_filter: '{main' },
      /branch_filter/,
    );
    expect((await server.request(base, as(alice))).body).toEqual([]);
  });

  it('hides a private repository’s hooks (404) and refuses readers who are not administrators (403)', async () => {
    const hidden = await createTestRepository(server, alice.user, { isPrivate: true });
    const open = await createTestRepository(server, alice.user);
    expect((await server.request(`/repos/${alice.user.name}/${hidden.name}/hooks`, as(bob))).status).toBe(404);
    expect(
      (await server.request(`/repos/${alice.user.name}/${hidden.name}/hooks`, { method: 'POST', ...as(bob), body: hookBody() })).status,
    ).toBe(404);
    expect((await server.request(`/repos/${alice.user.name}/${open.name}/hooks`, as(bob))).status).toBe(403);
    expect((await server.request(`/repos/${alice.user.name}/${open.name}/hooks`)).status).toBe(401);
    const mine = await server.request(`/repos/${alice.user.name}/${open.name}/hooks`, { method: 'POST', ...as(alice), body: hookBody() });
    // Another repository's hook id is not found through this one.
    const other = await createTestRepository(server, alice.user);
    expect((await server.request(`/repos/${alice.user.name}/${other.name}/hooks/${mine.body.id}`, as(alice))).status).toBe(404);
    expect((await server.request(`/repos/${alice.user.name}/${open.name}/hooks/${mine.body.id}`, as(admin))).status).toBe(200);
  });

  it('lets organization owners manage its hooks, and nobody else', async () => {
    const org = `hookorg${Date.now().toString(36)}`;
    expect((await server.request('/orgs', { method: 'POST', ...as(alice), body: { username: org } })).status).toBe(201);
    const created = await server.request(`/orgs/${org}/hooks`, {
      method: 'POST',
      ...as(alice),
      body: hookBody({ events: ['repository'] }),
    });
    expect(created.status).toBe(201);
    expect(created.body.events).toEqual(['repository']);
    expect((await server.request(`/orgs/${org}/hooks/${created.body.id}`, as(alice))).status).toBe(200);
    expect((await server.request(`/orgs/${org}/hooks`, as(bob))).status).toBe(403);
    expect((await server.request(`/orgs/${org}/hooks/${created.body.id}`, { method: 'DELETE', ...as(bob) })).status).toBe(403);
    expect((await server.request(`/orgs/nosuchorg${Date.now()}/hooks`, as(alice))).status).toBe(404);
    expect((await server.request(`/orgs/${org}/hooks/${created.body.id}`, { method: 'DELETE', ...as(alice) })).status).toBe(204);
  });

  it('keeps a user’s hooks their own', async () => {
    const created = await server.request('/user/hooks', { method: 'POST', ...as(bob), body: hookBody() });
    expect(created.status).toBe(201);
    expect((await server.request(`/user/hooks/${created.body.id}`, as(bob))).status).toBe(200);
    expect((await server.request(`/user/hooks/${created.body.id}`, as(alice))).status).toBe(404);
    expect((await server.request('/user/hooks', as(alice))).body).toEqual([]);
    expect(
      (await server.request(`/user/hooks/${created.body.id}`, { method: 'PATCH', ...as(bob), body: { active: false } })).body.active,
    ).toBe(false);
    expect((await server.request('/user/hooks')).status).toBe(401);
  });

  it('gives system hooks to site administrators only', async () => {
    expect((await server.request('/admin/hooks', as(alice))).status).toBe(403);
    expect((await server.request('/admin/hooks', { method: 'POST', ...as(alice), body: hookBody() })).status).toBe(403);
    const created = await server.request('/admin/hooks', { method: 'POST', ...as(admin), body: hookBody({ is_system_webhook: true }) });
    expect(created.status).toBe(201);
    expect((await server.request(`/admin/hooks/${created.body.id}`, as(admin))).body.id).toBe(created.body.id);
    expect(
      (await server.request(`/admin/hooks/${created.body.id}`, { method: 'PATCH', ...as(admin), body: { branch_filter: 'release/*' } }))
        .body.branch_filter,
    ).toBe('release/*');
    const refused = await server.request('/admin/hooks', { method: 'POST', ...as(admin), body: hookBody({ is_system_webhook: false }) });
    expect(refused.status).toBe(422);
    expect((await server.request(`/admin/hooks/${created.body.id}`, { method: 'DELETE', ...as(admin) })).status).toBe(204);
    expect((await server.request(`/admin/hooks/${created.body.id}`, as(admin))).status).toBe(404);
  });
});
