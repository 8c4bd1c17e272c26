import { ConflictException, Injectable, Logger, Optional, UnprocessableEntityException } from '@nestjs/common';
import { RepositoryWebhooks } from '../webhook-events/repository-webhooks.service';
import {
  ContainerGoneError,
  describeRepoNameProblem,
  LfsStore,
  Owner,
  OwnerStore,
  repoNameProblem,
  Repository,
  RepositoryDetails,
  RepositoryNameTakenError,
  RepositorySearchStore,
  RepositoryStore,
} from '@bellows/domain';
import { removeAttachmentFiles } from '../attachments/attachment-files';
import { BlobStorage } from '../storage/blob-storage';
import { BareRepositories } from './bare-repositories';
import { GitConflictError, InvalidGitInputError } from './git-errors';
import { RepositoryContents } from './repository-contents';
import { RepositoryRefs } from './repository-refs';
import { RepositorySizes } from './repository-sizes';

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
  /** More files for that first commit (.gitignore, LICENSE from the chosen templates), by path. */
  initialFiles?: Record<string, string>;
  /** The repository the new one is a fork of. */
  forkId?: number;
}

/**
 * Repositories as rows and as bare repositories on disk, kept together: every
 * change here touches both, and the sizes the quota engine reads are measured
 * from disk and stored through the RepositoryStore (which moves the owner's usage).
 */
@Injectable()
export class RepositoryService {
  private readonly logger = new Logger(RepositoryService.name);

  constructor(
    private readonly repositories: RepositoryStore,
    private readonly repositorySearch: RepositorySearchStore,
    private readonly owners: OwnerStore,
    private readonly git: BareRepositories,
    private readonly refs: RepositoryRefs,
    private readonly contents: RepositoryContents,
    private readonly sizes: RepositorySizes,
    private readonly blobs: BlobStorage,
    private readonly lfs: LfsStore,
    /** Webhooks' `repository` events; optional so repositories work without them. */
    @Optional() private readonly webhooks?: RepositoryWebhooks,
  ) {}

  findByOwnerAndName(owner: Owner, name: string): Promise<Repository | null> {
    return this.repositories.findByOwnerAndName(owner.id, name);
  }

  /** Path of the bare repository on disk. */
  pathOf(owner: Owner, repo: Repository): string {
    return this.git.pathFor(owner.name, repo.name);
  }

  /**
   * Creates the row (which reserves the name), then the bare repository, then
   * the first commit if asked. If any step fails, neither row nor folder remains.
   */
  async create(owner: Owner, input: NewRepositoryInput, author: Owner): Promise<Repository> {
    const defaultBranch = input.defaultBranch || 'main';
    await this.assertFreeName(owner, input.name);
    this.assertBranchName(defaultBranch);
    return this.insertThenFill(owner, input, defaultBranch, async (repo) => {
      const repoPath = await this.git.createBare(owner.name, repo.name, { defaultBranch });
      if (input.autoInit) await this.writeReadme(repoPath, repo, author, input.initialFiles);
    });
  }

  /**
   * Creates `name` of `owner` as a fork of `parent`: a row pointing at the
   * parent (whose fork count grows), a full git copy of its branches and tags,
   * and references to its LFS objects; the fork keeps the parent's
   * visibility, description and default branch. Its git and LFS sizes count
   * for `owner`. If any step fails, neither row nor folder remains.
   */
  async fork(parentOwner: Owner, parent: Repository, owner: Owner, name: string): Promise<Repository> {
    await this.assertFreeName(owner, name);
    const input = { name, description: parent.description, website: parent.website, isPrivate: parent.isPrivate, forkId: parent.id };
    return this.insertThenFill(owner, input, parent.defaultBranch, async (repo) => {
      const from = { owner: parentOwner.name, repo: parent.name };
      await this.git.fork(from, { owner: owner.name, repo: repo.name }, { defaultBranch: parent.defaultBranch });
      await this.lfs.copyReferences(parent.id, repo.id);
    });
  }

  /** 422 for an invalid name, 409 for one the owner already uses. */
  private async assertFreeName(owner: Owner, name: string): Promise<void> {
    assertRepoName(name);
    if (await this.findByOwnerAndName(owner, name)) throw alreadyExists(owner, name);
  }

