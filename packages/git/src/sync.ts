import { randomBytes } from 'node:crypto';
import { GitConflictError } from './errors';
import { runGit } from './run-git';
import { assertRefName } from './validation';

/**
 * Moves `branch` of the repository at `into` forward to the same branch of
 * the repository at `from` (a fork catching up with its base): the objects are
 * fetched under a temporary ref, then the branch moves only if it still points
 * at `expected` and the new tip descends from it. A branch moved meanwhile or
 * diverged is a GitConflictError and stays as it was. Answers the new tip.
 */
export async function fastForwardFrom(into: string, from: string, branch: string, expected: string): Promise<string> {
  assertRefName('branch', branch);
  const temporary = `refs/bellows/sync/${randomBytes(8).toString('hex')}`;
  try {
    await runGit(['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', from, `+refs/heads/${branch}:${temporary}`], {
      gitDir: into,
      timeoutMs: 10 * 60_000,
    });
    const tip = (await runGit(['rev-parse', '--verify', `${temporary}^{commit}`], { gitDir: into })).stdout.toString().trim();
    const descends = await runGit(['merge-base', '--is-ancestor', expected, tip], { gitDir: into, allowedExitCodes: [0, 1] });
    if (descends.exitCode !== 0) throw new GitConflictError(`branch ${branch} has diverged from the base repository's`);
    const moved = await runGit(['update-ref', `refs/heads/${branch}`, tip, expected], { gitDir: into, allowedExitCodes: [0, 1, 128] });
    if (moved.exitCode !== 0) throw new GitConflictError(`branch ${branch} was changed by someone else; try again`);
    return tip;
  } finally {
    await runGit(['update-ref', '-d', temporary], { gitDir: into, allowedExitCodes: [0, 1, 128] });
  }
}
