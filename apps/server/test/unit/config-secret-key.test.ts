import { mkdtempSync, readFileSync, rmSync, statSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ensureSecretKey, loadConfig } from '../../src/config';

describe('ensureSecretKey', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'bellows-secret-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const configWith = (env: NodeJS.ProcessEnv = {}) =>
    loadConfig({ cwd: dir, env: { BELLOWS__SERVER__APP_DATA_PATH: join(dir, 'data'), ...env } });

  it('generates a key on first start and keeps it in {APP_DATA_PATH}/secret_key, readable only by the owner', () => {
    const config = ensureSecretKey(configWith());
    const file = join(dir, 'data', 'secret_key');
    expect(config.security.secretKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readFileSync(file, 'utf8').trim()).toBe(config.security.secretKey);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('reuses the persisted key on the next start', () => {
    const first = ensureSecretKey(configWith()).security.secretKey;
    const second = ensureSecretKey(configWith()).security.secretKey;
    expect(second).toBe(first);
  });

  it('uses a configured SECRET_KEY as is and writes no file', () => {
    const config = ensureSecretKey(configWith({ BELLOWS__SECURITY__SECRET_KEY: 'configured' }));
    expect(config.security.secretKey).toBe('configured');
    expect(() => statSync(join(dir, 'data', 'secret_key'))).toThrow(/ENOENT/);
  });
});
