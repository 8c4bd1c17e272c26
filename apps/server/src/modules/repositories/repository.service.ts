import { ConflictException, Injectable, Logger, UnprocessableEntityException } from '@nestjs/common';
import { ContainerGoneError, describeRepoNameProblem, repoNameProblem } from '@bellows/domain';
import { assertRefName, branchTip, createInitialCommit, GitConflictError, GitRepositories, InvalidGitInputError, isEmpty, measureSize, setDefaultBranch } from '@bellows/git';
import { Database, isUniqueViolation, OwnerEntity, RepositoryDetails, RepositoryEntity } from '@bellows/persistence-typeorm';
import { BlobStore } from '@bellows/storage';
import { removeAttachmentFiles } from '../attachments/attachment-files';

/** A repository whose stored git size differed from the one measured on disk. */
export interface GitSizeChange {
  fullName: string;
  stored: number;
  measured: number;
}

export interface NewRepositoryInput {
  name: string;
  description?: string;
  website?: string;
  isPrivate?: boolean;
  /** Branch HEAD points at; `main` when not given. */
  defaultBranch?: string;
  /** Write a first commit with a README on the default branch. */
  autoInit?: boolean;
}

/**
 * Repositories as rows and as bare repositories on disk, kept together: every
 * change here touches both, and the sizes the quota engine reads are measured
 * from disk and stored through `db.repositories` (which moves the owner's usage).
 */
@Injectable()
export class RepositoryService {
  private readonly logger = new Logger(RepositoryService.name);

  constructor(
    private readonly db: Database,
    private readonly git: GitRepositories,
    private readonly blobs: BlobStore,
  ) {}

  findByOwnerAndName(owner: OwnerEntity, name: string): Promise<RepositoryEntity | null> {
    return this.db.repositories.findByOwnerAndName(owner.id, name);
  }

  /** Path of the bare repository on disk. */
  pathOf(owner: OwnerEntity, repo: RepositoryEntity): string {
    return this.git.pathFor(owner.name, repo.name);
  }

  /**
   * Creates the row (which reserves the name), then the bare repository, then
   * the first commit if asked. If any step fails, neither row nor folder remains.
   */
  async create(owner: OwnerEntity, input: NewRepositoryInput, author: OwnerEntity): Promise<RepositoryEntity> {
    assertRepoName(input.name);
    const defaultBranch = input.defaultBranch || 'main';
    if (await this.findByOwnerAndName(owner, input.name)) throw alreadyExists(owner, input.name);
    assertBranchName(defaultBranch);
    const repo = await this.insertRow(owner, input, defaultBranch);
    let createdOnDisk = false;
    try {
      const repoPath = await this.git.createBare(owner.name, repo.name, { defaultBranch });
      createdOnDisk = true;
      if (input.autoInit) await this.writeReadme(repoPath, repo, author);
      return await this.refreshGitSize(repo, owner);
    } catch (error) {
      await this.db.repositories.delete(repo.id);
      // A folder that was there before us is not ours to remove.
      if (createdOnDisk) await this.git.delete(owner.name, repo.name).catch((cleanup) => this.logger.error(`could not remove ${owner.name}/${repo.name}: ${cleanup}`));
      throw error instanceof GitConflictError ? new ConflictException(`files of repository ${owner.name}/${repo.name} already exist on disk`) : error;
    }
  }

  /**
   * Deletes the row first (its sizes, attachments, artifacts and LFS references
   * leave the owner's usage in the same transaction), then the repository and
   * its wiki on disk and the files of its attachments and artifacts. LFS
   * content may be shared with other repositories: `bellows admin storage gc`
   * removes what no repository references any more.
   */
  async delete(owner: OwnerEntity, repo: RepositoryEntity): Promise<void> {
    const files = await this.db.repositories.delete(repo.id);
    if (!files) throw new ContainerGoneError('repository', `${owner.name}/${repo.name}`);
    await this.git.delete(owner.name, repo.name);
    await removeAttachmentFiles(this.blobs, files.attachmentUuids.map((uuid) => ({ uuid })));
    for (const key of files.artifactKeys) await this.blobs.delete(key);
  }

  /** Renames the repository on disk and in the database; 409 when the new name is taken. */
  async rename(owner: OwnerEntity, repo: RepositoryEntity, newName: string): Promise<void> {
    assertRepoName(newName);
    if (newName === repo.name) return;
    const clash = await this.findByOwnerAndName(owner, newName);
    if (clash && clash.id !== repo.id) throw alreadyExists(owner, newName);
    await this.git.move({ owner: owner.name, repo: repo.name }, { owner: owner.name, repo: newName });
    try {
      await this.db.repositories.updateDetails(repo.id, { name: newName });
    } catch (error) {
      await this.git.move({ owner: owner.name, repo: newName }, { owner: owner.name, repo: repo.name });
      throw isUniqueViolation(error) ? alreadyExists(owner, newName) : error;
    }
    repo.name = newName;
    repo.lowerName = newName.toLowerCase();
  }

