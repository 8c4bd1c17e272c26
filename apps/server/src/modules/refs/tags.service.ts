import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { Owner, ReleaseStore } from '@bellows/domain';
import { PageOf } from '../../http/page-of';
import { RefProtection } from '../protection/ref-protection.service';
import { PageRequest } from '../../http/pagination';
import { withGitErrors } from '../repo-files/git-errors';
import { RepoGit, RepoGitResolver } from '../repo-files/repo-git';
import { RepositoryRefs, TagAnnotation } from '../repositories/repository-refs';
import { ApiTag, CreateTagOption, toApiTag } from './dto/refs.dto';

/**
 * Tags through the API: list, get, create (lightweight, or annotated by the
 * caller when a message is given) and delete, with Forgejo's answers. A tag a
 * published release stands on cannot be deleted here (409, as Forgejo):
 * delete the release with its tag instead. Each write re-measures the git size.
 */
@Injectable()
export class TagsService {
  constructor(
    private readonly repos: RepoGitResolver,
    private readonly refs: RepositoryRefs,
    private readonly releases: ReleaseStore,
    private readonly protection: RefProtection,
  ) {}

  async list(target: RepoGit, paging: PageRequest): Promise<PageOf<ApiTag>> {
    const tags = await withGitErrors(() => this.refs.listTags(target.path));
    const page = tags.slice(paging.offset, paging.offset + paging.limit);
    return new PageOf(
      page.map((tag) => toApiTag(tag, target.urls)),
      tags.length,
      paging,
    );
  }

  async get(target: RepoGit, name: string): Promise<ApiTag> {
    const tag = await withGitErrors(() => this.refs.getTag(target.path, name));
    if (!tag) throw new NotFoundException(`tag ${name} does not exist`);
    return toApiTag(tag, target.urls);
  }

  async create(target: RepoGit, option: CreateTagOption, tagger: Owner): Promise<ApiTag> {
    const annotation: TagAnnotation | undefined = option.message
      ? {
          message: option.message,
          tagger: { name: tagger.fullName || tagger.name, email: tagger.email || `${tagger.lowerName}@noreply.bellows` },
        }
      : undefined;
    await this.protection.requireTagChange(target, option.tag_name, { user: tagger });
    const start = option.target || target.repo.defaultBranch;
    await withGitErrors(() =>
      annotation
        ? this.refs.createAnnotatedTag(target.path, option.tag_name, start, annotation)
        : this.refs.createTag(target.path, option.tag_name, start),
    );
    await this.repos.afterWrite(target);
    return this.get(target, option.tag_name);
  }

  async delete(target: RepoGit, name: string, actor: Owner): Promise<void> {
    await this.protection.requireTagChange(target, name, { user: actor });
    const release = await this.releases.findByTag(target.repo.id, name);
    if (release && !release.isDraft)
      throw new ConflictException(`a tag attached to a release cannot be deleted directly: delete release ${release.id}`);
    await withGitErrors(() => this.refs.deleteTag(target.path, name));
    await this.repos.afterWrite(target);
  }
}
