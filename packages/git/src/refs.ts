import { GitCommandError, GitConflictError, GitNotFoundError, InvalidGitInputError } from './errors';
import { resolveCommit } from './read';
import { gitText, runGit } from './run-git';
import type { Tag, TagAnnotation } from './types';
import { assertIdentityText, assertRefName } from './validation';

// Branches and annotated tags are made, and branches removed, with `update-ref` and an old-value check, so a
// name taken meanwhile is a conflict and a ref moved meanwhile is not deleted blindly.

/** A new branch at the commit `target` (branch, tag or commit) names; returns that commit. */
export async function createBranch(repoPath: string, branch: string, target: string): Promise<string> {
  assertRefName('branch', branch);
  const commit = await resolveCommit(repoPath, target);
  await createRef(repoPath, `refs/heads/${branch}`, commit, `branch ${branch} already exists`);
  return commit;
}

/** Deletes a branch; GitNotFoundError when there is none (any more). */
export async function deleteBranch(repoPath: string, branch: string): Promise<void> {
  assertRefName('branch', branch);
  await deleteRef(repoPath, `refs/heads/${branch}`, `branch ${branch} does not exist`);
}

/**
 * Renames a branch in one `update-ref` transaction: the new name is made at the old one's
 * commit and the old name removed, both or neither. GitNotFoundError when `from` does not
 * exist, GitConflictError when `to` exists (or `from` moved meanwhile).
 */
export async function renameBranch(repoPath: string, from: string, to: string): Promise<void> {
  assertRefName('branch', from);
  assertRefName('new branch name', to);
  const found = await runGit(['rev-parse', '--verify', '--quiet', `refs/heads/${from}`], { gitDir: repoPath, allowedExitCodes: [0, 1] });
  if (found.exitCode !== 0) throw new GitNotFoundError(`branch ${from} does not exist`);
  const tip = found.stdout.toString('utf8').trim();
  try {
    await runGit(['update-ref', '--stdin'], {
      gitDir: repoPath,
      input: `create refs/heads/${to} ${tip}\ndelete refs/heads/${from} ${tip}\n`,
    });
  } catch (error) {
    if (error instanceof GitCommandError) throw new GitConflictError(`branch ${to} already exists, or ${from} changed meanwhile`);
    throw error;
  }
}

/**
 * An annotated tag at the commit `target` names: a tag object with the tagger and message
 * (lightweight tags are write.ts' createTag). An existing tag is a GitConflictError. Returns the commit.
 */
export async function createAnnotatedTag(repoPath: string, tag: string, target: string, annotation: TagAnnotation): Promise<string> {
  assertRefName('tag', tag);
  const commit = await resolveCommit(repoPath, target);
  const tagObject = await writeTagObject(repoPath, tag, commit, annotation);
  await createRef(repoPath, `refs/tags/${tag}`, tagObject, `tag ${tag} already exists`);
  return commit;
}

/** Every tag that points at a commit, newest target first (Forgejo's order), then by name. */
export async function listTags(repoPath: string): Promise<Tag[]> {
  return readTags(repoPath, 'refs/tags');
}

/** The tag; undefined when there is none (or it does not point at a commit). */
export async function getTag(repoPath: string, name: string): Promise<Tag | undefined> {
  assertRefName('tag', name);
  return (await readTags(repoPath, `refs/tags/${name}`)).find((tag) => tag.name === name);
}

const TAG_FIELDS = [
  '%(refname:strip=2)',
  '%(objectname)',
  '%(objecttype)',
  '%(*objectname)',
  '%(*objecttype)',
  '%(taggername)',
  '%(taggeremail:trim)',
  '%(taggerdate:iso-strict)',
  '%(creatordate:iso-strict)',
  '%(contents)',
];

async function readTags(repoPath: string, pattern: string): Promise<Tag[]> {
  // As in listBranches: each field ends with NUL, and each ref's closing newline starts the next one's name.
  const { stdout } = await runGit(['for-each-ref', '--sort=-*creatordate', `--format=${TAG_FIELDS.join('%00')}%00`, pattern], {
    gitDir: repoPath,
  });
  const tokens = stdout.toString('utf8').split('\0');
  const tags: Tag[] = [];
  for (let i = 0; i + TAG_FIELDS.length <= tokens.length; i += TAG_FIELDS.length) {
    const [name, id, type, peeled, peeledType, taggerName, taggerEmail, taggerDate, date, message] = tokens.slice(i, i + TAG_FIELDS.length);
    const common = { name: name.replace(/^\n/, ''), id, date, message };
    if (type === 'commit') tags.push({ ...common, commitSha: id });
    else if (type === 'tag' && peeledType === 'commit')
      tags.push({ ...common, commitSha: peeled, tagger: { name: taggerName, email: taggerEmail, date: taggerDate } });
  }
  return tags;
}

/** Writes an annotated tag object for `commit` (validated by `git mktag`) and returns its id. */
async function writeTagObject(repoPath: string, tag: string, commit: string, annotation: TagAnnotation): Promise<string> {
  if (typeof annotation.message !== 'string' || annotation.message.trim() === '') {
    throw new InvalidGitInputError('message', String(annotation.message), 'must not be empty');
  }
  const { tagger } = annotation;
  const seconds = Math.floor((tagger.date ?? new Date()).getTime() / 1000);
  const who = `${assertIdentityText('tagger name', tagger.name)} <${assertIdentityText('tagger email', tagger.email)}>`;
  const message = annotation.message.endsWith('\n') ? annotation.message : `${annotation.message}\n`;
  const text = `object ${commit}\ntype commit\ntag ${tag}\ntagger ${who} ${seconds} +0000\n\n${message}`;
  return gitText(['mktag'], { gitDir: repoPath, input: text });
}

/** Creates `ref` at `value` only if it does not exist yet. */
async function createRef(repoPath: string, ref: string, value: string, conflictMessage: string): Promise<void> {
  try {
    await runGit(['update-ref', ref, value, ''], { gitDir: repoPath });
  } catch (error) {
    if (error instanceof GitCommandError) throw new GitConflictError(conflictMessage);
    throw error;
  }
}

/** Deletes `ref` if it still is at the value read first (git itself deletes a missing ref without complaint). */
async function deleteRef(repoPath: string, ref: string, notFoundMessage: string): Promise<void> {
  const found = await runGit(['rev-parse', '--verify', '--quiet', ref], { gitDir: repoPath, allowedExitCodes: [0, 1] });
  const deleted =
    found.exitCode === 0 &&
    (await runGit(['update-ref', '-d', ref, found.stdout.toString('utf8').trim()], { gitDir: repoPath, allowedExitCodes: [0, 1] }))
      .exitCode === 0;
  if (!deleted) throw new GitNotFoundError(notFoundMessage);
}
