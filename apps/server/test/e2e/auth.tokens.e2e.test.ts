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
      id: expect.any(Number), name: 'ci', sha1: expect.stringMatching(/^[0-9a-f]{40}$/),
      token_last_eight: created.body.sha1.slice(-8), scopes: ['read:repository', 'write:user'],
    });
    expect((await server.request('/users/alice/tokens', { auth: { token: created.body.sha1 } })).status).toBe(200);

    const listed = await server.request('/users/alice/tokens', { auth: { token: alice.token } });
    const entry = listed.body.find((token: { name: string }) => token.name === 'ci');
    expect(entry).toEqual({ id: created.body.id, name: 'ci', token_last_eight: created.body.sha1.slice(-8), scopes: ['read:repository', 'write:user'] });
  });

  it('stores only a salted hash of the value', async () => {
    const created = await create('alice', { token: alice.token }, { name: 'hashed', scopes: ['all'] });
    const row = await server.db.accessTokens.findByOwnerAndName(alice.user.id, 'hashed');
    expect(row).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(created.body.sha1);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenSalt.length).toBeGreaterThan(0);
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
    expect((await server.db.accessTokens.findByOwnerAndName(bob.user.id, 'from-admin'))).not.toBeNull();

    expect((await server.request('/users/bob/tokens', { auth: { token: alice.token } })).status).toBe(403);
    expect((await create('bob', { token: alice.token }, { name: 'intruder', scopes: ['all'] })).status).toBe(403);
    expect((await server.request(`/users/bob/tokens/${made.body.id}`, { method: 'DELETE', auth: { token: alice.token } })).status).toBe(403);

    expect((await server.request(`/users/bob/tokens/${made.body.id}`, { method: 'DELETE', auth: { token: admin.token } })).status).toBe(204);
    expect((await server.db.accessTokens.findByOwnerAndName(bob.user.id, 'from-admin'))).toBeNull();
  });

  it('deletes by id or by name, after which the token no longer signs in; 404 when missing', async () => {
    const byId = await create('alice', { token: alice.token }, { name: 'drop-by-id', scopes: ['read:user'] });
    const byName = await create('alice', { token: alice.token }, { name: 'drop-by-name', scopes: ['read:user'] });
    expect((await server.request(`/users/alice/tokens/${byId.body.id}`, { method: 'DELETE', auth: { token: alice.token } })).status).toBe(204);
    expect((await server.request('/users/alice/tokens/drop-by-name', { method: 'DELETE', auth: { token: alice.token } })).status).toBe(204);
    expect((await server.request('/users/alice/tokens', { auth: { token: byId.body.sha1 } })).status).toBe(401);
    expect((await server.request('/users/alice/tokens', { auth: { token: byName.body.sha1 } })).status).toBe(401);

    expect((await server.request('/users/alice/tokens/drop-by-name', { method: 'DELETE', auth: { token: alice.token } })).status).toBe(404);
    // Another account's token id is not reachable through alice's path.
    const bobs = await create('bob', { token: bob.token }, { name: 'bobs', scopes: ['read:user'] });
    expect((await server.request(`/users/alice/tokens/${bobs.body.id}`, { method: 'DELETE', auth: { token: alice.token } })).status).toBe(404);
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
