import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { utils } from 'ssh2';
import { readOrCreateOnce } from '../../config/file-once';

/**
 * The SSH server's host keys: the files of [server] SSH_SERVER_HOST_KEYS that
 * exist are read; when none does, the first is made as a new Ed25519 key (as
 * Forgejo makes its own on first start), so that clients see the same host key
 * after every restart. A file that is not a private key stops the start.
 */
export async function loadOrCreateHostKeys(files: readonly string[]): Promise<Buffer[]> {
  const found: Buffer[] = [];
  for (const file of files) {
    const content = await readFile(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (content) found.push(requirePrivateKey(file, content));
  }
  if (found.length > 0) return found;
  return [await createHostKey(files[0])];
}

/**
 * Made whole and linked into place once (readOrCreateOnce): instances that
 * share APP_DATA_PATH and start at once all serve the one key that won, never
 * each its own. The `.pub` beside it is written by the maker of that key.
 */
async function createHostKey(file: string): Promise<Buffer> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  let made: { private: string; public: string } | undefined;
  const content = readOrCreateOnce(file, () => (made = parsableKeyPair()).private);
  if (made && made.private === content) {
    // Written whole under another name first: a crash never leaves half a key to be read next time.
    const partial = `${file}.pub.${process.pid}.partial`;
    await writeFile(partial, `${made.public}\n`, { mode: 0o644 });
    await rename(partial, `${file}.pub`);
  }
  return Buffer.from(content);
}

/** Tries before giving up on ssh2's generator; a malformed key comes about once in 250, so two in a row are rare already. */
const KEY_ATTEMPTS = 8;

/**
 * A new Ed25519 key pair that ssh2 itself can read back: its generator now
 * and then (about one key in 250) writes a private key its own parser calls
 * malformed, which would stop the first start (or any later one) of the server.
 */
function parsableKeyPair(): { private: string; public: string } {
  for (let attempt = 1; ; attempt++) {
    const pair = utils.generateKeyPairSync('ed25519');
    if (!(utils.parseKey(pair.private) instanceof Error) || attempt >= KEY_ATTEMPTS) return pair;
  }
}

function requirePrivateKey(file: string, content: Buffer): Buffer {
  const parsed = utils.parseKey(content);
  const key = Array.isArray(parsed) ? parsed[0] : parsed;
  if (key instanceof Error || !key.isPrivateKey()) {
    throw new Error(`[server] SSH_SERVER_HOST_KEYS: ${file} is not an unencrypted SSH private key`);
  }
  return content;
}
