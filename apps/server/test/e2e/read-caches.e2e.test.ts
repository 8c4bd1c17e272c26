import { createTestToken, createTestUser, TestUser } from '../support/fixtures';
import { attachToIssue, createIssue, createRepository } from '../support/sized-uploads';
import { startTestServer, TestServer } from '../support/test-server';

jest.setTimeout(60_000);

/**
 * Sign-in and the quota answers are served from memory (issue 12). Each test
 * first reads, so the answer is cached, then changes what it depends on, and
 * the very next request must show the change: the write invalidates, never a
 * timeout.
 */
describe('answers served from memory are never stale', () => {
  let server: TestServer;
  let admin: TestUser;
  let ada: TestUser;
  const asAdmin = (path: string, method: string, body?: unknown) => server.request(path, { method, body, auth: { token: admin.token } });
  const asAda = (path: string, token = ada.token) => server.request(path, { auth: { token } });

  beforeAll(async () => {
    server = await startTestServer();
    admin = await createTestUser(server, { admin: true });
    ada = await createTestUser(server, { name: 'ada' });
  });
  afterAll(() => server?.close());

  it('a deleted token is refused on the next request', async () => {
    const token = await createTestToken(server, ada.user, 'all', 'short-lived');
    expect((await asAda('/user', token)).status).toBe(200);
    const listed = await server.request('/users/ada/tokens', { auth: { basic: ['ada', ada.password] } });
    const id = listed.body.find((t: { name: string }) => t.name === 'short-lived').id;
    expect((await server.request(`/users/ada/tokens/${id}`, { method: 'DELETE', auth: { basic: ['ada', ada.password] } })).status).toBe(
      204,
    );
    expect((await asAda('/user', token)).status).toBe(401);
  });

  it('an account an administrator shuts out is refused on the next request, and let back in', async () => {
    const bob = await createTestUser(server, { name: 'bob' });
    expect((await asAda('/user', bob.token)).body.login).toBe('bob');
    expect((await asAdmin('/admin/users/bob', 'PATCH', { prohibit_login: true })).status).toBe(200);
    expect((await asAda('/user', bob.token)).status).toBe(401);
    expect((await asAdmin('/admin/users/bob', 'PATCH', { prohibit_login: false })).status).toBe(200);
    expect((await asAda('/user', bob.token)).status).toBe(200);
  });

  it('a password an administrator changes: the old one is refused on the next request, the new one accepted', async () => {
    const dora = await createTestUser(server, { name: 'dora', password: 'first password' });
    const asDora = (password: string) => server.request('/user', { auth: { basic: ['dora', password] } });
    expect((await asDora('first password')).status).toBe(200);
    expect((await asDora('first password')).status).toBe(200);
    expect((await asDora('not her password')).status).toBe(401);
    expect((await asAdmin('/admin/users/dora', 'PATCH', { password: 'second password' })).status).toBe(200);
    expect((await asDora('first password')).status).toBe(401);
    expect((await asDora('second password')).status).toBe(200);
    expect(dora.name).toBe('dora');
  });

  it('a profile change shows on the next GET /user', async () => {
    expect((await asAda('/user')).body.full_name).not.toBe('Ada Lovelace');
    expect((await asAdmin('/admin/users/ada', 'PATCH', { full_name: 'Ada Lovelace' })).status).toBe(200);
    expect((await asAda('/user')).body.full_name).toBe('Ada Lovelace');
  });

  it('an upload shows in the next quota answer', async () => {
    const client = { url: server.url, token: ada.token, owner: 'ada' };
    await createRepository(client, 'notes');
    const issue = await createIssue(client, 'notes');
    const before = (await asAda('/user/quota')).body.used.size.assets.attachments.issues;
    await attachToIssue(client, 'notes', issue, Buffer.alloc(4321, 1));
    expect((await asAda('/user/quota')).body.used.size.assets.attachments.issues).toBe(before + 4321);
  });

  it('a repository made private, renamed or deleted shows so on the next request', async () => {
    const client = { url: server.url, token: ada.token, owner: 'ada' };
    await createRepository(client, 'moving');
    const bob = await createTestUser(server, { name: 'carol' });
    expect((await asAda('/repos/ada/moving', bob.token)).status).toBe(200);
    const patch = (body: unknown) => server.request('/repos/ada/moving', { method: 'PATCH', body, auth: { token: ada.token } });
    expect((await patch({ private: true })).status).toBe(200);
    expect((await asAda('/repos/ada/moving', bob.token)).status).toBe(404);
    expect((await asAda('/repos/ada/moving')).body.private).toBe(true);
    expect((await patch({ name: 'moved' })).status).toBe(200);
    expect((await asAda('/repos/ada/moving')).status).toBe(404);
    expect((await asAda('/repos/ada/moved')).body.name).toBe('moved');
    expect((await server.request('/repos/ada/moved', { method: 'DELETE', auth: { token: ada.token } })).status).toBe(204);
    expect((await asAda('/repos/ada/moved')).status).toBe(404);
  });

  it('a changed limit and a new assignment show in the next quota answer and check', async () => {
    expect((await asAda('/user/quota')).body.groups).toEqual([]);
    expect((await asAda('/user/quota/check?subject=size:all')).body).toBe(false);
    const created = await asAdmin('/admin/quota/groups', 'POST', {
      name: 'tight',
      rules: [{ name: 'tiny', limit: 1, subjects: ['size:all'] }],
    });
    expect(created.status).toBe(201);
    expect((await asAdmin('/admin/users/ada/quota/groups', 'POST', { groups: ['tight'] })).status).toBe(204);
    expect((await asAda('/user/quota')).body.groups).toEqual([{ rules: [{ limit: 1, subjects: ['size:all'] }] }]);
    expect((await asAda('/user/quota/check?subject=size:all')).body).toBe(true);
    expect((await asAdmin('/admin/quota/rules/tiny', 'PATCH', { limit: 1024 ** 3 })).status).toBe(200);
    expect((await asAda('/user/quota/check?subject=size:all')).body).toBe(false);
  });
});
