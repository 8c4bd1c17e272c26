import { GitNotFoundError } from './errors';
import { streamGit, type GitStream } from './git-stream';
import { parseLsTree, resolveCommit } from './read';
import { gitText, runGit } from './run-git';
import type { AnnotatedTagObject, GitRef, TreeEntry } from './types';
import { assertFullSha, assertRefName, assertRevision } from './validation';

// Git's objects as they are, for the `/git/...` API: trees, blobs, tag objects, refs and the
// diff or patch of a commit. Large answers are streams, never buffered.

type ObjectType = GitRef['type'];

/** The type of the object `sha` names; undefined when there is none. */
async function objectType(repoPath: string, sha: string): Promise<ObjectType | undefined> {
  const { stdout, exitCode } = await runGit(['cat-file', '-t', sha], { gitDir: repoPath, allowedExitCodes: [0, 1, 128] });
  return exitCode === 0 ? (stdout.toString('utf8').trim() as ObjectType) : undefined;
}

/** A tree (given by its own id, or by a commit or ref whose tree it is) and its entries; recursive lists subtrees' entries too. */
export async function listTree(repoPath: string, revision: string, recursive: boolean): Promise<{ sha: string; entries: TreeEntry[] }> {
  assertRevision('sha', revision);
  const { stdout, exitCode } = await runGit(['rev-parse', '--verify', '--quiet', '--end-of-options', `${revision}^{tree}`], {
    gitDir: repoPath,
    allowedExitCodes: [0, 1, 128],
  });
  if (exitCode !== 0) throw new GitNotFoundError(`tree ${revision} does not exist`);
  const sha = stdout.toString('utf8').trim();
  const listed = await runGit(['ls-tree', '-z', '-l', ...(recursive ? ['-r', '-t'] : []), sha], { gitDir: repoPath });
  return { sha, entries: parseLsTree(listed.stdout.toString('utf8'), '') };
}

/** A blob's size and a way to stream it; GitNotFoundError when `sha` names no blob. */
export async function statBlob(repoPath: string, sha: string): Promise<{ sha: string; size: number; open(): GitStream }> {
  assertFullSha('sha', sha);
  if ((await objectType(repoPath, sha)) !== 'blob') throw new GitNotFoundError(`blob ${sha} does not exist`);
  const size = Number(await gitText(['cat-file', '-s', sha], { gitDir: repoPath }));
  return { sha, size, open: () => streamGit(['cat-file', 'blob', sha], { gitDir: repoPath }) };
}

/** The annotated tag object `sha`; GitNotFoundError when it names no tag object. */
export async function readAnnotatedTag(repoPath: string, sha: string): Promise<AnnotatedTagObject> {
  assertFullSha('sha', sha);
  if ((await objectType(repoPath, sha)) !== 'tag') throw new GitNotFoundError(`tag object ${sha} does not exist`);
  const text = await gitText(['cat-file', 'tag', sha], { gitDir: repoPath });
  const split = text.indexOf('\n\n');
  const headers = new Map<string, string>();
  for (const line of (split < 0 ? text : text.slice(0, split)).split('\n')) {
    const space = line.indexOf(' ');
    if (space > 0 && !headers.has(line.slice(0, space))) headers.set(line.slice(0, space), line.slice(space + 1));
  }
  return {
    sha,
    tag: headers.get('tag') ?? '',
    objectSha: headers.get('object') ?? '',
    objectType: (headers.get('type') ?? 'commit') as ObjectType,
    tagger: parseIdentity(headers.get('tagger') ?? ''),
    message: split < 0 ? '' : `${text.slice(split + 2)}\n`,
  };
}

/** `Name <email> 1700000000 +0100` as a signature with an ISO 8601 date in that offset. */
function parseIdentity(line: string): AnnotatedTagObject['tagger'] {
  const match = /^(.*) <([^>]*)> (\d+) ([+-])(\d\d)(\d\d)$/.exec(line);
  if (!match) return { name: line, email: '', date: new Date(0).toISOString() };
  const [, name, email, seconds, sign, hours, minutes] = match;
  const offsetMinutes = (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
  const local = new Date(Number(seconds) * 1000 + offsetMinutes * 60_000).toISOString().slice(0, 19);
  return { name, email, date: `${local}${sign}${hours}:${minutes}` };
}

/** Every ref whose name starts with `prefix` (e.g. `refs/`, `refs/heads`, `refs/tags/v1`), by name. */
export async function listRefs(repoPath: string, prefix: string): Promise<GitRef[]> {
  if (prefix !== 'refs/') assertRefName('ref', prefix);
  const out = await gitText(['for-each-ref', '--sort=refname', '--format=%(refname)%00%(objectname)%00%(objecttype)'], {
    gitDir: repoPath,
  });
  return out
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [ref, sha, type] = line.split('\0');
      return { ref, sha, type: type as ObjectType };
    })
    .filter((ref) => ref.ref.startsWith(prefix));
}

/**
 * The changes of a commit against its first parent, streamed: `diff` as `git diff` prints
 * them, `patch` as `git format-patch` writes them (with the commit's message). A root commit
 * is compared with the empty tree.
 */
export async function openCommitDiff(repoPath: string, revision: string, kind: 'diff' | 'patch'): Promise<GitStream> {
  const commit = await resolveCommit(repoPath, revision);
  const parents = (await gitText(['rev-list', '--parents', '-n', '1', commit], { gitDir: repoPath })).split(' ').slice(1);
  const args =
    kind === 'patch'
      ? ['format-patch', '--no-signature', '--stdout', ...(parents.length === 0 ? ['--root', commit, '-1'] : [`${parents[0]}..${commit}`])]
      : parents.length === 0
        ? ['diff-tree', '-p', '-M', '--root', '--no-commit-id', commit]
        : ['diff', '-M', parents[0], commit];
  return streamGit(['-c', 'core.quotePath=false', ...args], { gitDir: repoPath });
}
