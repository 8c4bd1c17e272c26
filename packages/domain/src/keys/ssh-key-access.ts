import { SshKey } from './ssh-key';

/** What a git command over SSH asks of a repository: fetching reads it, pushing writes it. */
export type SshGitAccess = 'read' | 'write';

/**
 * Whether a deploy key opens `repoId` for `access`: only its own repository,
 * and pushing only when it is not read-only. A user's key is not a deploy key:
 * its owner's permission in the repository decides, as over HTTP.
 */
export function deployKeyAllows(key: SshKey, repoId: number, access: SshGitAccess): boolean {
  if (key.repoId === null || key.repoId !== repoId) return false;
  return access === 'read' || !key.readOnly;
}

/** A user's key (it acts as its owner), as opposed to a repository's deploy key. */
export function isUserKey(key: SshKey): key is SshKey & { ownerId: number } {
  return key.ownerId !== null;
}
