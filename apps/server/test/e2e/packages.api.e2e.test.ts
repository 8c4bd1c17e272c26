import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/** Forgejo's package API over packages uploaded to the generic registry. */
describe('package API', () => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;

  const put = (name: string, version: string, file: string, body: string) =>
    server.request(`/api/packages/${alice.name}/generic/${name}/${version}/${file}`, { method: 'PUT', body, auth: { token: alice.token } });

  beforeAll(async () => {
    server = await startTestServer();
    alice = await createTestUser(server);
    bob = await createTestUser(server);
    await put('alpha', '1.0.0', 'a.txt', 'alpha one');
    await put('alpha', '2.0.0', 'a.txt', 'alpha two');
    await put('beta', '0.1.0', 'b.txt', 'beta');
  });

  afterAll(async () => {
    await server?.close();
  });

  it('lists versions newest first, filtered by type and name, paginated', async () => {
    const all = await server.request(`/packages/${alice.name}`, { auth: { token: bob.token } });
    expect(all.status).toBe(200);
    expect(all.body.map((p: any) => `${p.name}@${p.version}`)).toEqual(['beta@0.1.0', 'alpha@2.0.0', 'alpha@1.0.0']);
    expect(all.headers.get('x-total-count')).toBe('3');
    expectForgejoShape('GET', '/packages/{owner}', 200, all.body);
    const alphas = await server.request(`/packages/${alice.name}?type=generic&q=ALP&limit=1&page=2`);
    expect(alphas.body.map((p: any) => p.version)).toEqual(['1.0.0']);
    expect(alphas.headers.get('x-total-count')).toBe('2');
    expect((await server.request(`/packages/${alice.name}?type=npm`)).body).toEqual([]);
    expect((await server.request('/packages/nobody-here')).status).toBe(404);
  });

  it('shows one version with owner, creator, html_url and no repository until linked', async () => {
    const got = await server.request(`/packages/${alice.name}/generic/alpha/2.0.0`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      type: 'generic',
      name: 'alpha',
      version: '2.0.0',
      owner: { login: alice.name },
      creator: { login: alice.name },
      repository: null,
      html_url: `${server.url}${alice.name}/-/packages/generic/alpha/2.0.0`,
    });
    expect(new Date(got.body.created_at).getTime()).toBeGreaterThan(0);
    expectForgejoShape('GET', '/packages/{owner}/{type}/{name}/{version}', 200, got.body);
    const files = await server.request(`/packages/${alice.name}/generic/alpha/2.0.0/files`);
    expect(files.body.map((f: any) => [f.name, f.Size])).toEqual([['a.txt', 'alpha two'.length]]);
    expectForgejoShape('GET', '/packages/{owner}/{type}/{name}/{version}/files', 200, files.body);
    expect((await server.request(`/packages/${alice.name}/generic/alpha/9.9.9`)).status).toBe(404);
    const page = await fetch(got.body.html_url, { redirect: 'manual' });
    expect(page.status).toBe(302);
    expect((await server.request(page.headers.get('location')!)).body.id).toBe(got.body.id);
  });

  it('links a package to a repository of its owner and unlinks it', async () => {
    const repo = await createTestRepository(server, alice.user, { name: 'alpha-src' });
    const linkUrl = `/packages/${alice.name}/generic/alpha/-/link/${repo.name}`;
    expect((await server.request(linkUrl, { method: 'POST', auth: { token: bob.token } })).status).toBe(403);
    expect(
      (await server.request(`/packages/${alice.name}/generic/alpha/-/link/missing`, { method: 'POST', auth: { token: alice.token } }))
        .status,
    ).toBe(404);
    expect((await server.request(linkUrl, { method: 'POST', auth: { token: alice.token } })).status).toBe(201);
    const linked = await server.request(`/packages/${alice.name}/generic/alpha/1.0.0`);
    expect(linked.body.repository.full_name).toBe(`${alice.name}/alpha-src`);
    expectForgejoShape('GET', '/packages/{owner}/{type}/{name}/{version}', 200, linked.body);
    expect(
      (await server.request(`/packages/${alice.name}/generic/alpha/-/unlink`, { method: 'POST', auth: { token: alice.token } })).status,
    ).toBe(201);
    expect((await server.request(`/packages/${alice.name}/generic/alpha/1.0.0`)).body.repository).toBeNull();
  });

  it('deletes a version (204) for those who may write, and frees its usage', async () => {
    const usage = async () => (await server.request('/user/quota', { auth: { token: alice.token } })).body.used.size.assets.packages.all;
    const before = await usage();
    const url = `/packages/${alice.name}/generic/beta/0.1.0`;
    expect((await server.request(url, { method: 'DELETE', auth: { token: bob.token } })).status).toBe(403);
    expect((await server.request(url, { method: 'DELETE', auth: { token: alice.token } })).status).toBe(204);
    expect((await server.request(url)).status).toBe(404);
    expect(await usage()).toBe(before - 'beta'.length);
    const quotaList = await server.request('/user/quota/packages', { auth: { token: alice.token } });
    expect(quotaList.body.map((p: any) => p.html_url)).toContain(`${server.url}${alice.name}/-/packages/generic/alpha/2.0.0`);
  });
});