  /**
   * Inserts the row, lets `fill` create its files on disk, then measures them.
   * On failure the row goes and so does the folder, unless it was there
   * before us (GitConflictError: not ours to remove).
   */
  private async insertThenFill(
    owner: Owner,
    input: NewRepositoryInput,
    defaultBranch: string,
    fill: (repo: Repository) => Promise<void>,
  ): Promise<Repository> {
    const repo = await this.insertRow(owner, input, defaultBranch);
    try {
      await fill(repo);
      return await this.refreshGitSize(repo, owner);
    } catch (error) {
      await this.repositories.delete(repo.id);
      if (!(error instanceof GitConflictError))
        await this.git
          .delete(owner.name, repo.name)
          .catch((cleanup) => this.logger.error(`could not remove ${owner.name}/${repo.name}: ${cleanup}`));
      throw error instanceof GitConflictError
        ? new ConflictException(`files of repository ${owner.name}/${repo.name} already exist on disk`)
        : error;
    }
  }

  /**
   * Deletes the row first (its sizes, attachments, artifacts and LFS references
   * leave the owner's usage in the same transaction), then the repository and
   * its wiki on disk and the files of its attachments and artifacts. LFS
   * content may be shared with other repositories: `bellows admin storage gc`
   * removes what no repository references any more.
   */
  async delete(owner: Owner, repo: Repository, deleter?: Owner): Promise<void> {
    // Rendered while the repository is still there; sent once it is gone.
    const event = deleter && this.webhooks?.repositoryPayload('deleted', { owner, repo }, deleter);
    const files = await this.repositories.delete(repo.id);
    if (!files) throw new ContainerGoneError('repository', `${owner.name}/${repo.name}`);
    await this.git.delete(owner.name, repo.name);
    await removeAttachmentFiles(
      this.blobs,
      files.attachmentUuids.map((uuid) => ({ uuid })),
    );
    for (const key of files.artifactKeys) await this.blobs.delete(key);
    if (event) await this.webhooks?.deleted({ owner, repo }, event);
  }

  /** Renames the repository on disk and in the database; 409 when the new name is taken. */
  async rename(owner: Owner, repo: Repository, newName: string): Promise<void> {
    assertRepoName(newName);
    if (newName === repo.name) return;
    const clash = await this.findByOwnerAndName(owner, newName);
    if (clash && clash.id !== repo.id) throw alreadyExists(owner, newName);
    await this.git.move({ owner: owner.name, repo: repo.name }, { owner: owner.name, repo: newName });
    try {
      await this.repositories.updateDetails(repo.id, { name: newName });
    } catch (error) {
      await this.git.move({ owner: owner.name, repo: newName }, { owner: owner.name, repo: repo.name });
      throw error instanceof RepositoryNameTakenError ? alreadyExists(owner, newName) : error;
    }
    repo.name = newName;
    repo.lowerName = newName.toLowerCase();
  }

  /** Points HEAD at `branch`, which must exist unless the repository is still empty (422). */
  async setDefaultBranch(owner: Owner, repo: Repository, branch: string): Promise<void> {
    this.assertBranchName(branch);
    const repoPath = this.pathOf(owner, repo);
    if (!repo.isEmpty && !(await this.refs.branchTip(repoPath, branch))) {
      throw new UnprocessableEntityException(`default_branch "${branch}" does not exist`);
    }
    await this.refs.setDefaultBranch(repoPath, branch);
    await this.updateDetails(repo, { defaultBranch: branch });
  }

  /** Makes the repository private or public; its bytes move between the owner's two repository buckets. */
  async setPrivate(repo: Repository, isPrivate: boolean): Promise<void> {
    await this.repositories.setPrivate(repo.id, isPrivate);
    repo.isPrivate = isPrivate;
  }

  updateDetails(repo: Repository, details: RepositoryDetails): Promise<void> {
    Object.assign(repo, details);
    return this.repositories.updateDetails(repo.id, details);
  }

  private readonly gitWriteFollowers: GitWriteFollower[] = [];

  /**
   * Lets another area follow every write to a repository's git data (a push
   * over HTTP or SSH, a commit through the API, a merge): pull requests keep
   * `refs/pull/{index}/head` on their head branch this way. Followers run after
   * the size is stored, in the order they registered.
   */
  followGitWrites(follower: GitWriteFollower): void {
    this.gitWriteFollowers.push(follower);
  }

