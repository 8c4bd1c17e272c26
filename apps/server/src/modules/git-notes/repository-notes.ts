import type { GitIdentity } from '@bellows/domain';

/** A note on a commit, as git keeps it. */
export interface CommitNote {
  message: string;
  /** The commit of the notes history that last changed the note (Forgejo answers this one). */
  changedBy: string;
}

/**
 * Git notes on commits (`refs/notes/commits`), the port of the git adapter
 * (bound in app/ports/git.ports.ts). Commits are full object ids.
 */
export abstract class RepositoryNotes {
  abstract readNote(repoPath: string, commit: string): Promise<CommitNote | undefined>;
  /** Adds or replaces; a concurrent change of the notes is a GitConflictError. */
  abstract writeNote(repoPath: string, commit: string, message: string, author: GitIdentity): Promise<void>;
  /** False when there was no note. */
  abstract removeNote(repoPath: string, commit: string, author: GitIdentity): Promise<boolean>;
}
