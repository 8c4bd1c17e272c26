import type { GitStream } from '../repositories/repository-contents';

/**
 * Application port: a pull request's changes as text, streamed from git (never
 * buffered). The git adapter's `openPullDiff` implements it, bound in
 * app/ports/git.ports.ts.
 */
export abstract class PullDiffs {
  /**
   * `diff`: from the merge base of base and head to head; `patch`: one mail per
   * commit head has that base lacks. `binary` includes binary contents.
   * GitNotFoundError when a revision names nothing.
   */
  abstract openPullDiff(repoPath: string, base: string, head: string, kind: 'diff' | 'patch', binary?: boolean): Promise<GitStream>;
}
