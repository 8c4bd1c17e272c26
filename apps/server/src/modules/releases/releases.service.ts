import { ConflictException, Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { assertRefName, createTag, deleteTag, GitNotFoundError, InvalidGitInputError, resolveRef } from '@bellows/git';
import { Database, isUniqueViolation, OwnerEntity, ReleaseChanges, ReleaseEntity, ReleaseFilter } from '@bellows/persistence-typeorm';
import { BlobStore } from '@bellows/storage';
import { removeAttachmentFiles } from '../attachments/attachment-files';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { Actor } from '../../http/auth/actor';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { ShapeContext } from '../accounts/api-shapes';
import { RepoUrls } from '../repo-files/repo-urls';
import { atLeast } from '../repositories/repo-permission';
import { RepoContext, RepositoryAccess } from '../repositories/repository-access.service';
import { RepositoryService } from '../repositories/repository.service';
import { ApiRelease, CreateReleaseOption, EditReleaseOption, toApiRelease } from './release-shapes';

/** A repository as the caller sees it, with where its git data is. */
export interface ReleaseRepo extends RepoContext {
  path: string;
  urls: RepoUrls;
  /** Writers see drafts; everyone else does not know they exist. */
  canWrite: boolean;
}

export type ListFilter = Omit<ReleaseFilter, 'repoId' | 'includeDrafts'>;

/**
 * Releases: rows named by git tags. Publishing a release (creating it as a
 * non-draft, or turning a draft into one) creates its tag at the target when
 * the tag does not exist yet, and reuses it when it does. Drafts have no tag
 * and are visible to writers only. Deleting a release deletes its attachments
 * (and so their bytes in the repository owner's usage).
 */
@Injectable()
export class ReleasesService {
  private readonly ctx: ShapeContext;

  constructor(
    private readonly db: Database,
    private readonly access: RepositoryAccess,
    private readonly repositories: RepositoryService,
    private readonly blobs: BlobStore,
    @Inject(CONFIG) config: BellowsConfig,
  ) {
    this.ctx = { rootUrl: config.server.rootUrl };
  }

  async repo(ownerName: string, repoName: string, actor: Actor | undefined): Promise<ReleaseRepo> {
    const ctx = await this.access.resolve(ownerName, repoName, actor);
    return {
      ...ctx,
      path: this.repositories.pathOf(ctx.owner, ctx.repo),
      urls: new RepoUrls(this.ctx.rootUrl, ctx.owner, ctx.repo),
      canWrite: atLeast(ctx.permission, 'write'),
    };
  }

  async writableRepo(ownerName: string, repoName: string, actor: Actor): Promise<ReleaseRepo> {
    const target = await this.repo(ownerName, repoName, actor);
    this.access.requireWrite(target);
    return target;
  }

  async list(target: ReleaseRepo, filter: ListFilter, paging: PageRequest, actor: Actor | undefined): Promise<PageOf<ApiRelease>> {
    const [rows, total] = await this.db.releases.list({ ...filter, repoId: target.repo.id, includeDrafts: target.canWrite }, paging.offset, paging.limit);
    return new PageOf(await this.shapeAll(target, rows, actor), total, paging);
  }

  /** A release the caller may see (a draft only for writers); 404 otherwise. */
  async find(target: ReleaseRepo, rawId: string): Promise<ReleaseEntity> {
    const id = /^\d{1,15}$/.test(rawId) ? Number(rawId) : null;
    const release = id ? await this.db.releases.findById(target.repo.id, id) : null;
    return this.visible(target, release, `release ${rawId} does not exist`);
  }

  async findByTag(target: ReleaseRepo, tag: string): Promise<ReleaseEntity> {
    return this.visible(target, await this.db.releases.findByTag(target.repo.id, tag), `release with tag ${tag} does not exist`);
  }

  async latest(target: ReleaseRepo): Promise<ReleaseEntity> {
    return this.visible(target, await this.db.releases.latest(target.repo.id), `${target.owner.name}/${target.repo.name} has no published release`);
  }

  async create(target: ReleaseRepo, option: CreateReleaseOption, actor: Actor): Promise<ReleaseEntity> {
    const tagName = validTagName(option.tag_name);
    if (await this.db.releases.findByTag(target.repo.id, tagName)) throw releaseExists(tagName);
    const targetCommitish = option.target_commitish || target.repo.defaultBranch;
    const draft = option.draft ?? false;
    const tag = draft ? null : await this.ensureTag(target, tagName, targetCommitish);
    try {
      return await this.db.releases.create({
        repoId: target.repo.id, tagName, targetCommitish, name: option.name ?? '', body: option.body ?? '', isDraft: draft,
        isPrerelease: option.prerelease ?? false, publisherId: actor.user.id, sha1: tag?.sha1 ?? null, createdAt: new Date(), publishedAt: draft ? null : new Date(),
      });
    } catch (error) {
      if (tag?.created) await this.removeTag(target, tagName);
      throw isUniqueViolation(error) ? releaseExists(tagName) : error;
    }
  }

  /** Changes what is given. Turning a draft into a release publishes it (and creates its tag). */
  async edit(target: ReleaseRepo, release: ReleaseEntity, option: EditReleaseOption): Promise<ReleaseEntity> {
    const before = { ...release };
    if (option.tag_name !== undefined && option.tag_name !== release.tagName) await this.retag(target, release, option.tag_name);
    if (option.target_commitish) release.targetCommitish = option.target_commitish;
    if (option.name !== undefined) release.name = option.name;
    if (option.body !== undefined) release.body = option.body;
    if (option.prerelease !== undefined) release.isPrerelease = option.prerelease;
    if (option.draft === false && release.isDraft) await this.publish(target, release);
    if (option.draft === true) release.isDraft = true;
    try {
      // By id, only what this edit changed: a release deleted meanwhile stays deleted (404), and
      // another request's change of other fields stays.
      if (!(await this.db.releases.update(release.id, changedColumns(before, release)))) throw new NotFoundException(`release ${release.id} does not exist`);
    } catch (error) {
      throw isUniqueViolation(error) ? releaseExists(release.tagName) : error;
    }
    return release;
  }

  /**
   * Deletes the release with its attachments (their bytes leave the owner's
   * usage in the same transaction), then their files. With `deleteGitTag`
   * (the by-tag route, as in Forgejo) the tag goes too.
   */
  async delete(target: ReleaseRepo, release: ReleaseEntity, deleteGitTag: boolean): Promise<void> {
    const attachments = await this.db.attachments.deleteContainer('release', release.id);
    if (!attachments) throw new NotFoundException(`release ${release.id} does not exist`);
    await removeAttachmentFiles(this.blobs, attachments);
    if (deleteGitTag && !release.isDraft) await this.removeTag(target, release.tagName);
  }

  async shape(target: ReleaseRepo, release: ReleaseEntity, actor: Actor | undefined): Promise<ApiRelease> {
    return (await this.shapeAll(target, [release], actor))[0];
  }

  private async shapeAll(target: ReleaseRepo, releases: ReleaseEntity[], actor: Actor | undefined): Promise<ApiRelease[]> {
    const attachments = await this.db.attachments.listOfReleases(releases.map((release) => release.id));
    const publishers = await this.publishersOf(releases);
    return releases.map((release) =>
      toApiRelease({
        release, urls: target.urls, ctx: this.ctx, viewer: actor?.user,
        publisher: release.publisherId === null ? null : (publishers.get(release.publisherId) ?? null),
        attachments: attachments.filter((attachment) => attachment.releaseId === release.id),
      }),
    );
  }

  private async publishersOf(releases: ReleaseEntity[]): Promise<Map<number, OwnerEntity>> {
    const publishers = new Map<number, OwnerEntity>();
    for (const id of new Set(releases.map((release) => release.publisherId))) {
      const owner = id === null ? null : await this.db.owners.findById(id);
      if (owner) publishers.set(owner.id, owner);
    }
    return publishers;
  }

  private visible(target: ReleaseRepo, release: ReleaseEntity | null, message: string): ReleaseEntity {
    if (!release || (release.isDraft && !target.canWrite)) throw new NotFoundException(message);
    return release;
  }

  /** Only a draft (which has no tag yet) may move to another tag name. */
  private async retag(target: ReleaseRepo, release: ReleaseEntity, tagName: string): Promise<void> {
    if (!release.isDraft) throw new UnprocessableEntityException('tag_name of a published release cannot change; delete it and create another');
    validTagName(tagName);
    if (await this.db.releases.findByTag(target.repo.id, tagName)) throw releaseExists(tagName);
    release.tagName = tagName;
  }

  private async publish(target: ReleaseRepo, release: ReleaseEntity): Promise<void> {
    const tag = await this.ensureTag(target, release.tagName, release.targetCommitish);
    release.isDraft = false;
    release.sha1 = tag.sha1;
    release.publishedAt = new Date();
  }

  /** The commit of the tag: the existing tag's, or that of a new tag made at `targetCommitish`. */
  private async ensureTag(target: ReleaseRepo, tagName: string, targetCommitish: string): Promise<{ sha1: string; created: boolean }> {
    const existing = await resolveRef(target.path, `refs/tags/${tagName}`);
    if (existing) return { sha1: existing, created: false };
    try {
      const sha1 = await createTag(target.path, tagName, targetCommitish);
      await this.repositories.refreshGitSize(target.repo, target.owner);
      return { sha1, created: true };
    } catch (error) {
      if (error instanceof GitNotFoundError || error instanceof InvalidGitInputError) {
        throw new UnprocessableEntityException(`target_commitish "${targetCommitish}" is not a branch or commit of ${target.owner.name}/${target.repo.name}`);
      }
      throw error;
    }
  }

  private async removeTag(target: ReleaseRepo, tagName: string): Promise<void> {
    try {
      await deleteTag(target.path, tagName);
    } catch (error) {
      if (!(error instanceof GitNotFoundError)) throw error;
    }
    await this.repositories.refreshGitSize(target.repo, target.owner);
  }
}

function validTagName(tagName: string): string {
  try {
    return assertRefName('tag_name', tagName);
  } catch (error) {
    if (error instanceof InvalidGitInputError) throw new UnprocessableEntityException(error.message);
    throw error;
  }
}

function releaseExists(tagName: string): ConflictException {
  return new ConflictException(`a release with tag ${tagName} already exists`);
}

/** The columns whose value an edit changed (dates compared by time). */
function changedColumns(before: ReleaseEntity, after: ReleaseEntity): ReleaseChanges {
  const changes: Record<string, unknown> = {};
  for (const key of ['tagName', 'targetCommitish', 'name', 'body', 'isDraft', 'isPrerelease', 'sha1', 'publishedAt'] as const) {
    const was = before[key];
    const is = after[key];
    const same = was instanceof Date && is instanceof Date ? was.getTime() === is.getTime() : was === is;
    if (!same) changes[key] = is;
  }
  return changes as ReleaseChanges;
}
