import { InvalidBlobKeyError } from './errors';

const KEY_PART = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const MAX_KEY_LENGTH = 512;

/**
 * A key is a relative path of parts made of letters, digits, "_", "-" and "." that never
 * start with "." or "-": no "..", no absolute paths, no hidden names (the store keeps its
 * temporary files under ".tmp"), nothing a shell or a URL would misread.
 */
export function assertBlobKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidBlobKeyError(String(key), 'must not be empty');
  if (key.length > MAX_KEY_LENGTH) throw new InvalidBlobKeyError(key, 'is too long');
  for (const part of key.split('/')) {
    if (!KEY_PART.test(part)) {
      throw new InvalidBlobKeyError(
        key,
        'each "/"-separated part must be letters, digits, "_", "-" or "." and start with a letter, digit or "_"',
      );
    }
  }
  return key;
}

/** Whether `key` is a valid key (see {@link assertBlobKey}), without throwing. */
export function isBlobKey(key: string): boolean {
  try {
    assertBlobKey(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * The key of a blob identified by `id` in a namespace, sharded by its first two pairs of
 * characters so no directory grows huge: `shardedKey('lfs', 'abcdef…')` → `lfs/ab/cd/abcdef…`.
 */
export function shardedKey(namespace: string, id: string): string {
  const normalized = id.toLowerCase();
  if (!/^[0-9a-z][0-9a-z-]{3,}$/.test(normalized)) {
    throw new InvalidBlobKeyError(`${namespace}/${id}`, 'the id must be at least four letters, digits or "-" (a hash or a UUID)');
  }
  return assertBlobKey(`${namespace}/${normalized.slice(0, 2)}/${normalized.slice(2, 4)}/${normalized}`);
}

export function isSha256(value: string): boolean {
  return /^[0-9a-f]{64}$/.test(value);
}
