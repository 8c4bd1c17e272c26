// The records git produces are the domain's; re-exported for this port's users.
export type { AnnotatedTagObject, GitRef, TreeEntry } from '@bellows/domain';
import type { AnnotatedTagObject, GitRef, TreeEntry } from '@bellows/domain';
import type { GitStream } from './repository-contents';

/** A blob's size, and its bytes streamed on demand. */
export interface BlobObject {
  sha: string;
  size: number;
  open(): GitStream;
}

/**
 * Application port: git's objects as they are (trees, blobs, tag objects, refs and
 * a commit's diff or patch) in a bare repository given by its path, for the
 * `/git/...` API. The git adapter's functions implement it, bound in
 * app/ports/git.ports.ts. Failures are the errors of ./git-errors: an object that
 * is not there is a GitNotFoundError, a malformed id an InvalidGitInputError.
 */
export abstract class GitObjects {
  /** The tree a tree id, commit or ref names, with its entries (and all below, when recursive). */
  abstract listTree(repoPath: string, revision: string, recursive: boolean): Promise<{ sha: string; entries: TreeEntry[] }>;
  /** The blob `sha` (a full id). */
  abstract statBlob(repoPath: string, sha: string): Promise<BlobObject>;
  /** The annotated tag object `sha` (a full id). */
  abstract readAnnotatedTag(repoPath: string, sha: string): Promise<AnnotatedTagObject>;
  /** The refs whose full name starts with `prefix` (`refs/` for all), by name. */
  abstract listRefs(repoPath: string, prefix: string): Promise<GitRef[]>;
  /** The commit's changes against its first parent, streamed as a diff or a patch. */
  abstract openCommitDiff(repoPath: string, revision: string, kind: 'diff' | 'patch'): Promise<GitStream>;
}
