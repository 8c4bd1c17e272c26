import { createTestContainers } from '@bellows/persistence-typeorm';
import { createTestOrg, createTestUser, TestUser } from '../support/fixtures';
import { startTestServer, TestServer } from '../support/test-server';

describe('quota API', () => {
  let server: TestServer;
  let admin: TestUser;
  let ada: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await createTestUser(server, { admin: true });
    ada = await createTestUser(server);
    bob = await createTestUser(server);
  });
  afterAll(() => server?.close());

  const asAdmin = (path: string, method = 'GET', body?: unknown) => server.request(path, { method, body, auth: { token: admin.token } });

  it("shows the signed-in user's usage and groups: [] when nothing is assigned", async () => {
    const repo = await server.db.repositories.insert({ ownerId: ada.user.id, name: 'site', gitSize: 1000, lfsSize: 50 });
    await server.db.repositories.insert({ ownerId: ada.user.id, name: 'secret', isPrivate: true, gitSize: 7 });
    const { issueId } = await createTestContainers(server.db, repo.id, ada.user.id);
    await server.db.attachments.insert({ repoId: repo.id, issueId, name: 'log.txt', size: 11, uploaderId: ada.user.id });
    const res = await server.request('/user/quota', { auth: { token: ada.token } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      used: {
        size: {
          repos: { public: 1000, private: 7 },
          git: { LFS: 50 },
          assets: { attachments: { issues: 11, releases: 0 }, artifacts: 0, packages: { all: 0 } },
        },
      },
      groups: [],
    });
  });

  it('refuses anonymous callers and tokens without read:user with 403', async () => {
    expect((await server.request('/user/quota')).status).toBe(403);
    const narrow = await createTestUser(server, { scopes: 'read:repository' });
    expect((await server.request('/user/quota/check?subject=size:all', { auth: { token: narrow.token } })).status).toBe(403);
    const reader = await createTestUser(server, { scopes: 'read:user' });
    expect((await server.request('/user/quota', { auth: { token: reader.token } })).status).toBe(200);
  });

  it('answers the check with a bare boolean and 422 naming a missing or unknown subject', async () => {
    const within = await server.request('/user/quota/check?subject=size:all', { auth: { token: bob.token } });
    expect(within.status).toBe(200);
    expect(within.text).toBe('false');
    const missing = await server.request('/user/quota/check', { auth: { token: bob.token } });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toMatch(/subject/);
    const unknown = await server.request('/user/quota/check?subject=size:everything', { auth: { token: bob.token } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toMatch(/size:everything/);
  });

  it('manages rules: 201, 409 for a taken name, 422 for a bad limit or subject, edit, 404 after delete', async () => {
    expect((await asAdmin('/admin/quota/rules', 'POST', { name: 'tiny', limit: 10, subjects: ['size:repos:all'] })).status).toBe(201);
    expect((await asAdmin('/admin/quota/rules', 'POST', { name: 'tiny', limit: 10, subjects: ['size:all'] })).status).toBe(409);
    const badLimit = await asAdmin('/admin/quota/rules', 'POST', { name: 'bad', limit: -2, subjects: ['size:all'] });
    expect([badLimit.status, badLimit.body.message]).toEqual([422, expect.stringMatching(/limit/)]);
    const badSubject = await asAdmin('/admin/quota/rules', 'POST', { name: 'bad', limit: 1, subjects: ['size:nope'] });
    expect([badSubject.status, badSubject.body.message]).toEqual([422, expect.stringMatching(/size:nope/)]);
    const edited = await asAdmin('/admin/quota/rules/tiny', 'PATCH', { limit: 20 });
    expect(edited.body).toEqual({ name: 'tiny', limit: 20, subjects: ['size:repos:all'] });
    expect((await asAdmin('/admin/quota/rules/tiny')).body.limit).toBe(20);
    expect((await asAdmin('/admin/quota/rules')).body).toEqual(
      expect.arrayContaining([{ name: 'tiny', limit: 20, subjects: ['size:repos:all'] }]),
    );
    expect((await asAdmin('/admin/quota/rules/temporary', 'POST')).status).toBe(404);
    await asAdmin('/admin/quota/rules', 'POST', { name: 'temporary', limit: 1, subjects: ['size:all'] });
    expect((await asAdmin('/admin/quota/rules/temporary', 'DELETE')).status).toBe(204);
    expect((await asAdmin('/admin/quota/rules/temporary')).status).toBe(404);
    expect((await server.request('/admin/quota/rules', { auth: { token: ada.token } })).status).toBe(403);
    expect((await server.request('/admin/quota/rules')).status).toBe(403);
  });

  it('manages groups with inline rules, links, assignments, and reports over-quota users', async () => {
    const created = await asAdmin('/admin/quota/groups', 'POST', {
      name: 'small',
      rules: [{ name: 'tiny' }, { name: 'assets-100', limit: 100, subjects: ['size:assets:all'] }],
    });
    expect(created.status).toBe(201);
    expect(created.body.rules).toEqual(
      expect.arrayContaining([
        { name: 'tiny', limit: 20, subjects: ['size:repos:all'] },
        { name: 'assets-100', limit: 100, subjects: ['size:assets:all'] },
      ]),
    );
    expect((await asAdmin('/admin/quota/groups', 'POST', { name: 'small' })).status).toBe(409);
    expect(
      (await asAdmin('/admin/quota/groups', 'POST', { name: 'x', rules: [{ name: 'y', limit: 'lots', subjects: ['size:all'] }] })).status,
    ).toBe(422);
    expect((await asAdmin('/admin/quota/groups/x')).status).toBe(404);
    expect((await asAdmin(`/admin/quota/groups/small/users/${ada.name}`, 'PUT')).status).toBe(204);
    expect((await asAdmin(`/admin/quota/groups/small/users/${ada.name}`, 'PUT')).status).toBe(409);
    expect((await asAdmin('/admin/quota/groups/small/users/nobody-here', 'PUT')).status).toBe(404);
    expect((await asAdmin('/admin/quota/groups/small/users')).body.map((u: { login: string }) => u.login)).toEqual([ada.name]);

    const check = (subject: string) =>
      server.request(`/user/quota/check?subject=${subject}`, { auth: { token: ada.token } }).then((r) => r.body);
    expect(await check('size:repos:all')).toBe(true); // 1007 bytes of git data against 20
    expect(await check('size:assets:attachments:issues')).toBe(false); // 11 bytes against 100
    expect(await check('size:all')).toBe(true);
    expect(await check('size:wiki')).toBe(false);

    expect((await asAdmin('/admin/quota/groups/small/rules/tiny', 'DELETE')).status).toBe(204);
    expect((await asAdmin('/admin/quota/groups/small/rules/tiny', 'DELETE')).status).toBe(404);
    expect(await check('size:repos:all')).toBe(false);
    expect((await asAdmin('/admin/quota/groups/small/rules/tiny', 'PUT')).status).toBe(204);
    expect((await asAdmin('/admin/quota/groups/small/rules/tiny', 'PUT')).status).toBe(409);
    expect((await asAdmin('/admin/quota/groups/small/rules/none', 'PUT')).status).toBe(404);

    const info = await asAdmin(`/admin/users/${ada.name}/quota`);
    expect(info.body.groups.map((g: { name: string }) => g.name)).toEqual(['small']);
    expect((await asAdmin(`/admin/quota/groups/small/users/${ada.name}`, 'DELETE')).status).toBe(204);
    expect((await asAdmin(`/admin/quota/groups/small/users/${ada.name}`, 'DELETE')).status).toBe(404);
  });

  it("replaces an owner's groups, refusing unknown group names with 422", async () => {
    await asAdmin('/admin/quota/groups', 'POST', { name: 'other' });
    expect((await asAdmin(`/admin/users/${bob.name}/quota/groups`, 'POST', { groups: ['small', 'other'] })).status).toBe(204);
    expect((await asAdmin(`/admin/users/${bob.name}/quota`)).body.groups.map((g: { name: string }) => g.name)).toEqual(['other', 'small']);
    expect((await asAdmin(`/admin/users/${bob.name}/quota/groups`, 'POST', { groups: ['missing'] })).status).toBe(422);
    expect((await asAdmin(`/admin/users/${bob.name}/quota/groups`, 'POST', { groups: 'small' })).status).toBe(422);
    expect((await asAdmin(`/admin/users/${bob.name}/quota/groups`, 'POST', { groups: ['other'] })).status).toBe(204);
    expect((await asAdmin('/admin/users/nobody-here/quota')).status).toBe(404);
    expect((await asAdmin('/admin/quota/groups/other', 'DELETE')).status).toBe(204);
    expect((await asAdmin('/admin/quota/groups/other')).status).toBe(404);
    expect((await asAdmin(`/admin/users/${bob.name}/quota`)).body.groups).toEqual([]);
  });

  it("counts an org's attachment uploaded by a member for the org, for its owners and admins only", async () => {
    const org = await createTestOrg(server, bob);
    const repo = await server.db.repositories.insert({ ownerId: org.id, name: 'org-repo' });
    const { issueId, releaseId } = await createTestContainers(server.db, repo.id, ada.user.id);
    await server.db.attachments.insert({ repoId: repo.id, releaseId, name: 'big.zip', size: 9000, uploaderId: ada.user.id });
    await server.db.attachments.insert({ repoId: repo.id, issueId, name: 'small.png', size: 90, uploaderId: ada.user.id });
    const orgInfo = await server.request(`/orgs/${org.name}/quota`, { auth: { token: bob.token } });
    expect(orgInfo.status).toBe(200);
    expect(orgInfo.body.used.size.assets.attachments).toEqual({ issues: 90, releases: 9000 });
    const adaInfo = await server.request('/user/quota', { auth: { token: ada.token } });
    expect(adaInfo.body.used.size.assets.attachments).toEqual({ issues: 11, releases: 0 });

    const list = await server.request(`/orgs/${org.name}/quota/attachments?limit=1`, { auth: { token: bob.token } });
    expect(list.headers.get('x-total-count')).toBe('2');
    expect(list.headers.get('link')).toContain('rel="next"');
    expect(list.body).toEqual([
      {
        name: 'big.zip',
        size: 9000,
        api_url: expect.stringMatching(new RegExp(`api/v1/repos/${org.name}/org-repo/releases/${releaseId}/assets/\\d+$`)),
        contained_in: {
          api_url: expect.stringContaining(`/releases/${releaseId}`),
          html_url: expect.stringContaining(`${org.name}/org-repo/releases`),
        },
      },
    ]);
    expect((await server.request(`/orgs/${org.name}/quota/check?subject=size:all`, { auth: { token: admin.token } })).body).toBe(false);
    expect((await server.request(`/orgs/${org.name}/quota`, { auth: { token: ada.token } })).status).toBe(403);
    expect((await server.request('/orgs/no-such-org/quota', { auth: { token: bob.token } })).status).toBe(404);
    expect((await asAdmin(`/admin/quota/groups/small/users/${org.name}`, 'PUT')).status).toBe(204);
    expect((await server.request(`/orgs/${org.name}/quota/check?subject=size:assets:all`, { auth: { token: bob.token } })).body).toBe(true);
    expect((await server.request(`/orgs/${org.name}/quota/packages`, { auth: { token: bob.token } })).body).toEqual([]);
    expect((await server.request(`/orgs/${org.name}/quota/artifacts`, { auth: { token: bob.token } })).body).toEqual([]);
  });

  it('lists packages and artifacts biggest first, and never refuses an owner over every limit', async () => {
    await asAdmin('/admin/quota/rules', 'POST', { name: 'nothing', limit: 0, subjects: ['size:all'] });
    await asAdmin('/admin/quota/groups', 'POST', { name: 'none-allowed', rules: [{ name: 'nothing' }] });
    await asAdmin(`/admin/users/${ada.name}/quota/groups`, 'POST', { groups: ['none-allowed'] });
    expect((await server.request('/user/quota/check?subject=size:assets:packages:all', { auth: { token: ada.token } })).body).toBe(true);

    // Over every limit, writes still succeed: the engine only reports.
    const pkg = await server.db.packages.createPackage({ ownerId: ada.user.id, type: 'generic', name: 'tool' });
    const small = await server.db.packages.createVersion(pkg.id, '1.0');
    const big = await server.db.packages.createVersion(pkg.id, '2.0');
    await server.db.packages.addFile(small.id, (await server.db.packages.putBlob('a'.repeat(64), 10)).id, 'a.bin');
    await server.db.packages.addFile(big.id, (await server.db.packages.putBlob('b'.repeat(64), 300)).id, 'b.bin');
    await server.db.packages.addFile(big.id, (await server.db.packages.putBlob('c'.repeat(64), 5)).id, 'c.bin');
    const repo = await server.db.repositories.findByOwnerAndName(ada.user.id, 'site');
    const { runId } = await createTestContainers(server.db, repo!.id, ada.user.id);
    await server.db.artifacts.insert({ repoId: repo!.id, runId, name: 'dist', compressedSize: 44 });
    expect((await asAdmin('/admin/quota/rules', 'POST', { name: 'still-works', limit: 1, subjects: ['size:all'] })).status).toBe(201);

    const packages = await server.request('/user/quota/packages', { auth: { token: ada.token } });
    expect(packages.body).toEqual([
      { name: 'tool', type: 'generic', version: '2.0', size: 305, html_url: `${server.url}${ada.name}/-/packages/generic/tool/2.0` },
      { name: 'tool', type: 'generic', version: '1.0', size: 10, html_url: `${server.url}${ada.name}/-/packages/generic/tool/1.0` },
    ]);
    const artifacts = await server.request('/user/quota/artifacts', { auth: { token: ada.token } });
    expect(artifacts.body).toEqual([{ name: 'dist', size: 44, html_url: `${server.url}${ada.name}/site/actions/runs/${runId}` }]);
    expect(
      (await server.request('/user/quota/attachments', { auth: { token: ada.token } })).body.map((a: { name: string }) => a.name),
    ).toEqual(['log.txt']);
    expect((await server.request('/user/quota', { auth: { token: ada.token } })).body.used.size.assets.packages.all).toBe(315);
  });
});

describe('quota API with [quota] ENABLED = false', () => {
  let server: TestServer;
  afterAll(() => server?.close());

  it('answers 404 on every quota route but keeps counting', async () => {
    server = await startTestServer({ QUOTA__ENABLED: 'false' });
    const admin = await createTestUser(server, { admin: true });
    for (const path of ['/user/quota', '/user/quota/check?subject=size:all', '/admin/quota/rules', `/admin/users/${admin.name}/quota`]) {
      expect([path, (await server.request(path, { auth: { token: admin.token } })).status]).toEqual([path, 404]);
    }
    const anonymous = await server.request('/user/quota');
    expect(anonymous.status).toBe(404);
    expect(anonymous.body).toEqual({ message: 'quota is not enabled on this server', url: expect.stringContaining('api/swagger') });
    const repo = await server.db.repositories.insert({ ownerId: admin.user.id, name: 'r', gitSize: 123 });
    expect(repo.id).toBeGreaterThan(0);
    expect((await server.db.quotaUsage.usageOf(admin.user.id)).bytesIn('repos:public')).toBe(123);
  });
});
