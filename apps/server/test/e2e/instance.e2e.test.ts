import { createTestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * What a client asks a Forgejo server first: its version (which client
 * libraries compare to enable operations), NodeInfo, the signing key, and the
 * settings that bound what it may send, here the server's real limits.
 */
describe('the server describes itself', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ API__DEFAULT_PAGING_NUM: '20', API__MAX_RESPONSE_ITEMS: '40', ATTACHMENT__MAX_SIZE: '7' });
  });
  afterAll(async () => server?.close());

  it('answers a version a client library can compare, with Bellows’ own as build metadata, to anyone', async () => {
    const res = await server.request('/version');
    expect(res.status).toBe(200);
    expectForgejoShape('GET', '/version', 200, res.body);
    const [level, build] = res.body.version.split('+');
    expect(level).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Number(level.split('.')[0])).toBeGreaterThanOrEqual(1);
    expect(build).toMatch(/^bellows-\d+\.\d+\.\d+/);
  });

  it('answers NodeInfo with the number of users', async () => {
    const before = (await server.request('/nodeinfo')).body.usage.users.total;
    await createTestUser(server);
    const res = await server.request('/nodeinfo');
    expect(res.status).toBe(200);
    expectForgejoShape('GET', '/nodeinfo', 200, res.body);
    expect(res.body).toMatchObject({ version: '2.1', software: { name: 'bellows' }, openRegistrations: false });
    expect(res.body.usage.users.total).toBe(before + 1);
  });

  it('says there is no signing key: Bellows does not sign commits', async () => {
    const res = await server.request('/signing-key.gpg');
    expect([res.status, res.body.message]).toEqual([404, expect.stringMatching(/does not sign commits/)]);
  });

  it('reports the configured paging and attachment limits, and what repositories offer', async () => {
    const api = await server.request('/settings/api');
    expectForgejoShape('GET', '/settings/api', 200, api.body);
    expect(api.body).toEqual({
      default_paging_num: 20,
      max_response_items: 40,
      default_git_trees_per_page: 1000,
      default_max_blob_size: 10 * 1024 * 1024,
    });
    // The limits are the ones the API applies: a page without a limit has default_paging_num items at most.
    const user = await createTestUser(server);
    const page = await server.request('/users/search?limit=1000', { auth: { token: user.token } });
    expect(page.body.data.length).toBeLessThanOrEqual(40);

    const attachment = await server.request('/settings/attachment');
    expectForgejoShape('GET', '/settings/attachment', 200, attachment.body);
    expect(attachment.body).toEqual({ enabled: true, allowed_types: '*/*', max_size: 7, max_files: 1 });

    const repository = await server.request('/settings/repository');
    expectForgejoShape('GET', '/settings/repository', 200, repository.body);
    expect(repository.body).toMatchObject({ forks_disabled: false, http_git_disabled: false, lfs_disabled: false, mirrors_disabled: true });

    const ui = await server.request('/settings/ui');
    expectForgejoShape('GET', '/settings/ui', 200, ui.body);
    expect(ui.body.allowed_reactions).toContain('+1');
  });
});
