import type { Readable } from 'node:stream';
// The records git produces are the domain's; re-exported for this port's users.
export type { TreeEntryType, TreeEntry, GitIdentity } from '@bellows/domain';
import type { TreeEntry, GitIdentity } from '@bellows/domain';
/** How a command streaming its output ended. */
export interface GitExit {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** The output of a long-running git command, streamed, never buffered. */
export interface GitStream {
  /**
   * The command's standard output. It ends only after git exited successfully; when git fails,
   * it is destroyed with an error so that a consumer (e.g. an HTTP response) never takes a
   * truncated output for a complete one. Destroying it early stops git.
   */
  output: Readable;
  /** Settles when git has exited; never rejects (inspect `exitCode`). */
  done: Promise<GitExit>;
}

/** A file at a revision, to stream. */
export interface BlobHandle {
  sha: string;
  size: number;
  mode: string;
  /** Streams the content (for raw downloads); nothing is read before this is called. */
  open(): GitStream;
}

export interface CommitOptions {
  message: string;
  author: GitIdentity;
  /** Defaults to the author. */
  committer?: GitIdentity;
}

/** The first commit of an empty repository: its branch and files (path → content). */
export interface InitialCommitOptions extends CommitOptions {
  branch: string;
  files: Record<string, Buffer | string>;
}

/** A commit changing one file. */
export interface FileCommitOptions extends CommitOptions {
  /** The branch the change is based on. */
  branch: string;
  /** Commit onto this new branch (created from `branch`) instead of moving `branch`. */
  newBranch?: string;
  filePath: string;
  /**
   * What the caller believes is there now: the blob sha it read (update), null for
   * "no file yet" (create), undefined to not check. A mismatch is a GitConflictError.
   */
  expectedBlobSha?: string | null;
}

export interface FileCommitResult {
  commitSha: string;
  /** The blob written, or undefined for a deletion. */
  blobSha?: string;
  /** The blob that was replaced or deleted, if any. */
  previousBlobSha?: string;
}

/** One file to write (content) or delete (null) in a batch, with what the caller believes is there now. */
export interface CheckedFileChange {
  path: string;
  content: Buffer | string | null;
  executable?: boolean;
  /** The blob sha expected at the path (update, delete), null for "no file yet" (create), undefined to not check. */
  expectedBlobSha?: string | null;
}

/** A commit changing several files. */
export interface ChangesCommitOptions extends CommitOptions {
  branch: string;
  newBranch?: string;
  changes: readonly CheckedFileChange[];
}

export interface ChangesCommitResult {
  commitSha: string;
  /** Per change, in order: the blob written (absent for a deletion) and the one it replaced. */
  files: { path: string; blobSha?: string; previousBlobSha?: string }[];
}

/** A commit applying a unified diff. */
export interface PatchCommitOptions extends CommitOptions {
  branch: string;
  newBranch?: string;
  patch: Buffer | string;
}

/**
 * Application port: the files of a bare repository (given by its path, see
 * BareRepositories): trees and blobs at a revision, and commits that write
 * them. The repository files, wiki and repository creation use cases use it;
 * the git adapter's functions implement it, bound in app/ports/git.ports.ts.
 * Failures are the errors of ./git-errors.
 */
export abstract class RepositoryContents {
  /** The entries of a directory (`dir` "" for the root) at a revision, directories first then by name; GitNotFoundError when it is no directory. */
  abstract readTree(repoPath: string, revision: string, dir?: string): Promise<TreeEntry[]>;
  /** The entry at a path (file, directory, symlink or submodule) at a revision, or undefined. */
  abstract statPath(repoPath: string, revision: string, filePath: string): Promise<TreeEntry | undefined>;
  /** A file at a revision, to stream; GitNotFoundError when the path is missing or not a file. */
  abstract readBlob(repoPath: string, revision: string, filePath: string): Promise<BlobHandle>;
  /** A blob's bytes in memory; GitContentTooLargeError when it is larger than `maxBytes`. */
  abstract readBlobBytes(repoPath: string, blobSha: string, maxBytes: number): Promise<Buffer>;
  /**
   * Creates or replaces one file with a new commit on the branch (or on `newBranch`, made from
   * it). The branch moves only if nobody moved it meanwhile: a GitConflictError otherwise, when
   * `expectedBlobSha` does not match, when a directory is at the path or when `newBranch` exists;
   * GitNotFoundError when the branch does not exist in a repository that is not empty (an empty
   * one gets its first commit); InvalidGitInputError for a bad path, branch name or empty message.
   */
  abstract createOrUpdateFile(
    repoPath: string,
    options: FileCommitOptions & { content: Buffer | string; executable?: boolean },
  ): Promise<FileCommitResult>;
  /** Deletes one file with a new commit, as createOrUpdateFile writes one; GitNotFoundError when there is no such file. */
  abstract deleteFile(repoPath: string, options: FileCommitOptions): Promise<FileCommitResult>;
  /**
   * Writes and deletes several files in one commit, as createOrUpdateFile writes one: every
   * expectation is checked first (GitConflictError), a deleted file must exist
   * (GitNotFoundError), a path named twice is an InvalidGitInputError.
   */
  abstract commitChanges(repoPath: string, options: ChangesCommitOptions): Promise<ChangesCommitResult>;
  /** Applies a unified diff with one new commit; InvalidGitInputError (with git's reason) when it does not apply. Returns the commit. */
  abstract applyPatch(repoPath: string, options: PatchCommitOptions): Promise<string>;
  /** A first commit (auto_init) of `files` on a branch that must not exist yet (GitConflictError otherwise), with no parent. Returns the commit. */
  abstract createInitialCommit(repoPath: string, options: InitialCommitOptions): Promise<string>;
}
