import { ConflictException, Inject, Injectable, NotFoundException, Optional } from '@nestjs/common';
import {
  AttachmentStore,
  Owner,
  OwnerStore,
  Release,
  ReleaseChanges,
  ReleaseFilter,
  ReleaseStore,
  ReleaseTagTakenError,
  UnitOfWork,
} from '@bellows/domain';
import { removeAttachmentFiles } from '../attachments/attachment-files';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { Actor } from '../../http/auth/actor';
import { PageOf } from '../../http/page-of';
import { parseId } from '../../http/id-param.pipe';
import { PageRequest } from '../../http/pagination';
import { ShapeContext } from '../accounts/dto/user.dto';
import { RepoUrls } from '../repo-files/repo-urls';
import { atLeast } from '../repositories/repo-permission';
import { RepoContext, RepositoryAccess } from '../repositories/repository-access.service';
import { RepositoryService } from '../repositories/repository.service';
import { BlobStorage } from '../storage/blob-storage';
import { ApiRelease, CreateReleaseOption, EditReleaseOption, toApiRelease } from './dto/release.dto';
import { ReleaseTags } from './release-tags';
import { ReleaseWebhooks } from '../webhook-events/release-webhooks.service';

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
 * non-draft, or turning a draft into one) and moving a published release to
 * another tag name create its tag at the target when the tag does not exist
 * yet, and reuse it when it does (ReleaseTags). Drafts have no tag and are
 * visible to writers only. Deleting a release deletes its attachments
 * (and so their bytes in the repository owner's usage).
 */
@Injectable()
export class ReleasesService {
  private readonly ctx: ShapeContext;

  constructor(
    private readonly releases: ReleaseStore,
    private readonly attachments: AttachmentStore,
    private readonly owners: OwnerStore,
    private readonly unitOfWork: UnitOfWork,
    private readonly access: RepositoryAccess,
    private readonly repositories: RepositoryService,
    private readonly tags: ReleaseTags,
    private readonly blobs: BlobStorage,
    @Inject(CONFIG) config: BellowsConfig,
    /** Webhooks' `release` events; optional so releases work without them. */
    @Optional() private readonly webhooks?: ReleaseWebhooks,
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
    const releaseFilter: ReleaseFilter = { ...filter, repoId: target.repo.id, includeDrafts: target.canWrite };
    const [rows, total] = await this.releases.list(releaseFilter, paging.offset, paging.limit);
    return new PageOf(await this.shapeAll(target, rows, actor), total, paging);
  }

  /** A release the caller may see (a draft only for writers); 404 otherwise. */
  async find(target: ReleaseRepo, rawId: string): Promise<Release> {
    const id = parseId(rawId);
    const release = id ? await this.releases.findById(target.repo.id, id) : null;
    return this.visible(target, release, `release ${rawId} does not exist`);
  }

  async findByTag(target: ReleaseRepo, tag: string): Promise<Release> {
    return this.visible(target, await this.releases.findByTag(target.repo.id, tag), `release with tag ${tag} does not exist`);
  }

  async latest(target: ReleaseRepo): Promise<Release> {
    return this.visible(
      target,
      await this.releases.latest(target.repo.id),
      `${target.owner.name}/${target.repo.name} has no published release`,
    );
  }

  async create(target: ReleaseRepo, option: CreateReleaseOption, actor: Actor): Promise<Release> {
    const tagName = this.tags.validName(option.tag_name);
    if (await this.releases.findByTag(target.repo.id, tagName)) throw releaseExists(tagName);
    const targetCommitish = option.target_commitish || target.repo.defaultBranch;
    const draft = option.draft ?? false;
    const tag = draft ? null : await this.tags.ensure(target, tagName, targetCommitish);
    let created: Release;
    try {
      created = await this.releases.create({
        repoId: target.repo.id,
        tagName,
        targetCommitish,
        name: option.name ?? '',
        body: option.body ?? '',
        isDraft: draft,
        isPrerelease: option.prerelease ?? false,
        publisherId: actor.user.id,
        sha1: tag?.sha1 ?? null,
        createdAt: new Date(),
        publishedAt: draft ? null : new Date(),
      });
    } catch (error) {
      if (tag?.created) await this.discardTag(target, tagName);
      throw error instanceof ReleaseTagTakenError ? releaseExists(error.tagName) : error;
    } finally {
      if (tag?.created) await this.tags.measure(target);
    }
    // The row is stored on its own (no unit of work), so its event is queued right after it, in a transaction of its own.
    if (!created.isDraft) await this.webhooks?.send('published', target, await this.shape(target, created, undefined), actor.user);
    return created;
  }

  /**
   * Changes what is given; an empty tag_name or target_commitish changes
   * nothing, as in Forgejo. When the release is published after the edit and
   * names another tag than before (or was a draft), that tag is made at the
   * target (the given one, else the stored one) unless it exists, in which
   * case the release moves to it; the old tag stays. The row is held while the
   * edit is worked out and written, so two edits of one release cannot
   * interleave (a retag beside a publish would name a tag never made); only the
   * changed columns are written. If anything fails, a tag this edit made is
   * taken back.
   */
  async edit(target: ReleaseRepo, release: Release, option: EditReleaseOption, editor?: Owner): Promise<Release> {
    const tagName = option.tag_name ? this.tags.validName(option.tag_name) : undefined;
    let madeTag: string | undefined;
    try {
      return await this.unitOfWork.run(async (tx) => {
        const current = await tx.releases.findForChange(release.id);
        if (!current) throw releaseGone(release.id);
        const next = editedRelease(current, option, tagName);
        if (next.tagName !== current.tagName && (await tx.releases.findByTag(target.repo.id, next.tagName)))
          throw releaseExists(next.tagName);
        if (!next.isDraft && (current.isDraft || next.tagName !== current.tagName))
          madeTag = await this.tagRelease(target, next, current.isDraft);
        if (!(await tx.releases.update(current.id, changedColumns(current, next)))) throw releaseGone(release.id);
        // As in Forgejo: a draft being written sends nothing; publishing one is `published`, editing a published one `updated`.
        if (editor && !next.isDraft) {
          const shaped = await this.shape(target, next, undefined);
          await this.webhooks?.send(current.isDraft ? 'published' : 'updated', target, shaped, editor, tx);
        }
        return next;
      });
    } catch (error) {
      if (madeTag) await this.discardTag(target, madeTag);
      throw error instanceof ReleaseTagTakenError ? releaseExists(error.tagName) : error;
    } finally {
      if (madeTag) await this.tags.measure(target);
    }
  }

  /**
   * Deletes the release with its attachments (their bytes leave the owner's
   * usage in the same transaction), then their files. With `deleteGitTag`
   * (the by-tag route, as in Forgejo) the tag goes too.
   */
  async delete(target: ReleaseRepo, release: Release, deleteGitTag: boolean, deleter?: Owner): Promise<void> {
    // Shaped while its attachments are still there; sent once it is gone.
    const shaped = deleter && this.webhooks ? await this.shape(target, release, undefined) : undefined;
    const attachments = await this.attachments.deleteContainer('release', release.id);
    if (!attachments) throw releaseGone(release.id);
    await removeAttachmentFiles(this.blobs, attachments);
    if (deleteGitTag && !release.isDraft) {
      await this.tags.remove(target, release.tagName);
      await this.tags.measure(target);
    }
    if (shaped && deleter) await this.webhooks?.send('deleted', target, shaped, deleter);
  }

  async shape(target: ReleaseRepo, release: Release, actor: Actor | undefined): Promise<ApiRelease> {
    return (await this.shapeAll(target, [release], actor))[0];
  }

  private async shapeAll(target: ReleaseRepo, releases: Release[], actor: Actor | undefined): Promise<ApiRelease[]> {
    const attachments = await this.attachments.listOfReleases(releases.map((release) => release.id));
    const publishers = await this.publishersOf(releases);
    return releases.map((release) =>
      toApiRelease({
        release,
        urls: target.urls,
        ctx: this.ctx,
        viewer: actor?.user,
        publisher: release.publisherId === null ? null : (publishers.get(release.publisherId) ?? null),
        attachments: attachments.filter((attachment) => attachment.releaseId === release.id),
      }),
    );
  }

  private async publishersOf(releases: Release[]): Promise<Map<number, Owner>> {
    const publishers = new Map<number, Owner>();
    for (const id of new Set(releases.map((release) => release.publisherId))) {
      const owner = id === null ? null : await this.owners.findById(id);
      if (owner) publishers.set(owner.id, owner);
    }
    return publishers;
  }

  private visible(target: ReleaseRepo, release: Release | null, message: string): Release {
    if (!release || (release.isDraft && !target.canWrite)) throw new NotFoundException(message);
    return release;
  }

  /**
   * Takes back a tag this request made for a write that failed, unless a
   * release names it by now: another request may have found the tag and
   * claimed it meanwhile (a unique violation means exactly that).
   */
  private async discardTag(target: ReleaseRepo, tagName: string): Promise<void> {
    if (await this.releases.findByTag(target.repo.id, tagName)) return;
    await this.tags.remove(target, tagName);
  }

  /** Points a release that is (now) published at its tag; returns the tag's name when this request made it. */
  private async tagRelease(target: ReleaseRepo, release: Release, publishing: boolean): Promise<string | undefined> {
    const tag = await this.tags.ensure(target, release.tagName, release.targetCommitish);
    release.sha1 = tag.sha1;
    if (publishing) release.publishedAt = new Date();
    return tag.created ? release.tagName : undefined;
  }
}

function releaseGone(id: number): NotFoundException {
  return new NotFoundException(`release ${id} does not exist`);
}

/** The release as the edit leaves it, before any tag is made. */
function editedRelease(current: Release, option: EditReleaseOption, tagName: string | undefined): Release {
  const next = { ...current };
  if (tagName !== undefined) next.tagName = tagName;
  if (option.target_commitish) next.targetCommitish = option.target_commitish;
  // As Forgejo: an empty title or notes changes nothing (Go SDK clients send every field).
  if (option.name) next.name = option.name;
  if (option.body) next.body = option.body;
  if (option.prerelease !== undefined) next.isPrerelease = option.prerelease;
  if (option.draft !== undefined) next.isDraft = option.draft;
  return next;
}

function releaseExists(tagName: string): ConflictException {
  return new ConflictException(`a release with tag ${tagName} already exists`);
}

/** The columns whose value an edit changed (dates compared by time). */
function changedColumns(before: Release, after: Release): ReleaseChanges {
  const changes: Record<string, unknown> = {};
  for (const key of ['tagName', 'targetCommitish', 'name', 'body', 'isDraft', 'isPrerelease', 'sha1', 'publishedAt'] as const) {
    const was = before[key];
    const is = after[key];
    const same = was instanceof Date && is instanceof Date ? was.getTime() === is.getTime() : was === is;
    if (!same) changes[key] = is;
  }
  return changes as ReleaseChanges;
}
