import { createTestUser, TestUser } from '../support/fixtures';
import { startTestServer, TestServer } from '../support/test-server';

describe('users API', () => {
  let server: TestServer;
  let admin: TestUser;
  let ada: TestUser;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await createTestUser(server, { admin: true, name: 'root' });
    ada = await createTestUser(server, { name: 'ada' });
  });
  afterAll(async () => server?.close());

  describe('GET /user', () => {
    it('answers the signed-in user with their own e-mail', async () => {
      const res = await server.request('/user', { auth: { token: ada.token } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: ada.user.id, login: 'ada', email: 'ada@example.com', is_admin: false, visibility: 'public' });
      expect(new Date(res.body.created).toISOString()).toBe(res.body.created);
    });

    it('answers 401 to an anonymous caller', async () => {
      expect((await server.request('/user')).status).toBe(401);
    });

    it('answers 403 to a token without read:user', async () => {
      const { token } = await createTestUser(server, { scopes: 'read:organization' });
      expect((await server.request('/user', { auth: { token } })).status).toBe(403);
    });
  });

  describe('GET /users/{username}', () => {
    it('answers a user case-insensitively, hiding the e-mail from others', async () => {
      const res = await server.request('/users/ADA');
      expect(res.status).toBe(200);
      expect(res.body.login).toBe('ada');
      expect(res.body.email).not.toBe('ada@example.com');
    });

    it('answers the system users', async () => {
      expect((await server.request('/users/ghost')).body).toMatchObject({ id: -1, login: 'Ghost' });
      expect((await server.request('/users/bellows-actions')).body).toMatchObject({ id: -2, login: 'bellows-actions' });
    });

    it('answers 404 for an unknown user, and for a private user to others', async () => {
      expect((await server.request('/users/nobody-here')).status).toBe(404);
      await server.request('/admin/users/ada', { method: 'PATCH', auth: { token: admin.token }, body: { visibility: 'private' } });
      expect((await server.request('/users/ada')).status).toBe(404);
      expect((await server.request('/users/ada', { auth: { token: ada.token } })).status).toBe(200);
      await server.request('/admin/users/ada', { method: 'PATCH', auth: { token: admin.token }, body: { visibility: 'public' } });
    });
  });

  describe('GET /users/search', () => {
    it('wraps matches in {ok, data} with X-Total-Count, system users included when they match', async () => {
      const res = await server.request('/users/search?q=gho');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true, data: [expect.objectContaining({ id: -1, login: 'Ghost' })] });
      expect(res.headers.get('x-total-count')).toBe('1');
      const actions = await server.request('/users/search?uid=-2');
      expect(actions.body.data.map((u: { id: number }) => u.id)).toEqual([-2]);
    });

    it('finds real users by name and by uid, and pages', async () => {
      expect((await server.request('/users/search?q=ad')).body.data.map((u: { login: string }) => u.login)).toContain('ada');
      expect((await server.request(`/users/search?uid=${ada.user.id}`)).body.data.map((u: { login: string }) => u.login)).toEqual(['ada']);
      const page = await server.request('/users/search?limit=1');
      expect(page.body.data).toHaveLength(1);
      expect(Number(page.headers.get('x-total-count'))).toBeGreaterThanOrEqual(2);
    });

    it('refuses a uid that is not a number with 422', async () => {
      expect((await server.request('/users/search?uid=abc')).status).toBe(422);
    });

    it('finds nobody for a uid no user can have (beyond the id column), on every engine', async () => {
      for (const uid of ['9999999999', '-9999999999']) {
        const res = await server.request(`/users/search?uid=${uid}`);
        expect([res.status, res.body]).toEqual([200, { ok: true, data: [] }]);
      }
    });
  });

  describe('POST /admin/users', () => {
    it('creates a user who can then sign in with the password (201)', async () => {
      const res = await server.request('/admin/users', {
        method: 'POST',
        auth: { token: admin.token },
        body: { username: 'grace', email: 'grace@example.com', password: 'pw-1234567' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ login: 'grace', email: 'grace@example.com' });
      expect((await server.request('/user', { auth: { basic: ['grace', 'pw-1234567'] } })).body.login).toBe('grace');
    });

    it('answers 422 for a taken name (any case), a taken e-mail, a reserved or invalid name, a bad e-mail', async () => {
      const create = (body: object) =>
        server.request('/admin/users', { method: 'POST', auth: { token: admin.token }, body: { password: 'pw', ...body } });
      expect((await create({ username: 'ADA', email: 'x1@example.com' })).status).toBe(422);
      expect((await create({ username: 'ada2', email: 'ADA@example.com' })).status).toBe(422);
      const reserved = await create({ username: 'ghost', email: 'x2@example.com' });
      expect(reserved.status).toBe(422);
      expect(reserved.body.message).toContain('reserved');
      expect((await create({ username: 'bad name', email: 'x3@example.com' })).status).toBe(422);
      expect((await create({ username: 'ok-name', email: 'not-an-email' })).body.message).toContain('email');
      const missing = await create({ email: 'x4@example.com' });
      expect(missing.status).toBe(422);
      expect(missing.body.message).toContain('username');
    });

    it('answers 403 to a non-admin and 401 to an anonymous caller', async () => {
      const body = { username: 'eve', email: 'eve@example.com', password: 'pw' };
      expect((await server.request('/admin/users', { method: 'POST', auth: { token: ada.token }, body })).status).toBe(403);
      expect((await server.request('/admin/users', { method: 'POST', body })).status).toBe(401);
    });
  });

  describe('GET /admin/users', () => {
    it('lists every user with X-Total-Count for admins only', async () => {
      const res = await server.request('/admin/users', { auth: { token: admin.token } });
      expect(res.status).toBe(200);
      expect(res.body.map((u: { login: string }) => u.login)).toEqual(expect.arrayContaining(['ada', 'root']));
      expect(Number(res.headers.get('x-total-count'))).toBe(res.body.length);
      expect((await server.request('/admin/users', { auth: { token: ada.token } })).status).toBe(403);
    });
  });

  describe('PATCH /admin/users/{username}', () => {
    it('changes only the fields sent', async () => {
      const res = await server.request('/admin/users/ada', {
        method: 'PATCH',
        auth: { token: admin.token },
        body: { full_name: 'Ada Lovelace', location: 'London' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ full_name: 'Ada Lovelace', location: 'London', email: 'ada@example.com' });
    });

    it('answers 404 for an unknown user, 422 for a system user or a bad field', async () => {
      expect((await server.request('/admin/users/nobody-here', { method: 'PATCH', auth: { token: admin.token }, body: {} })).status).toBe(
        404,
      );
      expect((await server.request('/admin/users/ghost', { method: 'PATCH', auth: { token: admin.token }, body: {} })).status).toBe(422);
      const bad = await server.request('/admin/users/ada', { method: 'PATCH', auth: { token: admin.token }, body: { admin: 'yes' } });
      expect(bad.status).toBe(422);
      expect(bad.body.message).toContain('admin');
    });
  });

  describe('DELETE /admin/users/{username}', () => {
    it('deletes the user and their tokens (204)', async () => {
      const doomed = await createTestUser(server);
      expect((await server.request(`/admin/users/${doomed.name}`, { method: 'DELETE', auth: { token: admin.token } })).status).toBe(204);
      expect((await server.request(`/users/${doomed.name}`)).status).toBe(404);
      expect((await server.request('/user', { auth: { token: doomed.token } })).status).toBe(401);
    });

    it('refuses a member of an organization unless purged, and the only owner of one even then', async () => {
      const owner = await createTestUser(server);
      await server.request('/orgs', { method: 'POST', auth: { token: owner.token }, body: { username: `org-of-${owner.name}` } });
      const res = await server.request(`/admin/users/${owner.name}`, { method: 'DELETE', auth: { token: admin.token } });
      expect(res.status).toBe(422);
      expect(
        (await server.request(`/admin/users/${owner.name}?purge=true`, { method: 'DELETE', auth: { token: admin.token } })).status,
      ).toBe(422);
    });

    it('answers 404 for an unknown user and 422 for a system user', async () => {
      expect((await server.request('/admin/users/nobody-here', { method: 'DELETE', auth: { token: admin.token } })).status).toBe(404);
      expect((await server.request('/admin/users/ghost', { method: 'DELETE', auth: { token: admin.token } })).status).toBe(422);
    });
  });

  describe('POST /admin/users/{username}/orgs', () => {
    it('creates an organization owned by that user (201)', async () => {
      const res = await server.request('/admin/users/ada/orgs', {
        method: 'POST',
        auth: { token: admin.token },
        body: { username: 'ada-org' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ name: 'ada-org', username: 'ada-org', visibility: 'public' });
      expect((await server.request('/orgs/ada-org/members/ada', { auth: { token: admin.token } })).status).toBe(204);
    });

    it('answers 404 for an unknown user', async () => {
      const res = await server.request('/admin/users/nobody-here/orgs', {
        method: 'POST',
        auth: { token: admin.token },
        body: { username: 'x-org' },
      });
      expect(res.status).toBe(404);
    });
  });
});
