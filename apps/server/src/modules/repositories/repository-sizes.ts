/**
 * Application port: how many bytes a bare repository's git data takes on disk
 * (what the quota counts). The git adapter's `measureSize` implements it,
 * bound in app/ports/git.ports.ts.
 */
export abstract class RepositorySizes {
  /**
   * The apparent size of every file under the repository's objects/ (loose objects, packs and
   * their indexes), exactly; 0 when it has none or is not there.
   */
  abstract measureSize(repoPath: string): Promise<number>;
}
