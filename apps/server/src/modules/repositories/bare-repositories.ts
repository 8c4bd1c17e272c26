/** Where a pair of names (owner, repository) is on disk; both are compared case-insensitively. */
export interface BareRepositoryName {
  owner: string;
  repo: string;
}

/**
 * Application port: the bare git repositories of the forge and their wikis on
 * disk. The repository use cases, the git HTTP routes and the wiki find,
 * create, move and remove them through it; the git adapter (`GitRepositories`
 * of `@bellows/git`) implements it, bound in app/ports/git.ports.ts. Failures
 * are the errors of ./git-errors.
 */
export abstract class BareRepositories {
  /** Path of the bare repository of `owner/repo`, whether or not it exists. */
  abstract pathFor(owner: string, repo: string): string;
  /** Path of the repository's wiki, a second bare repository next to it. */
  abstract wikiPathFor(owner: string, repo: string): string;
  abstract exists(owner: string, repo: string): Promise<boolean>;
  /** Creates an empty bare repository whose HEAD points at `defaultBranch`; GitConflictError when one is there. Returns its path. */
  abstract createBare(owner: string, repo: string, options: { defaultBranch: string }): Promise<string>;
  /** Creates the repository's wiki, as `createBare` does. */
  abstract createWiki(owner: string, repo: string, options: { defaultBranch: string }): Promise<string>;
  /**
   * Creates `to` as a fork of `from`: a bare repository of its own (a full
   * copy of the objects, nothing shared) with `from`'s branches and tags and
   * HEAD at `defaultBranch`. GitNotFoundError, GitConflictError. Returns its path.
   */
  abstract fork(from: BareRepositoryName, to: BareRepositoryName, options: { defaultBranch: string }): Promise<string>;
  /**
   * Fetches `branch` of `from` into `ref` of `into`, copying the objects it
   * lacks (a pull request's head from a fork). Answers the commit `ref` points
   * at, or undefined when `from` has no such branch.
   */
  abstract fetchBranch(into: BareRepositoryName, from: BareRepositoryName, branch: string, ref: string): Promise<string | undefined>;
  /** Deletes `ref`; deleting one that does not exist is not an error. */
  abstract deleteRef(of: BareRepositoryName, ref: string): Promise<void>;
  /** Removes the repository and its wiki; removing one that does not exist is not an error. */
  abstract delete(owner: string, repo: string): Promise<void>;
  /** Moves a repository (and its wiki, if any) to a new owner and/or name; GitNotFoundError or GitConflictError. */
  abstract move(from: BareRepositoryName, to: BareRepositoryName): Promise<string>;
}
