import { createTestUser } from '../support/fixtures';
import { bellows, writeCliConfig } from '../support/cli';
import { startTestServer, TestServer } from '../support/test-server';

describe('bellows admin quota recalculate measures repositories on disk', () => {
  let server: TestServer;
  let configFile: string;

  beforeAll(async () => {
    server = await startTestServer();
    configFile = writeCliConfig(server);
  });
  afterAll(async () => server?.close());

  it('stores the size measured from the bare repository, and the owner’s usage follows', async () => {
    const ada = await createTestUser(server);
    await server.request('/user/repos', { method: 'POST', auth: { token: ada.token }, body: { name: 'measured', auto_init: true } });
    const repo = (await server.db.repositories.findByOwnerAndName(ada.user.id, 'measured'))!;
    const onDisk = repo.gitSize;
    await server.db.repositories.setGitSize(repo.id, 1);
    await server.db.dataSource.query(`UPDATE owner_quota_usage SET bytes = 7 WHERE owner_id = ${ada.user.id} AND bucket = 'repos:public'`);

    const result = await bellows('admin', 'quota', 'recalculate', '--config', configFile, '--owner', ada.name);
    expect(result).toEqual({
      code: 0,
      stdout: `${ada.name}/measured git size: 1 → ${onDisk}\n${ada.name} repos:public: ${7 + onDisk - 1} → ${onDisk}\n`,
      stderr: '',
    });
    expect((await server.db.repositories.findById(repo.id))!.gitSize).toBe(onDisk);
    expect((await server.request('/user/quota', { auth: { token: ada.token } })).body.used.size.repos.public).toBe(onDisk);
    expect((await bellows('admin', 'quota', 'recalculate', '--config', configFile, '--owner', ada.name)).stdout).toBe('nothing to fix\n');
  });
});
