import { streamGit, type GitStream } from './git-stream';
import { resolveCommit } from './read';
import { assertPathSegment } from './validation';

export type ArchiveFormat = 'zip' | 'tar.gz';

export function isArchiveFormat(value: unknown): value is ArchiveFormat {
  return value === 'zip' || value === 'tar.gz';
}

/**
 * A source archive of a revision, streamed as git produces it (never stored, so it never
 * counts toward a quota). Files sit under `{prefix}/` inside the archive, e.g. "repo-v1.0/".
 */
export async function archive(repoPath: string, revision: string, format: ArchiveFormat, prefix: string): Promise<GitStream> {
  if (!isArchiveFormat(format)) throw new RangeError(`unsupported archive format ${String(format)}`);
  assertPathSegment('archive prefix', prefix);
  const commit = await resolveCommit(repoPath, revision);
  return streamGit(['archive', `--format=${format}`, `--prefix=${prefix}/`, commit], { gitDir: repoPath });
}
