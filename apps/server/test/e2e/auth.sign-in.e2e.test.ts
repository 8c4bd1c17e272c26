import { createTestToken, createTestUser, TestUser } from '../support/fixtures';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Every way of signing in to the API. `GET /users/{me}/tokens` answers 200 only
 * to the account itself (or an admin), so it shows who the server thinks is calling.
 */
describe('signing in', () => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    alice = await createTestUser(server, { name: 'alice' });
    bob = await createTestUser(server, { name: 'bob' });
    admin = await createTestUser(server, { name: 'root', admin: true });
  });
  afterAll(() => server.close());

  const basic = (user: string, secret: string) => `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;

  it('accepts a token in "Authorization: token" and "Authorization: Bearer"', async () => {
    expect((await server.request('/users/alice/tokens', { headers: { authorization: `token ${alice.token}` } })).status).toBe(200);
    expect((await server.request('/users/alice/tokens', { headers: { authorization: `Bearer ${alice.token}` } })).status).toBe(200);
  });

  it.each(['token', 'access_token'])('accepts ?%s= without any deprecation or warning header', async (parameter) => {
    const response = await server.request(`/users/alice/tokens?${parameter}=${alice.token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('deprecation')).toBeNull();
    expect(response.headers.get('warning')).toBeNull();
    expect(response.headers.get('sunset')).toBeNull();
  });

  it('accepts Basic with the password, the e-mail address as login, or a password containing colons', async () => {
    expect((await server.request('/users/alice/tokens', { headers: { authorization: basic('alice', alice.password) } })).status).toBe(200);
    expect(
      (await server.request('/users/alice/tokens', { headers: { authorization: basic('alice@example.com', alice.password) } })).status,
    ).toBe(200);
    const colons = await createTestUser(server, { name: 'colons', password: 'pass:with:colons' });
    expect((await server.request('/users/colons/tokens', { headers: { authorization: basic('colons', colons.password) } })).status).toBe(
      200,
    );
  });

  it('accepts Basic with a token as the password, or as the username with an empty password', async () => {
    expect((await server.request('/users/alice/tokens', { headers: { authorization: basic('alice', alice.token) } })).status).toBe(200);
    expect((await server.request('/users/alice/tokens', { headers: { authorization: basic(alice.token, '') } })).status).toBe(200);
  });

  it('refuses a wrong password, an unknown user, a wrong token and a token of someone else with 401', async () => {
    for (const authorization of [
      basic('alice', 'wrong password'),
      basic('nobody', 'x'),
      `token ${'0'.repeat(40)}`,
      basic('alice', bob.token),
      'Digest abc',
    ]) {
      const response = await server.request('/users/alice/tokens', { headers: { authorization } });
      expect(response.status).toBe(401);
      expect(typeof response.body.message).toBe('string');
    }
  });

  it('answers an anonymous caller 401 on a route that needs sign-in', async () => {
    expect((await server.request('/users/alice/tokens')).status).toBe(401);
  });

  it('records the last password sign-in and the last use of a token', async () => {
    const user = await createTestUser(server, { name: 'tracked' });
    await server.request('/users/tracked/tokens', { headers: { authorization: basic('tracked', user.password) } });
    await server.request('/users/tracked/tokens', { auth: { token: user.token } });
    expect((await server.db.owners.findById(user.user.id))?.lastLoginAt).toBeInstanceOf(Date);
    const [tokens] = await server.db.accessTokens.listForOwner(user.user.id, 0, 10);
    expect(tokens[0].lastUsedAt).toBeInstanceOf(Date);
  });

  describe('Sudo', () => {
    it('lets an admin act as another user, by header or query parameter', async () => {
      // As bob, the admin may see bob's tokens but no longer alice's: bob is no admin.
      expect((await server.request('/users/bob/tokens', { auth: { token: admin.token }, headers: { sudo: 'bob' } })).status).toBe(200);
      expect((await server.request('/users/alice/tokens', { auth: { token: admin.token }, headers: { sudo: 'bob' } })).status).toBe(403);
      expect((await server.request('/users/alice/tokens?sudo=bob', { auth: { token: admin.token } })).status).toBe(403);
      expect(
        (await server.request('/users/alice/tokens', { auth: { basic: ['root', admin.password] }, headers: { sudo: 'bob' } })).status,
      ).toBe(403);
      expect((await server.request('/users/alice/tokens', { auth: { token: admin.token } })).status).toBe(200);
    });

    it('creates what an admin makes under Sudo as the impersonated user', async () => {
      const created = await server.request('/users/bob/tokens', {
        method: 'POST',
        auth: { token: admin.token },
        headers: { sudo: 'bob' },
        body: { name: 'made-by-sudo', scopes: ['read:user'] },
      });
      expect(created.status).toBe(201);
      expect(await server.db.accessTokens.findByOwnerAndName(bob.user.id, 'made-by-sudo')).not.toBeNull();
    });

    it('refuses Sudo to non-admins with 403 and names an unknown user with 404', async () => {
      expect((await server.request('/users/bob/tokens', { auth: { token: alice.token }, headers: { sudo: 'bob' } })).status).toBe(403);
      const unknown = await server.request('/users/root/tokens', { auth: { token: admin.token }, headers: { sudo: 'no-such-user' } });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toContain('no-such-user');
    });

    it('needs a token with the sudo or all scope', async () => {
      const narrow = await createTestToken(server, admin.user, 'read:user,write:user', 'narrow');
      const refused = await server.request('/users/bob/tokens', { auth: { token: narrow }, headers: { sudo: 'bob' } });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain('sudo');
      const sudoToken = await createTestToken(server, admin.user, 'sudo,read:user', 'with-sudo');
      expect((await server.request('/users/bob/tokens', { auth: { token: sudoToken }, headers: { sudo: 'bob' } })).status).toBe(200);
    });
  });

  it('ignores the reverse-proxy header unless the API setting enables it', async () => {
    expect((await server.request('/users/alice/tokens', { headers: { 'x-webauth-user': 'alice' } })).status).toBe(401);
  });
});

describe('reverse-proxy sign-in (ENABLE_REVERSE_PROXY_AUTHENTICATION_API = true)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      SERVICE__ENABLE_REVERSE_PROXY_AUTHENTICATION_API: 'true',
      SECURITY__REVERSE_PROXY_AUTHENTICATION_USER: 'X-Remote-User',
    });
    await createTestUser(server, { name: 'carol' });
  });
  afterAll(() => server.close());

  it('signs in the existing user named by the configured header, with every scope', async () => {
    const listed = await server.request('/users/carol/tokens', { headers: { 'x-remote-user': 'carol' } });
    expect(listed.status).toBe(200);
    const created = await server.request('/users/carol/tokens', {
      method: 'POST',
      headers: { 'x-remote-user': 'carol' },
      body: { name: 'via-proxy', scopes: ['all'] },
    });
    expect(created.status).toBe(201);
  });

  it('refuses an unknown user with 401 and ignores headers other than the configured one', async () => {
    expect((await server.request('/users/carol/tokens', { headers: { 'x-remote-user': 'nobody' } })).status).toBe(401);
    expect((await server.request('/users/carol/tokens', { headers: { 'x-webauth-user': 'carol' } })).status).toBe(401);
  });
});
