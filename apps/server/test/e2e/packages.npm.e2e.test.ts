import { execFile } from 'child_process';
import { createHash } from 'crypto';
import { mkdtemp, readFile, rm, writeFile } from 'fs/promises';
import { tmpdir } from 'os';
import * as path from 'path';
import { promisify } from 'util';
import { createTestUser, TestUser } from '../support/fixtures';
import { startTestServer, TestServer } from '../support/test-server';

const run = promisify(execFile);

/** The real npm CLI against the test server, with its own cache and .npmrc, and no other registry. */
describe('npm registry (driven by the npm CLI)', () => {
  let server: TestServer;
  let alice: TestUser;
  let work: string;
  let registry: string;
  let npmrc: string;

  const npm = async (cwd: string, ...args: string[]) => {
    const { stdout } = await run(
      'npm',
      [
        ...args,
        '--userconfig',
        npmrc,
        '--cache',
        path.join(work, 'cache'),
        '--registry',
        registry,
        '--prefer-online',
        '--no-audit',
        '--no-fund',
        '--no-update-notifier',
      ],
      {
        cwd,
        env: { ...process.env, npm_config_userconfig: npmrc },
        timeout: 120_000,
      },
    );
    return stdout.trim();
  };
  const packagesUsage = async () =>
    (await server.request('/user/quota', { auth: { token: alice.token } })).body.used.size.assets.packages.all;

  beforeAll(async () => {
    server = await startTestServer();
    alice = await createTestUser(server);
    work = await mkdtemp(path.join(tmpdir(), 'bellows-npm-'));
    const hostPath = `${server.url.replace(/^http:/, '')}api/packages/${alice.name}/npm/`;
    registry = `http:${hostPath}`;
    npmrc = path.join(work, '.npmrc');
    await writeFile(npmrc, `@bellows-test:registry=${registry}\n${hostPath}:_authToken=${alice.token}\n`);
  });

  afterAll(async () => {
    await server?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  async function makePackage(version: string): Promise<string> {
    const dir = path.join(work, `src-${version}`);
    await run('mkdir', ['-p', dir]);
    await writeFile(
      path.join(dir, 'package.json'),
      JSON.stringify({ name: '@bellows-test/hello', version, description: 'says hello', main: 'index.js', license: 'MIT' }),
    );
    await writeFile(path.join(dir, 'index.js'), `module.exports = () => 'hello from ${version}';\n`);
    return dir;
  }

  it('publishes, shows, installs, tags and unpublishes a scoped package', async () => {
    await npm(await makePackage('1.0.0'), 'publish');
    await npm(await makePackage('1.1.0'), 'publish', '--tag', 'next');
    const usageAfterPublish = await packagesUsage();
    expect(usageAfterPublish).toBeGreaterThan(0);

    const view = JSON.parse(await npm(work, 'view', '@bellows-test/hello', '--json'));
    expect(view.name).toBe('@bellows-test/hello');
    expect(view.version).toBe('1.0.0');
    expect(view['dist-tags']).toEqual({ latest: '1.0.0', next: '1.1.0' });
    expect(view.versions).toEqual(['1.0.0', '1.1.0']);
    expect(view.dist.integrity).toMatch(/^sha512-/);

    const app = path.join(work, 'app');
    await run('mkdir', ['-p', app]);
    await writeFile(path.join(app, 'package.json'), JSON.stringify({ name: 'app', version: '0.0.0', private: true }));
    await npm(app, 'install', '@bellows-test/hello@1.1.0');
    const installed = await readFile(path.join(app, 'node_modules', '@bellows-test', 'hello', 'index.js'), 'utf8');
    expect(installed).toContain('hello from 1.1.0');

    await npm(work, 'dist-tag', 'add', '@bellows-test/hello@1.1.0', 'beta');
    const tags = await npm(work, 'dist-tag', 'ls', '@bellows-test/hello');
    expect(tags.split('\n').sort()).toEqual(['beta: 1.1.0', 'latest: 1.0.0', 'next: 1.1.0']);
    await npm(work, 'dist-tag', 'rm', '@bellows-test/hello', 'beta');
    expect(await npm(work, 'dist-tag', 'ls', '@bellows-test/hello')).not.toContain('beta');

    await npm(work, 'unpublish', '@bellows-test/hello@1.0.0', '--force');
    const afterUnpublish = JSON.parse(await npm(work, 'view', '@bellows-test/hello', 'versions', '--json'));
    expect([afterUnpublish].flat()).toEqual(['1.1.0']);
    const remaining = await packagesUsage();
    expect(remaining).toBeGreaterThan(0);
    expect(remaining).toBeLessThan(usageAfterPublish);

    const listed = await server.request(`/packages/${alice.name}?type=npm`, { auth: { token: alice.token } });
    expect(listed.body.map((p: any) => `${p.name}@${p.version}`)).toEqual(['@bellows-test/hello@1.1.0']);

    await npm(work, 'unpublish', '@bellows-test/hello@1.1.0', '--force');
    expect(await packagesUsage()).toBe(0);
  }, 180_000);

  it('refuses to publish the same version twice and a tarball that does not match its integrity', async () => {
    const name = '@bellows-test/twice';
    const tarball = Buffer.from('not really a tarball');
    const doc = (integrity: string) => ({
      name,
      'dist-tags': { latest: '1.0.0' },
      versions: { '1.0.0': { name, version: '1.0.0', dist: { integrity } } },
      _attachments: {
        'twice-1.0.0.tgz': { content_type: 'application/octet-stream', data: tarball.toString('base64'), length: tarball.length },
      },
    });
    const url = `/api/packages/${alice.name}/npm/@bellows-test%2ftwice`;
    const bad = await server.request(url, { method: 'PUT', body: doc('sha512-AAAA'), auth: { token: alice.token } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('integrity');
    const integrity = `sha512-${createHash('sha512').update(tarball).digest('base64')}`;
    expect((await server.request(url, { method: 'PUT', body: doc(integrity), auth: { token: alice.token } })).status).toBe(201);
    expect((await server.request(url, { method: 'PUT', body: doc(integrity), auth: { token: alice.token } })).status).toBe(409);
    // The upload computed the sha1 and sha512 it checked; the files API shows the md5 too, computed when first asked for.
    const files = await server.request(`/packages/${alice.name}/npm/@bellows-test%2ftwice/1.0.0/files`, { auth: { token: alice.token } });
    expect(files.body).toEqual([
      expect.objectContaining({
        name: 'twice-1.0.0.tgz',
        md5: createHash('md5').update(tarball).digest('hex'),
        sha1: createHash('sha1').update(tarball).digest('hex'),
        sha512: createHash('sha512').update(tarball).digest('hex'),
      }),
    ]);
    expect((await server.request(`/api/packages/${alice.name}/npm/NOT_VALID`, { auth: { token: alice.token } })).status).toBe(400);
    expect((await server.request(url, { method: 'DELETE', auth: { token: alice.token } })).status).toBe(400);
    expect((await server.request(`${url}/-rev/1`, { method: 'DELETE', auth: { token: alice.token } })).status).toBe(200);
    expect((await server.request(url, { auth: { token: alice.token } })).status).toBe(404);
  });
});
