import { mkdir, rename, rm, stat } from 'node:fs/promises';
import * as path from 'node:path';
import { GitConflictError, GitNotFoundError } from './errors';
import { runGit } from './run-git';
import { assertPathSegment, assertRefName } from './validation';

export interface CreateBareOptions {
  defaultBranch: string;
}

/** A fork copies a whole repository: it may take much longer than a short command. */
const FORK_TIMEOUT_MS = 30 * 60_000;

/**
 * The layout of bare repositories on disk: `{root}/{owner}/{repo}.git`, lower-cased so that
 * names differing only in case (which the forge treats as one) share one directory.
 */
export class GitRepositories {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  pathFor(owner: string, repo: string): string {
    return path.join(this.root, this.ownerDir(owner), `${assertPathSegment('repository name', repo).toLowerCase()}.git`);
  }

  /** The wiki of a repository is a second bare repository next to it. */
  wikiPathFor(owner: string, repo: string): string {
    return path.join(this.root, this.ownerDir(owner), `${assertPathSegment('repository name', repo).toLowerCase()}.wiki.git`);
  }

  async exists(owner: string, repo: string): Promise<boolean> {
    return isDirectory(this.pathFor(owner, repo));
  }

  /** Creates an empty bare repository whose HEAD points at `defaultBranch`; returns its path. */
  async createBare(owner: string, repo: string, options: CreateBareOptions): Promise<string> {
    return this.initBare(this.pathFor(owner, repo), options);
  }

  async createWiki(owner: string, repo: string, options: CreateBareOptions): Promise<string> {
    return this.initBare(this.wikiPathFor(owner, repo), options);
  }

  /**
   * Creates `to` as a fork of `from`: a new bare repository whose HEAD points
   * at `defaultBranch`, holding `from`'s branches and tags. It is filled by
   * `git fetch` over git's own protocol, so it gets a packed copy of the
   * objects of its own (no alternates, no hard links): its size on disk is
   * all its owner's. Returns its path.
   */
  async fork(from: { owner: string; repo: string }, to: { owner: string; repo: string }, options: CreateBareOptions): Promise<string> {
    const source = this.pathFor(from.owner, from.repo);
    if (!(await isDirectory(source))) throw new GitNotFoundError(`repository ${from.owner}/${from.repo} does not exist`);
    const target = await this.createBare(to.owner, to.repo, options);
    await runGit(['fetch', '--quiet', '--no-tags', source, '+refs/heads/*:refs/heads/*', '+refs/tags/*:refs/tags/*'], {
      gitDir: target,
      timeoutMs: FORK_TIMEOUT_MS,
    });
    return target;
  }

  /**
   * Fetches `branch` of `from` into `ref` of `into` (both bare repositories of
   * the forge), copying the objects it lacks: how a pull request from a fork
   * gets its head into the base repository. Answers the commit `ref` now
   * points at, or undefined when `from` has no such branch (nothing changes).
   */
  async fetchBranch(
    into: { owner: string; repo: string },
    from: { owner: string; repo: string },
    branch: string,
    ref: string,
  ): Promise<string | undefined> {
    assertRefName('branch', branch);
    assertRefName('ref', ref);
    const target = this.pathFor(into.owner, into.repo);
    const source = this.pathFor(from.owner, from.repo);
    const tip = await runGit(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}^{commit}`], {
      gitDir: source,
      allowedExitCodes: [0, 1],
    });
    if (tip.exitCode !== 0) return undefined;
    await runGit(['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', source, `+refs/heads/${branch}:${ref}`], {
      gitDir: target,
      timeoutMs: FORK_TIMEOUT_MS,
    });
    return (await runGit(['rev-parse', '--verify', `${ref}^{commit}`], { gitDir: target })).stdout.toString().trim();
  }

  /** Deletes `ref` of the repository; deleting one that does not exist is not an error. */
  async deleteRef(of: { owner: string; repo: string }, ref: string): Promise<void> {
    assertRefName('ref', ref);
    await runGit(['update-ref', '-d', ref], { gitDir: this.pathFor(of.owner, of.repo) });
  }

  /** Removes the repository and its wiki; removing one that does not exist is not an error. */
  async delete(owner: string, repo: string): Promise<void> {
    // A push still writing into the folder makes rm meet new files (ENOTEMPTY): it retries until git stops.
    const retrying = { recursive: true, force: true, maxRetries: 10, retryDelay: 100 };
    await rm(this.pathFor(owner, repo), retrying);
    await rm(this.wikiPathFor(owner, repo), retrying);
  }

  /** Moves a repository (and its wiki, if any) to a new owner and/or name. */
  async move(from: { owner: string; repo: string }, to: { owner: string; repo: string }): Promise<string> {
    const source = this.pathFor(from.owner, from.repo);
    const target = this.pathFor(to.owner, to.repo);
    if (source === target) return target;
    if (!(await isDirectory(source))) throw new GitNotFoundError(`repository ${from.owner}/${from.repo} does not exist`);
    if (await isDirectory(target)) throw new GitConflictError(`repository ${to.owner}/${to.repo} already exists`);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(source, target);
    const wikiSource = this.wikiPathFor(from.owner, from.repo);
    if (await isDirectory(wikiSource)) await rename(wikiSource, this.wikiPathFor(to.owner, to.repo));
    return target;
  }

  private ownerDir(owner: string): string {
    return assertPathSegment('owner name', owner).toLowerCase();
  }

  private async initBare(repoPath: string, { defaultBranch }: CreateBareOptions): Promise<string> {
    assertRefName('default branch', defaultBranch);
    if (await isDirectory(repoPath)) throw new GitConflictError(`a repository already exists at ${path.basename(repoPath)}`);
    await mkdir(path.dirname(repoPath), { recursive: true });
    await runGit(['init', '--bare', '--quiet', `--initial-branch=${defaultBranch}`, repoPath]);
    return repoPath;
  }
}

async function isDirectory(target: string): Promise<boolean> {
  try {
    return (await stat(target)).isDirectory();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
