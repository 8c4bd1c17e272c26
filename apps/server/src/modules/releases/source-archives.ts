import { GitStream } from '../repositories/repository-contents';

/** The formats a source archive is made in. */
export type ArchiveFormat = 'zip' | 'tar.gz';

/**
 * Application port: source archives of a bare repository (given by its path),
 * made by git on demand and streamed, never stored (so never counted). The git
 * adapter's `archive` implements it, bound in app/ports/git.ports.ts; failures
 * are the errors of repositories/git-errors.
 */
export abstract class SourceArchives {
  /**
   * The archive of the commit `revision` names, its files under `{prefix}/`;
   * GitNotFoundError when the revision names none, InvalidGitInputError for a bad revision or prefix.
   */
  abstract archive(repoPath: string, revision: string, format: ArchiveFormat, prefix: string): Promise<GitStream>;
}