  /** Points HEAD at `branch`, which must exist unless the repository is still empty (422). */
  async setDefaultBranch(owner: OwnerEntity, repo: RepositoryEntity, branch: string): Promise<void> {
    assertBranchName(branch);
    const repoPath = this.pathOf(owner, repo);
    if (!repo.isEmpty && !(await branchTip(repoPath, branch))) throw new UnprocessableEntityException(`default_branch "${branch}" does not exist`);
    await setDefaultBranch(repoPath, branch);
    await this.updateDetails(repo, { defaultBranch: branch });
  }

  /** Makes the repository private or public; its bytes move between the owner's two repository buckets. */
  async setPrivate(repo: RepositoryEntity, isPrivate: boolean): Promise<void> {
    await this.db.repositories.setPrivate(repo.id, isPrivate);
    repo.isPrivate = isPrivate;
  }

  updateDetails(repo: RepositoryEntity, details: RepositoryDetails): Promise<void> {
    Object.assign(repo, details);
    return this.db.repositories.updateDetails(repo.id, details);
  }

  /**
   * Measures the git data on disk (see `measureSize`) and stores it, so the
   * owner's usage follows; notes the first commit of an empty repository.
   * Call after anything that writes to the bare repository. Returns the fresh row.
   */
  async refreshGitSize(repo: RepositoryEntity, owner?: OwnerEntity): Promise<RepositoryEntity> {
    const ownerName = owner?.name ?? (await this.db.owners.findById(repo.ownerId))?.name;
    if (!ownerName) throw new Error(`owner ${repo.ownerId} of repository ${repo.id} does not exist`);
    const repoPath = this.git.pathFor(ownerName, repo.name);
    const bytes = await measureSize(repoPath);
    await this.db.repositories.setGitSize(repo.id, bytes);
    // An empty repository has no object files, so only a non-zero size can mean a first commit.
    if (repo.isEmpty && bytes > 0 && !(await isEmpty(repoPath))) await this.db.repositories.updateDetails(repo.id, { isEmpty: false });
    return (await this.db.repositories.findById(repo.id)) ?? repo;
  }

  /**
   * Re-measures every repository of the owner (of every owner when none is
   * given) that has its folder on disk, and returns the sizes that changed. A
   * row without a folder keeps its stored size: a wrong `[repository] ROOT`
   * must not wipe everyone's usage.
   */
  async refreshAllGitSizes(ownerId?: number): Promise<GitSizeChange[]> {
    const batch = 100;
    const changes: GitSizeChange[] = [];
    for (let done = 0; ; done += batch) {
      const [repos] = await this.db.repositorySearch.search({ ownerId, order: 'id', skip: done, take: batch });
      for (const repo of repos) {
        const owner = repo.owner!;
        if (!(await this.git.exists(owner.name, repo.name))) continue;
        const fresh = await this.refreshGitSize(repo, owner);
        if (fresh.gitSize !== repo.gitSize) changes.push({ fullName: `${owner.name}/${repo.name}`, stored: repo.gitSize, measured: fresh.gitSize });
      }
      if (repos.length < batch) return changes;
    }
  }

  private async insertRow(owner: OwnerEntity, input: NewRepositoryInput, defaultBranch: string): Promise<RepositoryEntity> {
    try {
      return await this.db.repositories.insert({
        ownerId: owner.id, name: input.name, isPrivate: input.isPrivate ?? false,
        description: input.description ?? '', website: input.website ?? '', defaultBranch,
      });
    } catch (error) {
      throw isUniqueViolation(error) ? alreadyExists(owner, input.name) : error;
    }
  }

  private async writeReadme(repoPath: string, repo: RepositoryEntity, author: OwnerEntity): Promise<void> {
    const readme = repo.description ? `# ${repo.name}\n\n${repo.description}\n` : `# ${repo.name}\n`;
    await createInitialCommit(repoPath, {
      branch: repo.defaultBranch,
      files: { 'README.md': readme },
      message: 'Initial commit',
      author: { name: author.fullName || author.name, email: author.email || `${author.lowerName}@noreply.bellows` },
    });
  }
}

function assertRepoName(name: string): void {
  const problem = repoNameProblem(name);
  if (problem) throw new UnprocessableEntityException(describeRepoNameProblem(name, problem));
}

/** A default branch git would accept as a branch name; 422 otherwise. */
export function assertBranchName(branch: string): void {
  try {
    assertRefName('default_branch', branch);
  } catch (error) {
    throw error instanceof InvalidGitInputError ? new UnprocessableEntityException(error.message) : error;
  }
}

function alreadyExists(owner: OwnerEntity, name: string): ConflictException {
  return new ConflictException(`repository ${owner.name}/${name} already exists`);
}
