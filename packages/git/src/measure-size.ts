import { lstat, readdir } from 'node:fs/promises';
import * as path from 'node:path';

/**
 * The size of a repository's git data in bytes, exactly.
 *
 * What counts: the apparent size (`stat.size`, not allocated blocks) of every regular file
 * under `objects/`, at any depth. That is loose objects, packs and everything git keeps next
 * to them (`.idx`, `.rev`, `.bitmap`, `.keep`, `.promisor`, `info/commit-graph`,
 * `info/packs`, multi-pack-index) and any temporary pack of a push still in progress.
 * What does not: refs, config, hooks, logs, the index (small, and not the user's content),
 * symbolic links (never followed), and objects borrowed through `objects/info/alternates`.
 *
 * Forgejo adds `size` and `size-pack` of `git count-objects -v`, both rounded to KiB; this
 * walk gives the bytes, and its result in KiB is within rounding of Forgejo's figure.
 */
export async function measureSize(repoPath: string): Promise<number> {
  return sizeOfFilesUnder(path.join(repoPath, 'objects'));
}

async function sizeOfFilesUnder(dir: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    // A directory removed by a concurrent `git gc` (or a repository without objects) holds nothing.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let total = 0;
  for (const entry of entries) {
    const entryPath = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await sizeOfFilesUnder(entryPath);
    else if (entry.isFile()) total += await sizeOfFile(entryPath);
  }
  return total;
}

async function sizeOfFile(file: string): Promise<number> {
  try {
    return (await lstat(file)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0; // pruned while we walked
    throw error;
  }
}
