import { GitService } from '../git-http/git-transport';

/** What a client asked to run over SSH: a git service on a repository, or LFS credentials. */
export type SshCommand =
  | { kind: 'git'; service: GitService; ownerName: string; repoSegment: string }
  | { kind: 'lfs-authenticate'; operation: 'upload' | 'download'; ownerName: string; repoSegment: string };

/** Raised for a command the server does not run; the message is for the user. */
export class UnsupportedSshCommandError extends Error {}

const GIT_SERVICES: Record<string, GitService> = {
  'git-upload-pack': 'git-upload-pack',
  'git upload-pack': 'git-upload-pack',
  'git-receive-pack': 'git-receive-pack',
  'git receive-pack': 'git-receive-pack',
};

/**
 * Reads the commands git and git-lfs send: `git-upload-pack 'owner/repo.git'`,
 * `git-receive-pack '/owner/repo.git'` (the path may be quoted and start with
 * `/` or `~/`) and `git-lfs-authenticate owner/repo.git upload|download`.
 * Anything else is refused with a sentence saying what is served.
 */
export function parseSshCommand(command: string): SshCommand {
  const match = /^(git[- ](?:upload|receive)-pack|git-lfs-authenticate)\s+('[^']*'|"[^"]*"|\S+)(?:\s+(\S+))?\s*$/.exec(command.trim());
  if (!match) throw new UnsupportedSshCommandError(notServed(command));
  const [, verb, rawPath, argument] = match;
  const { ownerName, repoSegment } = repositoryPath(unquote(rawPath));
  if (verb === 'git-lfs-authenticate') {
    if (argument !== 'upload' && argument !== 'download') {
      throw new UnsupportedSshCommandError('git-lfs-authenticate takes a repository and "upload" or "download"');
    }
    return { kind: 'lfs-authenticate', operation: argument, ownerName, repoSegment };
  }
  if (argument !== undefined) throw new UnsupportedSshCommandError(notServed(command));
  return { kind: 'git', service: GIT_SERVICES[verb], ownerName, repoSegment };
}

function unquote(path: string): string {
  return /^(['"]).*\1$/.test(path) ? path.slice(1, -1) : path;
}

function repositoryPath(path: string): { ownerName: string; repoSegment: string } {
  const parts = path.replace(/^~?\//, '').split('/');
  if (parts.length !== 2 || !parts[0] || !parts[1]) {
    throw new UnsupportedSshCommandError(`"${path}" is not a repository path: use owner/repository.git`);
  }
  return { ownerName: parts[0], repoSegment: parts[1] };
}

function notServed(command: string): string {
  const shown = command.length > 80 ? `${command.slice(0, 80)}…` : command;
  return `"${shown}" is not served: only git clone, fetch and push (git-upload-pack, git-receive-pack) and git-lfs-authenticate`;
}
