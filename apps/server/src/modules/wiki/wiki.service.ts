import { stat } from 'node:fs/promises';
import { BadRequestException, Injectable, NotFoundException, Optional } from '@nestjs/common';
import { Owner } from '@bellows/domain';
import { PageRequest } from '../../http/pagination';
import { withGitErrors } from '../repo-files/git-errors';
import { RepoGit } from '../repo-files/repo-git';
import { BareRepositories } from '../repositories/bare-repositories';
import { GitConflictError } from '../repositories/git-errors';
import { GitIdentity, RepositoryContents } from '../repositories/repository-contents';
import { RepositoryHistory } from '../repositories/repository-history';
import { RepositoryRefs } from '../repositories/repository-refs';
import { WikiWebhooks } from '../webhook-events/wiki-webhooks.service';
import { pageOfFile, wikiPageName, WikiPageName } from './wiki-page-name';
import {
  ApiWikiCommitList,
  ApiWikiPage,
  ApiWikiPageMetaData,
  CreateWikiPageOptions,
  toApiWikiCommit,
  toApiWikiPageMetaData,
} from './dto/wiki.dto';

/** No wiki page is served or accepted beyond this size. */
const MAX_PAGE_BYTES = 10 * 1024 * 1024;

/** The branch a new wiki starts on (the `wiki_branch` the repository API reports). */
const WIKI_BRANCH = 'main';

/**
 * The wiki of a repository: Markdown pages in a second bare repository
 * (`{repo}.wiki.git`), created with the first page. Its size does not count
 * toward quota, so writes here do not refresh any stored size.
 */
@Injectable()
export class WikiService {
  constructor(
    private readonly git: BareRepositories,
    private readonly refs: RepositoryRefs,
    private readonly history: RepositoryHistory,
    private readonly contents: RepositoryContents,
    /** Webhooks' `wiki` events; optional so the wiki works without them. */
    @Optional() private readonly webhooks?: WikiWebhooks,
  ) {}

  async listPages(target: RepoGit, paging: PageRequest): Promise<[ApiWikiPageMetaData[], number]> {
    const { path, branch } = await this.existingWiki(target);
    return withGitErrors(async () => {
      const pages = (await this.contents.readTree(path, branch, ''))
        .filter((entry) => entry.type === 'blob')
        .flatMap((entry) => pageOfFile(entry.name) ?? []);
      const page = pages.slice(paging.offset, paging.offset + paging.limit);
      const described = await Promise.all(
        page.map(async (name) => {
          const latest = await this.history.listCommits(path, { sha: branch, path: name.fileName, limit: 1 });
          return toApiWikiPageMetaData(name, latest.items[0], target.urls.html);
        }),
      );
      return [described, pages.length];
    });
  }

  async getPage(target: RepoGit, pageName: string): Promise<ApiWikiPage> {
    const { path, branch } = await this.existingWiki(target);
    return this.describe(target, path, branch, wikiPageName(pageName));
  }

  async revisions(target: RepoGit, pageName: string, paging: PageRequest): Promise<ApiWikiCommitList> {
    const { path, branch } = await this.existingWiki(target);
    const name = wikiPageName(pageName);
    return withGitErrors(async () => {
      await this.requirePage(path, branch, name);
      const history = await this.history.listCommits(path, { sha: branch, path: name.fileName, skip: paging.offset, limit: paging.limit });
      return { commits: history.items.map(toApiWikiCommit), count: history.total };
    });
  }

  /** Creates the page (and the wiki with it); 400 when a page of that name exists. */
  async createPage(target: RepoGit, input: CreateWikiPageOptions, author: Owner): Promise<ApiWikiPage> {
    const name = wikiPageName(input.title ?? '');
    const { path, branch } = await this.wikiForWriting(target);
    await withGitErrors(async () => {
      if (!(await this.refs.isEmpty(path)) && (await this.contents.statPath(path, branch, name.fileName))) {
        throw new BadRequestException(`wiki page ${name.title} already exists`);
      }
      await this.write(path, branch, name, decode(input.content_base64), input.message || `Add ${name.title}`, author, null);
    });
    await this.webhooks?.send('created', target, name.title, input.message || `Add ${name.title}`, author);
    return this.describe(target, path, branch, name);
  }

  /** Changes the content and/or title (a new title moves the page to its new file). */
  async editPage(target: RepoGit, pageName: string, input: CreateWikiPageOptions, author: Owner): Promise<ApiWikiPage> {
    const { path, branch } = await this.existingWiki(target);
    const current = wikiPageName(pageName);
    const renamed = input.title !== undefined && input.title.trim() !== '' ? wikiPageName(input.title) : current;
    await withGitErrors(async () => {
      const existing = await this.requirePage(path, branch, current);
      const content =
        input.content_base64 !== undefined
          ? decode(input.content_base64)
          : await this.contents.readBlobBytes(path, existing, MAX_PAGE_BYTES);
      const message = input.message || `Update ${renamed.title}`;
      if (renamed.fileName === current.fileName) {
        await this.write(path, branch, current, content, message, author, existing);
        return;
      }
      if (await this.contents.statPath(path, branch, renamed.fileName))
        throw new BadRequestException(`wiki page ${renamed.title} already exists`);
      // Two commits (add the new file, then remove the old one): the git adapter writes one file per commit.
      await this.write(path, branch, renamed, content, message, author, null);
      await this.contents.deleteFile(path, {
        branch,
        filePath: current.fileName,
        message,
        author: identityOf(author),
        expectedBlobSha: existing,
      });
    });
    await this.webhooks?.send('edited', target, renamed.title, input.message || `Update ${renamed.title}`, author);
    return this.describe(target, path, branch, renamed);
  }

