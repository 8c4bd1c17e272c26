import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { readOrCreateOnce } from '../../src/config/file-once';

/** Files made once by whichever instance starts first (SECRET_KEY, the OIDC signing key). */
describe('readOrCreateOnce', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'bellows-once-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('makes the file whole, mode 0600, in a folder it makes, and leaves nothing else behind', () => {
    const file = join(dir, 'jwt', 'key');
    expect(readOrCreateOnce(file, () => 'first')).toBe('first');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(dir, 'jwt'))).toEqual(['key']);
  });

  it('keeps the file that exists: a second maker gets the first one’s content and is not even asked', () => {
    const file = join(dir, 'secret_key');
    writeFileSync(file, 'theirs');
    const make = jest.fn(() => 'mine');
    expect(readOrCreateOnce(file, make)).toBe('theirs');
    expect(make).not.toHaveBeenCalled();
  });
});
