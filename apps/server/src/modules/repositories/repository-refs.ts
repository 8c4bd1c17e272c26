// The records git produces are the domain's; re-exported for this port's users.
export type { Branch, Tag, TagAnnotation } from '@bellows/domain';
import type { Branch, Tag, TagAnnotation } from '@bellows/domain';
/**
 * Application port: the refs of a bare repository (given by its path, see
 * BareRepositories): HEAD, branches and tags. The git adapter's functions
 * implement it, bound in app/ports/git.ports.ts. Failures are the errors of
 * ./git-errors.
 */
export abstract class RepositoryRefs {
  /** Throws InvalidGitInputError (naming `field`) unless git would accept `value` as a branch or tag name. */
  abstract assertRefName(field: string, value: string): string;
  /** Whether the repository has no branch and no tag (Forgejo's `empty`). */
  abstract isEmpty(repoPath: string): Promise<boolean>;
  /** The commit a revision (branch, tag or commit id) names; undefined when it names none. */
  abstract resolveRef(repoPath: string, revision: string): Promise<string | undefined>;
  /** The commit a revision names; GitNotFoundError when it names none. */
  abstract resolveCommit(repoPath: string, revision: string): Promise<string>;
  /** The commit at the tip of the branch (only refs/heads, never a tag of that name); undefined when there is no such branch. */
  abstract branchTip(repoPath: string, branch: string): Promise<string | undefined>;
  /** The branch HEAD points at (which may not exist yet in an empty repository). */
  abstract getDefaultBranch(repoPath: string): Promise<string>;
  /** Points HEAD at `branch`. */
  abstract setDefaultBranch(repoPath: string, branch: string): Promise<void>;
  /** Every branch with its head commit, sorted by name. */
  abstract listBranches(repoPath: string): Promise<Branch[]>;
  /** The branch; undefined when it does not exist. */
  abstract getBranch(repoPath: string, name: string): Promise<Branch | undefined>;
  /**
   * Makes the branch at the commit `target` (branch, tag or commit) names and returns that
   * commit; GitConflictError when the branch exists, GitNotFoundError when `target` names nothing.
   */
  abstract createBranch(repoPath: string, branch: string, target: string): Promise<string>;
  /** Deletes the branch; GitNotFoundError when there is none (any more). */
  abstract deleteBranch(repoPath: string, branch: string): Promise<void>;
  /** Renames the branch, both names changing at once; GitNotFoundError when `from` does not exist, GitConflictError when `to` does. */
  abstract renameBranch(repoPath: string, from: string, to: string): Promise<void>;
  /** Every tag pointing at a commit, the newest target first. */
  abstract listTags(repoPath: string): Promise<Tag[]>;
  /** The tag; undefined when it does not exist. */
  abstract getTag(repoPath: string, name: string): Promise<Tag | undefined>;
  /**
   * Makes the lightweight tag `tag` at the commit `target` names and returns that commit;
   * GitConflictError when the tag exists, GitNotFoundError when `target` names nothing.
   */
  abstract createTag(repoPath: string, tag: string, target: string): Promise<string>;
  /** Like createTag, but the tag is annotated: a tag object with `annotation`'s tagger and message. */
  abstract createAnnotatedTag(repoPath: string, tag: string, target: string, annotation: TagAnnotation): Promise<string>;
  /** Deletes the tag; GitNotFoundError when there is none (any more). */
  abstract deleteTag(repoPath: string, tag: string): Promise<void>;
}
