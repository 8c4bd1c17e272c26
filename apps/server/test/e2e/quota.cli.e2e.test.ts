import { createTestUser } from '../support/fixtures';
import { bellows, writeCliConfig } from '../support/cli';
import { startTestServer, TestServer } from '../support/test-server';

describe('bellows admin quota recalculate', () => {
  let server: TestServer;
  let configFile: string;

  beforeAll(async () => {
    server = await startTestServer();
    configFile = writeCliConfig(server);
  });
  afterAll(async () => server?.close());

  it('prints each wrong total, fixes it, and then has nothing to fix', async () => {
    const ada = await createTestUser(server);
    const other = await createTestUser(server);
    await server.db.repositories.insert({ ownerId: ada.user.id, name: 'r', gitSize: 500 });
    await server.db.repositories.insert({ ownerId: other.user.id, name: 'r', gitSize: 9 });
    await server.db.dataSource.query(`UPDATE owner_quota_usage SET bytes = 3 WHERE bucket = 'repos:public'`);

    expect(await bellows('admin', 'quota', 'recalculate', '--config', configFile, '--owner', ada.name)).toEqual({
      code: 0,
      stdout: `${ada.name} repos:public: 3 → 500\n`,
      stderr: '',
    });
    expect((await server.request('/user/quota', { auth: { token: ada.token } })).body.used.size.repos.public).toBe(500);
    expect((await bellows('admin', 'quota', 'recalculate', '--config', configFile)).stdout).toBe(`${other.name} repos:public: 3 → 9\n`);
    expect((await bellows('admin', 'quota', 'recalculate', '--config', configFile)).stdout).toBe('nothing to fix\n');
  });

  it('refuses an unknown owner', async () => {
    const result = await bellows('admin', 'quota', 'recalculate', '--config', configFile, '--owner', 'nobody-at-all');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/nobody-at-all/);
  });
});
