import { createTestUser, TestUser } from '../support/fixtures';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * What a Forgejo admin's quota scripts send, and what they must get back (issue
 * 10): the answers of Forgejo's quota API where Bellows used to differ, and the
 * documented evaluation differences, checked through the API.
 */
describe('the quota API as a Forgejo admin script uses it', () => {
  let server: TestServer;
  let admin: TestUser;

  beforeAll(async () => {
    // DEFAULT_GROUPS names no group that exists, so TOTAL is what applies to an unassigned owner.
    server = await startTestServer({ QUOTA__DEFAULT_GROUPS: 'no-such-group', QUOTA_DEFAULT__TOTAL: '100' });
    admin = await createTestUser(server, { admin: true });
  });
  afterAll(() => server?.close());

  const asAdmin = (path: string, method = 'GET', body?: unknown) => server.request(path, { method, body, auth: { token: admin.token } });
  const check = (user: TestUser, subject: string) =>
    server.request(`/user/quota/check?subject=${subject}`, { auth: { token: user.token } }).then((r) => r.body);
  /** A user storing `git` bytes in a public repository and `lfs` bytes of LFS objects. */
  const userStoring = async (git: number, lfs = 0) => {
    const user = await createTestUser(server);
    await server.db.repositories.insert({ ownerId: user.user.id, name: 'data', gitSize: git, lfsSize: lfs });
    return user;
  };
  const assign = async (user: TestUser, group: string) =>
    expect((await asAdmin(`/admin/quota/groups/${group}/users/${user.name}`, 'PUT')).status).toBe(204);

  it('creates a group naming existing rules with 201, the stored rules winning over any fields given', async () => {
    expect((await asAdmin('/admin/quota/rules', 'POST', { name: 'lfs-1k', limit: 1000, subjects: ['size:git:lfs'] })).status).toBe(201);
    const byName = await asAdmin('/admin/quota/groups', 'POST', { name: 'by-name', rules: [{ name: 'lfs-1k' }] });
    expect([byName.status, byName.body]).toEqual([
      201,
      { name: 'by-name', rules: [{ name: 'lfs-1k', limit: 1000, subjects: ['size:git:lfs'] }] },
    ]);
    const withFields = await asAdmin('/admin/quota/groups', 'POST', {
      name: 'with-fields',
      rules: [{ name: 'LFS-1K', limit: 5, subjects: ['size:all'] }],
    });
    expect([withFields.status, withFields.body.rules]).toEqual([201, [{ name: 'lfs-1k', limit: 1000, subjects: ['size:git:lfs'] }]]);
    expect((await asAdmin('/admin/quota/rules/lfs-1k')).body).toEqual({ name: 'lfs-1k', limit: 1000, subjects: ['size:git:lfs'] });
  });

  it('gives a new inline rule without limit the limit 0, and accepts rules without subjects, which limit nothing', async () => {
    const created = await asAdmin('/admin/quota/groups', 'POST', {
      name: 'inline',
      rules: [
        { name: 'assets-zero', subjects: ['size:assets:all'] },
        { name: 'no-subjects', limit: 10 },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body.rules).toEqual(
      expect.arrayContaining([
        { name: 'assets-zero', limit: 0, subjects: ['size:assets:all'] },
        { name: 'no-subjects', limit: 10, subjects: [] },
      ]),
    );
    const bare = await asAdmin('/admin/quota/rules', 'POST', { name: 'bare', limit: 0 });
    expect([bare.status, bare.body]).toEqual([201, { name: 'bare', limit: 0, subjects: [] }]);
    const noLimit = await asAdmin('/admin/quota/rules', 'POST', { name: 'no-limit', subjects: ['size:all'] });
    expect([noLimit.status, noLimit.body.message]).toEqual([422, expect.stringMatching(/limit/)]);

    // A group whose only rule has no subjects limits nothing, even with limit 0 and usage far beyond it.
    expect((await asAdmin('/admin/quota/groups', 'POST', { name: 'only-bare', rules: [{ name: 'bare' }] })).status).toBe(201);
    const user = await userStoring(5000);
    await assign(user, 'only-bare');
    expect(await check(user, 'size:all')).toBe(false);
    expect(await check(user, 'size:repos:public')).toBe(false);
  });

  it('shows groups: [] for an owner no group applies to, while [quota.default] TOTAL still decides the check', async () => {
    const user = await userStoring(150);
    const own = await server.request('/user/quota', { auth: { token: user.token } });
    expect(own.body.groups).toEqual([]);
    expect((await asAdmin(`/admin/users/${user.name}/quota`)).body.groups).toEqual([]);
    expect(await check(user, 'size:all')).toBe(true); // 150 bytes against TOTAL = 100

    // A real group named "default" is now told apart from the built-in one.
    await asAdmin('/admin/quota/groups', 'POST', { name: 'default', rules: [{ name: 'roomy', limit: 1000, subjects: ['size:all'] }] });
    await assign(user, 'default');
    expect((await asAdmin(`/admin/users/${user.name}/quota`)).body.groups).toEqual([
      { name: 'default', rules: [{ name: 'roomy', limit: 1000, subjects: ['size:all'] }] },
    ]);
    expect(await check(user, 'size:all')).toBe(false);
  });

  it('shows rule and group names to site admins only, by default', async () => {
    const user = await userStoring(1);
    await asAdmin('/admin/quota/groups', 'POST', {
      name: 'customer-acme',
      rules: [{ name: 'acme-total', limit: 1000, subjects: ['size:all'] }],
    });
    await assign(user, 'customer-acme');
    const own = await server.request('/user/quota', { auth: { token: user.token } });
    expect(own.body.groups).toEqual([{ rules: [{ limit: 1000, subjects: ['size:all'] }] }]);
    expect(own.text).not.toContain('acme');
    expect((await asAdmin(`/admin/users/${user.name}/quota`)).body.groups[0].name).toBe('customer-acme');

    await assign(admin, 'customer-acme');
    const adminOwn = await asAdmin('/user/quota');
    expect(adminOwn.body.groups).toEqual([{ name: 'customer-acme', rules: [{ name: 'acme-total', limit: 1000, subjects: ['size:all'] }] }]);
  });

  describe('evaluates as docs/quota.md "Differences from Forgejo" says', () => {
    it('a child rule limits its parent: an LFS rule over its limit makes size:all over quota', async () => {
      await asAdmin('/admin/quota/groups', 'POST', {
        name: 'total-and-lfs',
        rules: [
          { name: 'total-1000', limit: 1000, subjects: ['size:all'] },
          { name: 'lfs-10', limit: 10, subjects: ['size:git:lfs'] },
        ],
      });
      const user = await userStoring(0, 20);
      await assign(user, 'total-and-lfs');
      expect(await check(user, 'size:all')).toBe(true);
      expect(await check(user, 'size:repos:all')).toBe(false);
    });

    it('usage equal to the limit is within quota', async () => {
      await asAdmin('/admin/quota/groups', 'POST', {
        name: 'exactly-100',
        rules: [{ name: 'total-100', limit: 100, subjects: ['size:all'] }],
      });
      const atLimit = await userStoring(100);
      await assign(atLimit, 'exactly-100');
      expect(await check(atLimit, 'size:all')).toBe(false);
      const beyond = await userStoring(101);
      await assign(beyond, 'exactly-100');
      expect(await check(beyond, 'size:all')).toBe(true);
    });

    it('a subject no rule limits is within quota', async () => {
      const user = await userStoring(5000);
      await assign(user, 'by-name'); // only lfs-1k
      expect(await check(user, 'size:repos:all')).toBe(false);
      expect(await check(user, 'size:assets:packages:all')).toBe(false);
    });

    it('each byte counts once: a rule on size:all and size:repos:all counts repositories once', async () => {
      await asAdmin('/admin/quota/groups', 'POST', {
        name: 'overlapping',
        rules: [{ name: 'overlap-150', limit: 150, subjects: ['size:all', 'size:repos:all'] }],
      });
      const user = await userStoring(100);
      await assign(user, 'overlapping');
      expect(await check(user, 'size:all')).toBe(false);
    });

    it('size:wiki is never over quota', async () => {
      const user = await userStoring(5000); // over TOTAL = 100
      expect(await check(user, 'size:all')).toBe(true);
      expect(await check(user, 'size:wiki')).toBe(false);
    });
  });
});

describe('[quota] SHOW_NAMES_TO_OWNERS = true', () => {
  let server: TestServer;
  afterAll(() => server?.close());

  it('shows rule and group names to the owner on /user/quota', async () => {
    server = await startTestServer({ QUOTA__SHOW_NAMES_TO_OWNERS: 'true' });
    const admin = await createTestUser(server, { admin: true });
    const user = await createTestUser(server);
    const asAdmin = (path: string, method = 'GET', body?: unknown) => server.request(path, { method, body, auth: { token: admin.token } });
    await asAdmin('/admin/quota/groups', 'POST', {
      name: 'standard',
      rules: [{ name: 'standard-total', limit: 1000, subjects: ['size:all'] }],
    });
    await asAdmin(`/admin/quota/groups/standard/users/${user.name}`, 'PUT');
    const own = await server.request('/user/quota', { auth: { token: user.token } });
    expect(own.body.groups).toEqual([{ name: 'standard', rules: [{ name: 'standard-total', limit: 1000, subjects: ['size:all'] }] }]);
  });
});