  async deletePage(target: RepoGit, pageName: string, author: Owner): Promise<void> {
    const { path, branch } = await this.existingWiki(target);
    const name = wikiPageName(pageName);
    await withGitErrors(async () => {
      const existing = await this.requirePage(path, branch, name);
      const message = `Delete ${name.title}`;
      await this.contents.deleteFile(path, {
        branch,
        filePath: name.fileName,
        message,
        author: identityOf(author),
        expectedBlobSha: existing,
      });
    });
    await this.webhooks?.send('deleted', target, name.title, `Delete ${name.title}`, author);
  }

  private async describe(target: RepoGit, path: string, branch: string, name: WikiPageName): Promise<ApiWikiPage> {
    return withGitErrors(async () => {
      const blob = await this.requirePage(path, branch, name);
      const [content, history, sidebar, footer] = await Promise.all([
        this.contents.readBlobBytes(path, blob, MAX_PAGE_BYTES),
        this.history.listCommits(path, { sha: branch, path: name.fileName, limit: 1 }),
        this.optionalPage(path, branch, '_Sidebar.md'),
        this.optionalPage(path, branch, '_Footer.md'),
      ]);
      return {
        ...toApiWikiPageMetaData(name, history.items[0], target.urls.html),
        content_base64: content.toString('base64'),
        commit_count: history.total,
        sidebar,
        footer,
      };
    });
  }

  /** The blob of the page; 404 when there is no such page. */
  private async requirePage(path: string, branch: string, name: WikiPageName): Promise<string> {
    const entry = (await this.refs.isEmpty(path)) ? undefined : await this.contents.statPath(path, branch, name.fileName);
    if (entry?.type !== 'blob') throw new NotFoundException(`wiki page ${name.title} does not exist`);
    return entry.sha;
  }

  private async optionalPage(path: string, branch: string, fileName: string): Promise<string> {
    const entry = await this.contents.statPath(path, branch, fileName);
    return entry?.type === 'blob' ? (await this.contents.readBlobBytes(path, entry.sha, MAX_PAGE_BYTES)).toString('base64') : '';
  }

  private async write(
    path: string,
    branch: string,
    name: WikiPageName,
    content: Buffer,
    message: string,
    author: Owner,
    expectedBlobSha: string | null,
  ): Promise<void> {
    try {
      const change = { branch, filePath: name.fileName, content, message, author: identityOf(author), expectedBlobSha };
      await this.contents.createOrUpdateFile(path, change);
    } catch (error) {
      if (error instanceof GitConflictError) throw new GitConflictError(`wiki page ${name.title} was changed by someone else; try again`);
      throw error;
    }
  }

  /** The wiki's bare repository and branch; 404 when the repository has no wiki yet. */
  private async existingWiki(target: RepoGit): Promise<{ path: string; branch: string }> {
    const path = this.git.wikiPathFor(target.owner.name, target.repo.name);
    if (!(await this.wikiExists(path))) throw new NotFoundException(`${target.owner.name}/${target.repo.name} has no wiki yet`);
    return { path, branch: await this.refs.getDefaultBranch(path) };
  }

  private async wikiForWriting(target: RepoGit): Promise<{ path: string; branch: string }> {
    const path = this.git.wikiPathFor(target.owner.name, target.repo.name);
    if (!(await this.wikiExists(path))) {
      await this.git.createWiki(target.owner.name, target.repo.name, { defaultBranch: WIKI_BRANCH }).catch((error) => {
        // Another request created it first: use theirs.
        if (!(error instanceof GitConflictError)) throw error;
      });
    }
    return { path, branch: await this.refs.getDefaultBranch(path) };
  }

  private async wikiExists(path: string): Promise<boolean> {
    return stat(path).then(
      (info) => info.isDirectory(),
      () => false,
    );
  }
}

function decode(base64: string | undefined): Buffer {
  const bytes = Buffer.from(base64 ?? '', 'base64');
  if (bytes.length > MAX_PAGE_BYTES) throw new BadRequestException(`content_base64: a wiki page may not exceed ${MAX_PAGE_BYTES} bytes`);
  return bytes;
}

function identityOf(author: Owner): GitIdentity {
  return { name: author.fullName || author.name, email: author.email || `${author.lowerName}@noreply.bellows` };
}
