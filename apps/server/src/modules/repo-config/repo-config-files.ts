import { Injectable } from '@nestjs/common';
import { TreeEntry } from '@bellows/domain';
import { RepositoryContents } from '../repositories/repository-contents';
import { RepositoryRefs } from '../repositories/repository-refs';
import { GitContentTooLargeError, GitNotFoundError } from '../repositories/git-errors';
import { RepoGit } from '../repo-files/repo-git';

/** The largest configuration file read, as Forgejo reads its issue config (1 MiB). */
export const MAX_CONFIG_FILE_BYTES = 1024 * 1024;

/**
 * Reads configuration files of a repository at a revision: undefined where
 * Forgejo would find nothing (empty repository, unknown revision, missing or
 * oversized file, no such folder), so each reader decides what absence means.
 */
@Injectable()
export class RepoConfigFiles {
  constructor(
    private readonly refs: RepositoryRefs,
    private readonly contents: RepositoryContents,
  ) {}

  /** The commit `revision` (the default branch when absent) names, or undefined. */
  async commitOf(target: RepoGit, revision?: string): Promise<string | undefined> {
    if (await this.refs.isEmpty(target.path)) return undefined;
    return absentOnMiss(() => this.refs.resolveCommit(target.path, revision ?? target.repo.defaultBranch));
  }

  async readText(target: RepoGit, commit: string, filePath: string): Promise<string | undefined> {
    const entry = await absentOnMiss(() => this.contents.statPath(target.path, commit, filePath));
    return entry?.type === 'blob' ? this.blobText(target, entry) : undefined;
  }

  /** The files directly in `dir`, or undefined when there is no such folder. */
  listFiles(target: RepoGit, commit: string, dir: string): Promise<TreeEntry[] | undefined> {
    return absentOnMiss(async () => (await this.contents.readTree(target.path, commit, dir)).filter((entry) => entry.type === 'blob'));
  }

  blobText(target: RepoGit, entry: TreeEntry): Promise<string | undefined> {
    return absentOnMiss(async () => (await this.contents.readBlobBytes(target.path, entry.sha, MAX_CONFIG_FILE_BYTES)).toString('utf8'));
  }
}

async function absentOnMiss<T>(read: () => Promise<T | undefined>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof GitNotFoundError || error instanceof GitContentTooLargeError) return undefined;
    throw error;
  }
}
