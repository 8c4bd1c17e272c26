import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { Owner } from '@bellows/domain';
import { GitConflictError } from '../repositories/git-errors';
import { BlobHandle, GitIdentity, RepositoryContents, TreeEntry } from '../repositories/repository-contents';
import { RepositoryHistory } from '../repositories/repository-history';
import { RepositoryRefs } from '../repositories/repository-refs';
import {
  ApiContentsResponse,
  ApiFileResponse,
  contentType,
  FileOptions,
  Identity,
  toApiContents,
  toApiFileResponse,
  UpdateFileOptions,
} from './dto/contents.dto';
import { withGitErrors } from './git-errors';
import { RepoGit, RepoGitResolver } from './repo-git';

/** Files up to this size come with their content, as Forgejo's `[api] DEFAULT_MAX_BLOB_SIZE`. */
export const MAX_INLINE_BLOB = 10 * 1024 * 1024;

/** The contents API: read a file or directory at a ref, create or update one file with a commit. */
@Injectable()
export class RepoContentsService {
  constructor(
    private readonly repos: RepoGitResolver,
    private readonly refs: RepositoryRefs,
    private readonly history: RepositoryHistory,
    private readonly contents: RepositoryContents,
  ) {}

  /** A file (with its content) or a directory (its entries); 404 when the path or ref does not exist. */
  async read(target: RepoGit, filePath: string, ref: string | undefined): Promise<ApiContentsResponse | ApiContentsResponse[]> {
    return withGitErrors(async () => {
      const revision = ref ?? target.repo.defaultBranch;
      if (await this.refs.isEmpty(target.path)) throw new NotFoundException(`${target.owner.name}/${target.repo.name} is empty`);
      const commit = await this.refs.resolveCommit(target.path, revision);
      if (filePath === '') return this.listDirectory(target, commit, '', revision);
      const entry = await this.contents.statPath(target.path, commit, filePath);
      if (!entry) throw new NotFoundException(`${filePath} does not exist at ${revision}`);
      if (entry.type === 'tree') return this.listDirectory(target, commit, filePath, revision);
      return this.describe(target, commit, entry, revision);
    });
  }

  /** The file at `ref` (the default branch when absent) to stream as it is; 404 when the path or ref does not exist. */
  raw(target: RepoGit, filePath: string, ref: string | undefined): Promise<BlobHandle> {
    return withGitErrors(() => this.contents.readBlob(target.path, ref ?? target.repo.defaultBranch, filePath));
  }

  async create(target: RepoGit, filePath: string, options: FileOptions, actor: Owner): Promise<ApiFileResponse> {
    return this.write(target, filePath, options, actor, null);
  }

  async update(target: RepoGit, filePath: string, options: UpdateFileOptions, actor: Owner): Promise<ApiFileResponse> {
    if (options.from_path !== undefined && options.from_path !== '' && options.from_path !== filePath) {
      throw new UnprocessableEntityException('from_path: moving a file is not supported; give the same path or leave it out');
    }
    return this.write(target, filePath, options, actor, options.sha);
  }

  private async listDirectory(target: RepoGit, commit: string, dir: string, ref: string): Promise<ApiContentsResponse[]> {
    const entries = await this.contents.readTree(target.path, commit, dir);
    return entries.map((entry) => toApiContents(entry, ref, target.urls, { bytes: null, lastCommitSha: '' }));
  }

  private async describe(target: RepoGit, commit: string, entry: TreeEntry, ref: string): Promise<ApiContentsResponse> {
    const type = contentType(entry);
    const inline = (type === 'file' || type === 'symlink') && (entry.size ?? 0) <= MAX_INLINE_BLOB;
    const [bytes, history] = await Promise.all([
      inline ? this.contents.readBlobBytes(target.path, entry.sha, MAX_INLINE_BLOB) : Promise.resolve(null),
      this.history.listCommits(target.path, { sha: commit, path: entry.path, limit: 1 }),
    ]);
    return toApiContents(entry, ref, target.urls, { bytes, lastCommitSha: history.items[0]?.sha ?? '' });
  }

  /**
   * Checks what the caller expects against the branch (so each mistake gets
   * Forgejo's status: missing branch 404, file exists / stale sha 422), then
   * commits; a branch moved by someone else meanwhile is a 409.
   */
  private async write(
    target: RepoGit,
    filePath: string,
    options: FileOptions,
    actor: Owner,
    expectedSha: string | null,
  ): Promise<ApiFileResponse> {
    const branch = options.branch || target.repo.defaultBranch;
    const newBranch = options.new_branch && options.new_branch !== branch ? options.new_branch : undefined;
    const result = await withGitErrors(async () => {
      await this.checkExpectation(target, filePath, branch, newBranch, expectedSha);
      try {
        return await this.contents.createOrUpdateFile(target.path, {
          branch,
          newBranch,
          filePath,
          content: Buffer.from(options.content, 'base64'),
          message: options.message?.trim() || `${expectedSha === null ? 'Add' : 'Update'} ${filePath}`,
          author: identityOf(options.author, actor, options.dates?.author),
          committer: identityOf(options.committer ?? options.author, actor, options.dates?.committer),
          expectedBlobSha: expectedSha,
        });
      } catch (error) {
        if (error instanceof GitConflictError)
          throw new GitConflictError(`${error.message} (the branch changed while writing; read the file again and retry)`);
        throw error;
      }
    });
    await this.repos.afterWrite(target);
    return withGitErrors(async () => {
      const ref = newBranch ?? branch;
      const entry = await this.contents.statPath(target.path, result.commitSha, filePath);
      const content = await this.describe(target, result.commitSha, entry!, ref);
      return toApiFileResponse(content, await this.history.getCommit(target.path, result.commitSha), target.urls);
    });
  }

  private async checkExpectation(
    target: RepoGit,
    filePath: string,
    branch: string,
    newBranch: string | undefined,
    expectedSha: string | null,
  ): Promise<void> {
    const empty = await this.refs.isEmpty(target.path);
    const tip = empty ? undefined : await this.refs.branchTip(target.path, branch);
    if (!empty && tip === undefined) throw new NotFoundException(`branch ${branch} does not exist`);
    if (newBranch !== undefined && (await this.refs.branchTip(target.path, newBranch)) !== undefined) {
      throw new UnprocessableEntityException(`new_branch: branch ${newBranch} already exists`);
    }
    const current = tip === undefined ? undefined : await this.contents.statPath(target.path, tip, filePath);
    if (expectedSha === null && current !== undefined) throw new UnprocessableEntityException(`${filePath} already exists on ${branch}`);
    if (expectedSha !== null && current === undefined) throw new NotFoundException(`${filePath} does not exist on ${branch}`);
    if (expectedSha !== null && current!.sha !== expectedSha) {
      throw new UnprocessableEntityException(`sha does not match: ${filePath} on ${branch} is at ${current!.sha}, not ${expectedSha}`);
    }
  }
}

/** A commit identity from the request, completed from the signed-in user as Forgejo does. */
function identityOf(given: Identity | undefined, actor: Owner, date: string | undefined): GitIdentity {
  return {
    name: given?.name || actor.fullName || actor.name,
    email: given?.email || actor.email || `${actor.lowerName}@noreply.bellows`,
    ...(date ? { date: new Date(date) } : {}),
  };
}