  /**
   * Measures the git data on disk (see RepositorySizes) and stores it, so the
   * owner's usage follows; notes the first commit of an empty repository; then
   * tells the followers (see followGitWrites), with `writer`, who pushed or committed.
   * Call after anything that writes to the bare repository. Returns the fresh row.
   */
  async refreshGitSize(repo: Repository, owner?: Owner, writer?: Owner): Promise<Repository> {
    // Where the repository is now: a transfer or a rename may have moved it since the caller
    // resolved it (a push that began before). A row that is gone keeps the caller's view, so
    // that storing the size meets the deletion as before.
    const stored = await this.repositories.findById(repo.id);
    const current = stored ?? repo;
    const ownerName = owner?.id === current.ownerId ? owner.name : (await this.owners.findById(current.ownerId))?.name;
    if (!ownerName) throw new Error(`owner ${current.ownerId} of repository ${repo.id} does not exist`);
    const repoPath = this.git.pathFor(ownerName, current.name);
    // Between a transfer's commit and its folder's move, the folder is not there yet: the
    // stored size stands, and the transfer measures the repository once the folder has moved.
    if (stored && !(await this.git.exists(ownerName, current.name))) return stored;
    const bytes = await this.storeMeasuredSize(repo.id, repoPath);
    // An empty repository has no object files, so only a non-zero size can mean a first commit.
    if (repo.isEmpty && bytes > 0 && !(await this.refs.isEmpty(repoPath)))
      await this.repositories.updateDetails(repo.id, { isEmpty: false });
    for (const follow of this.gitWriteFollowers) await follow(repo, repoPath, writer);
    return (await this.repositories.findById(repo.id)) ?? repo;
  }

  /**
   * Measures and stores the size, then measures again until the stored size is
   * what is on disk: two writes at once (two pushes, maybe on two instances)
   * each measure, and the earlier measure may be stored last. Whoever stores
   * last checks after storing, so the stored size ends as the disk's.
   */
  private async storeMeasuredSize(repoId: number, repoPath: string): Promise<number> {
    let bytes = await this.sizes.measureSize(repoPath);
    for (let round = 0; round < 5; round++) {
      await this.repositories.setGitSize(repoId, bytes);
      const again = await this.sizes.measureSize(repoPath);
      if (again === bytes) break;
      bytes = again;
    }
    return bytes;
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
      const [repos] = await this.repositorySearch.search({ ownerId, order: 'id', skip: done, take: batch });
      for (const repo of repos) {
        const owner = repo.owner;
        if (!(await this.git.exists(owner.name, repo.name))) continue;
        const fresh = await this.refreshGitSize(repo, owner);
        if (fresh.gitSize !== repo.gitSize)
          changes.push({ fullName: `${owner.name}/${repo.name}`, stored: repo.gitSize, measured: fresh.gitSize });
      }
      if (repos.length < batch) return changes;
    }
  }

  private async insertRow(owner: Owner, input: NewRepositoryInput, defaultBranch: string): Promise<Repository> {
    try {
      return await this.repositories.insert({
        ownerId: owner.id,
        name: input.name,
        isPrivate: input.isPrivate ?? false,
        description: input.description ?? '',
        website: input.website ?? '',
        defaultBranch,
        forkId: input.forkId,
      });
    } catch (error) {
      throw error instanceof RepositoryNameTakenError ? alreadyExists(owner, input.name) : error;
    }
  }

  /** A default branch git would accept as a branch name; 422 otherwise. */
  private assertBranchName(branch: string): void {
    try {
      this.refs.assertRefName('default_branch', branch);
    } catch (error) {
      throw error instanceof InvalidGitInputError ? new UnprocessableEntityException(error.message) : error;
    }
  }

  private async writeReadme(repoPath: string, repo: Repository, author: Owner, more: Record<string, string> = {}): Promise<void> {
    const readme = repo.description ? `# ${repo.name}\n\n${repo.description}\n` : `# ${repo.name}\n`;
    await this.contents.createInitialCommit(repoPath, {
      branch: repo.defaultBranch,
      files: { 'README.md': readme, ...more },
      message: 'Initial commit',
      author: { name: author.fullName || author.name, email: author.email || `${author.lowerName}@noreply.bellows` },
    });
  }
}

function assertRepoName(name: string): void {
  const problem = repoNameProblem(name);
  if (problem) throw new UnprocessableEntityException(describeRepoNameProblem(name, problem));
}

function alreadyExists(owner: Owner, name: string): ConflictException {
  return new ConflictException(`repository ${owner.name}/${name} already exists`);
}

/** Called after each write to a repository's git data, with the bare repository's path. */
/** Follows a write to a repository's git data; `writer` is who pushed or committed, when someone did (not for merges). */
export type GitWriteFollower = (repo: Repository, repoPath: string, writer?: Owner) => Promise<void>;
