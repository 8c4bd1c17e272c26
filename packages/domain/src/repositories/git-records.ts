/*
 * What git stores, as the application speaks of it: commits, their signatures and
 * changed files, branches, tree entries. The git adapter produces these records and
 * the use cases read them; both take them from here.
 */

/** Who made a commit or a change, and when (ISO 8601 with the original UTC offset). */
export interface GitSignature {
  name: string;
  email: string;
  date: string;
}

/** An identity used to write a commit; `date` defaults to now. */
export interface GitIdentity {
  name: string;
  email: string;
  date?: Date;
}

export type FileChangeStatus = 'added' | 'modified' | 'removed' | 'renamed' | 'copied';

export interface ChangedFile {
  filename: string;
  /** The path before a rename or copy. */
  previousFilename?: string;
  status: FileChangeStatus;
  /** Added and deleted lines; 0 for binary files. */
  additions: number;
  deletions: number;
  changes: number;
  binary: boolean;
}

export interface DiffStats {
  additions: number;
  deletions: number;
  total: number;
}

export interface CommitInfo {
  sha: string;
  tree: string;
  parents: string[];
  author: GitSignature;
  committer: GitSignature;
  /** The full message as stored (subject, blank line, body). */
  message: string;
}

export interface CommitWithFiles extends CommitInfo {
  files: ChangedFile[];
  stats: DiffStats;
}

export interface Branch {
  name: string;
  commit: CommitInfo;
}

/**
 * A tag pointing at a commit: lightweight (a ref straight to the commit) or annotated
 * (a ref to a tag object that carries a tagger and a message).
 */
export interface Tag {
  name: string;
  /** The tag object's id when annotated, the commit's id when lightweight (Forgejo's `id`). */
  id: string;
  commitSha: string;
  /** When it was made: the tagger's date, or the commit's (committer) date for a lightweight tag. */
  date: string;
  /** The annotation's message; the commit's message for a lightweight tag. */
  message: string;
  /** Who made the annotation; undefined for a lightweight tag. */
  tagger?: GitSignature;
}

/** What makes a tag annotated: its message and who tags. */
export interface TagAnnotation {
  message: string;
  tagger: GitIdentity;
}

/** A ref and the object it points at (Forgejo's `Reference`). */
export interface GitRef {
  /** The full name, e.g. `refs/heads/main`. */
  ref: string;
  sha: string;
  type: 'commit' | 'tag' | 'tree' | 'blob';
}

/** An annotated tag object as git stores it. */
export interface AnnotatedTagObject {
  /** The tag object's id. */
  sha: string;
  /** The name written in the tag object. */
  tag: string;
  /** What it points at (usually a commit). */
  objectSha: string;
  objectType: 'commit' | 'tag' | 'tree' | 'blob';
  tagger: GitSignature;
  message: string;
}

export type TreeEntryType = 'blob' | 'tree' | 'commit';

export interface TreeEntry {
  name: string;
  /** The path from the root of the tree. */
  path: string;
  type: TreeEntryType;
  /** Octal mode as git writes it: 100644, 100755, 120000 (symlink), 040000, 160000. */
  mode: string;
  sha: string;
  /** Size in bytes, for blobs only. */
  size?: number;
}

export interface Page<T> {
  items: T[];
  total: number;
}
