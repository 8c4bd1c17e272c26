import { createTestToken, createTestUser, TestUser } from '../support/fixtures';
import { startTestServer, TestServer } from '../support/test-server';

describe('access token API (/users/{username}/tokens)', () => {
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

  const create = (owner: string, caller: { token: string } | { basic: [string, string] }, body: unknown) =>
    server.request(`/users/${owner}/tokens`, { method: 'POST', auth: caller, body });

  it('creates a token whose value works once shown, and never shows it again', async () => {
    const created = await create('alice', { basic: ['alice', alice.password] }, { name: 'ci', scopes: ['read:repository', 'write:user'] });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'ci',
      sha1: expect.stringMatching(/^[0-9a-f]{40}$/),
      token_last_eight: created.body.sha1.slice(-8),
      scopes: ['read:repository', 'write:user'],
    });
    expect((await server.request('/users/alice/tokens', { auth: { token: created.body.sha1 } })).status).toBe(200);

    const listed = await server.request('/users/alice/tokens', { auth: { token: alice.token } });
    const entry = listed.body.find((token: { name: string }) => token.name === 'ci');
    expect(entry).toEqual({
      id: created.body.id,
      name: 'ci',
      token_last_eight: created.body.sha1.slice(-8),
      scopes: ['read:repository', 'write:user'],
    });
  });

  it('stores only a salted hash of the value', async () => {
    const created = await create('alice', { token: alice.token }, { name: 'hashed', scopes: ['all'] });
    const row = await server.db.accessTokens.findByOwnerAndName(alice.user.id, 'hashed');
    expect(row).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(created.body.sha1);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenSalt.length).toBeGreaterThan(0);
  });

  it('deletes by name a token whose name is a number no token id can be (404 when there is none), on every engine', async () => {
    await create('alice', { token: alice.token }, { name: '99999999999', scopes: ['read:user'] });
    const remove = () => server.request('/users/alice/tokens/99999999999', { method: 'DELETE', auth: { token: alice.token } });
    expect((await remove()).status).toBe(204);
    expect((await remove()).status).toBe(404);
  });

  it('pages the list with X-Total-Count', async () => {
    const user = await createTestUser(server, { name: 'pager' });
    for (const name of ['t1', 't2']) await create('pager', { token: user.token }, { name, scopes: ['read:user'] });
    const page = await server.request('/users/pager/tokens?page=2&limit=2', { auth: { token: user.token } });
    expect(page.status).toBe(200);
    expect(page.headers.get('x-total-count')).toBe('3');
    expect(page.body.map((token: { name: string }) => token.name)).toEqual(['t2']);
  });

  it('refuses a used name, no scopes, an unknown scope and an empty name, naming the problem', async () => {
    await create('bob', { token: bob.token }, { name: 'dup', scopes: ['all'] });
    const duplicate = await create('bob', { token: bob.token }, { name: 'dup', scopes: ['all'] });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.message).toContain('name');
    const noScope = await create('bob', { token: bob.token }, { name: 'none' });
    expect(noScope.status).toBe(400);
    expect(noScope.body.message).toContain('scope');
    const unknownScope = await create('bob', { token: bob.token }, { name: 'bad', scopes: ['read:everything'] });
    expect(unknownScope.status).toBe(422);
    expect(unknownScope.body.message).toContain('read:everything');
    const emptyName = await create('bob', { token: bob.token }, { name: '', scopes: ['all'] });
    expect(emptyName.status).toBe(422);
    expect(emptyName.body.message).toContain('name');
    const wrongType = await create('bob', { token: bob.token }, { name: 5, scopes: 'all' });
    expect(wrongType.status).toBe(422);
  });

  it('lets an admin list, create and delete for another account; anyone else gets 403', async () => {
    expect((await server.request('/users/bob/tokens', { auth: { token: admin.token } })).status).toBe(200);
    const made = await create('bob', { token: admin.token }, { name: 'from-admin', scopes: ['read:user'] });
    expect(made.status).toBe(201);
    expect(await server.db.accessTokens.findByOwnerAndName(bob.user.id, 'from-admin')).not.toBeNull();

    expect((await server.request('/users/bob/tokens', { auth: { token: alice.token } })).status).toBe(403);
    expect((await create('bob', { token: alice.token }, { name: 'intruder', scopes: ['all'] })).status).toBe(403);
    expect((await server.request(`/users/bob/tokens/${made.body.id}`, { method: 'DELETE', auth: { token: alice.token } })).status).toBe(
      403,
    );

    expect((await server.request(`/users/bob/tokens/${made.body.id}`, { method: 'DELETE', auth: { token: admin.token } })).status).toBe(
      204,
    );
    expect(await server.db.accessTokens.findByOwnerAndName(bob.user.id, 'from-admin')).toBeNull();
  });

  describe('finding 8: an admin token without the `sudo` (or `all`) scope may not act as another user', () => {
    const list = (owner: string, caller: { token: string } | { basic: [string, string] }) =>
      server.request(`/users/${owner}/tokens`, { auth: caller });
    const remove = (owner: string, idOrName: string | number, caller: { token: string } | { basic: [string, string] }) =>
      server.request(`/users/${owner}/tokens/${idOrName}`, { method: 'DELETE', auth: caller });
    const tokenNamed = (owner: TestUser, name: string) => server.db.accessTokens.findByOwnerAndName(owner.user.id, name);

    it("refuses a write:user admin token to create, list or delete another account's tokens (403 naming sudo), and creates nothing", async () => {
      const carol = await createTestUser(server);
      const writeUser = await createTestToken(server, admin.user, 'write:user');

      const created = await create(carol.name, { token: writeUser }, { name: 'stolen', scopes: ['all'] });
      expect(created.status).toBe(403);
      expect(created.body.message).toMatch(/sudo/);
      expect(created.body.sha1).toBeUndefined();
      expect(await tokenNamed(carol, 'stolen')).toBeNull();
      // and so nothing can act as carol: a narrower request is refused alike
      expect((await create(carol.name, { token: writeUser }, { name: 'narrow', scopes: ['read:user'] })).status).toBe(403);
      expect(await tokenNamed(carol, 'narrow')).toBeNull();

      const listed = await list(carol.name, { token: writeUser });
      expect(listed.status).toBe(403);
      expect(listed.body.message).toMatch(/sudo/);

      const carols = await create(carol.name, { token: carol.token }, { name: 'carols', scopes: ['read:user'] });
      const deleted = await remove(carol.name, carols.body.id, { token: writeUser });
      expect(deleted.status).toBe(403);
      expect(deleted.body.message).toMatch(/sudo/);
      expect(await tokenNamed(carol, 'carols')).not.toBeNull();
      expect((await server.request('/user', { auth: { token: carols.body.sha1 } })).body.login).toBe(carol.name);
    });

    it.each([
      ['an `all` token', 'all'],
      ['a `write:user` and `sudo` token', 'write:user,sudo'],
    ])("lets an admin with %s create, list and delete another account's tokens", async (_what, scopes) => {
      const carol = await createTestUser(server);
      const caller = { token: await createTestToken(server, admin.user, scopes) };
      const made = await create(carol.name, caller, { name: 'by-admin', scopes: ['read:user'] });
      expect(made.status).toBe(201);
      expect((await server.request('/user', { auth: { token: made.body.sha1 } })).body.login).toBe(carol.name);
      const listed = await list(carol.name, caller);
      expect(listed.status).toBe(200);
      expect(listed.body.map((token: { name: string }) => token.name)).toContain('by-admin');
      expect((await remove(carol.name, made.body.id, caller)).status).toBe(204);
      expect(await tokenNamed(carol, 'by-admin')).toBeNull();
    });

    it("lets an admin signed in by Basic with a password create, list and delete another account's tokens", async () => {
      const carol = await createTestUser(server);
      const caller = { basic: ['root', admin.password] as [string, string] };
      const made = await create(carol.name, caller, { name: 'by-password', scopes: ['read:user'] });
      expect(made.status).toBe(201);
      expect((await list(carol.name, caller)).body.map((token: { name: string }) => token.name)).toContain('by-password');
      expect((await remove(carol.name, 'by-password', caller)).status).toBe(204);
      expect(await tokenNamed(carol, 'by-password')).toBeNull();
    });

    it("still lets a write:user token manage its own account's tokens, admin or not", async () => {
      for (const owner of [admin, alice]) {
        const caller = { token: await createTestToken(server, owner.user, 'write:user') };
        const made = await create(owner.name, caller, { name: `own-${owner.name}`, scopes: ['read:user'] });
        expect(made.status).toBe(201);
        expect((await list(owner.name, caller)).status).toBe(200);
        expect((await remove(owner.name, made.body.id, caller)).status).toBe(204);
      }
    });
  });

  it('deletes by id or by name, after which the token no longer signs in; 404 when missing', async () => {
    const byId = await create('alice', { token: alice.token }, { name: 'drop-by-id', scopes: ['read:user'] });
    const byName = await create('alice', { token: alice.token }, { name: 'drop-by-name', scopes: ['read:user'] });
    expect((await server.request(`/users/alice/tokens/${byId.body.id}`, { method: 'DELETE', auth: { token: alice.token } })).status).toBe(
      204,
    );
    expect((await server.request('/users/alice/tokens/drop-by-name', { method: 'DELETE', auth: { token: alice.token } })).status).toBe(204);
    expect((await server.request('/users/alice/tokens', { auth: { token: byId.body.sha1 } })).status).toBe(401);
    expect((await server.request('/users/alice/tokens', { auth: { token: byName.body.sha1 } })).status).toBe(401);

    expect((await server.request('/users/alice/tokens/drop-by-name', { method: 'DELETE', auth: { token: alice.token } })).status).toBe(404);
    // Another account's token id is not reachable through alice's path.
    const bobs = await create('bob', { token: bob.token }, { name: 'bobs', scopes: ['read:user'] });
    expect((await server.request(`/users/alice/tokens/${bobs.body.id}`, { method: 'DELETE', auth: { token: alice.token } })).status).toBe(
      404,
    );
  });

  it('answers 404 for an account that does not exist', async () => {
    expect((await server.request('/users/no-such-user/tokens', { auth: { token: admin.token } })).status).toBe(404);
  });

  describe('scopes', () => {
    it('lets a read:user token list but not create (403 naming write:user)', async () => {
      const readOnly = await createTestToken(server, alice.user, 'read:user', 'read-only');
      expect((await server.request('/users/alice/tokens', { auth: { token: readOnly } })).status).toBe(200);
      const refused = await create('alice', { token: readOnly }, { name: 'more', scopes: ['read:user'] });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain('write:user');
    });

    it('refuses a token without a user scope (403 naming read:user)', async () => {
      const repoOnly = await createTestToken(server, alice.user, 'read:repository', 'repo-only');
      const refused = await server.request('/users/alice/tokens', { auth: { token: repoOnly } });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain('read:user');
    });

    it('never lets a token create a token broader than itself', async () => {
      const narrow = await createTestToken(server, alice.user, 'write:user', 'narrow');
      const escalation = await create('alice', { token: narrow }, { name: 'escalated', scopes: ['all'] });
      expect(escalation.status).toBe(403);
      expect(escalation.body.message).toContain('all');
      expect((await create('alice', { token: narrow }, { name: 'equal', scopes: ['read:user', 'write:user'] })).status).toBe(201);
      // A password sign-in holds every scope.
      expect((await create('alice', { basic: ['alice', alice.password] }, { name: 'wide', scopes: ['all', 'sudo'] })).status).toBe(201);
    });
  });
});
