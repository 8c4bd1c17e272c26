import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestUser, TestUser } from '../support/fixtures';
import { credentialUrl, GitClient } from '../support/git-client';
import { startTestServer, TestServer } from '../support/test-server';

jest.setTimeout(60_000);

/**
 * The quota engine counts and evaluates; it never enforces. An owner far over
 * every limit still creates repositories and pushes, and the check reports it.
 */
describe('an owner over every quota limit', () => {
  let server: TestServer;
  let git: GitClient;
  let admin: TestUser;
  let ada: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    git = await GitClient.create();
    admin = await createTestUser(server, { admin: true });
    ada = await createTestUser(server, { name: 'ada' });
    const asAdmin = (path: string, method: string, body: unknown) => server.request(path, { method, body, auth: { token: admin.token } });
    expect(
      (
        await asAdmin('/admin/quota/groups', 'POST', {
          name: 'nothing-allowed',
          rules: [{ name: 'one-byte', limit: 1, subjects: ['size:all'] }],
        })
      ).status,
    ).toBe(201);
    expect((await asAdmin('/admin/users/ada/quota/groups', 'POST', { groups: ['nothing-allowed'] })).status).toBe(204);
  });
  afterAll(async () => {
    await server?.close();
    git?.remove();
  });

  it('can still create a repository and push to it, and is reported over quota', async () => {
    const created = await server.request('/user/repos', {
      method: 'POST',
      auth: { token: ada.token },
      body: { name: 'big', auto_init: true },
    });
    expect(created.status).toBe(201);
    expect((await server.request('/user/quota/check?subject=size:all', { auth: { token: ada.token } })).body).toBe(true);

    const work = git.folder('big');
    await git.ok(['clone', credentialUrl(server.url, 'ada/big.git', 'ada', ada.token), '.'], work);
    writeFileSync(join(work, 'data.bin'), randomBytes(256 * 1024));
    await git.ok(['add', '.'], work);
    await git.ok(['commit', '-m', 'more than the limit'], work);
    await git.ok(['push', 'origin', 'main'], work);

    const quota = await server.request('/user/quota', { auth: { token: ada.token } });
    expect(quota.body.used.size.repos.public).toBeGreaterThan(256 * 1024);
    expect((await server.request('/user/quota/check?subject=size:repos:all', { auth: { token: ada.token } })).body).toBe(true);
    expect((await server.request('/user/quota/check?subject=size:wiki', { auth: { token: ada.token } })).body).toBe(false);
  });
});
