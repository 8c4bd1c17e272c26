import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { randomBytes } from 'crypto';
import { dirname } from 'path';

/**
 * Makes `file` with `content()` unless it exists, and returns what the file
 * holds: when several processes (instances sharing APP_DATA_PATH) start at
 * once, exactly one file wins and every process reads that one, never a half-
 * written one. The content is written whole to a file of its own, then linked
 * to the name (link fails when the name exists, atomically, also on NFS).
 */
export function readOrCreateOnce(file: string, content: () => string | Buffer, mode = 0o600): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(file), { recursive: true });
  const whole = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(whole, content(), { mode, flag: 'wx' });
  try {
    linkSync(whole, file);
  } catch (error) {
    // Another process made it first: theirs is the one.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(whole, { force: true });
  }
  return readFileSync(file, 'utf8');
}
