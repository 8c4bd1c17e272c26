import { Controller, Get, NotFoundException, Param, Query, Res, UnprocessableEntityException } from '@nestjs/common';
import {
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, ScopeGroup } from '../../http/auth/auth-metadata';
import { queryFlag, queryText } from '../repo-files/query-flag';
import { RepoGitResolver } from '../repo-files/repo-git';
import { ApiAnnotatedTag, ApiGitBlobResponse, ApiGitTreeResponse, ApiReference } from './dto/git-data.dto';
import { GitDataService, TREE_ENTRIES_PER_PAGE } from './git-data.service';

const DIFF_TYPES = ['diff', 'patch'] as const;

/** Git's objects: `/repos/{owner}/{repo}/git/trees|blobs|tags/{sha}`, `/git/refs[/{ref}]`, `/git/commits/{sha}.diff|.patch`. */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo/git')
export class GitDataController {
  constructor(
    private readonly repos: RepoGitResolver,
    private readonly gitData: GitDataService,
  ) {}

  @Get('trees/:sha')
  @ApiQuery({ name: 'recursive', required: false, type: 'boolean' })
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'per_page', required: false, type: 'integer', description: `at most ${TREE_ENTRIES_PER_PAGE}` })
  @ApiOkResponse({ type: ApiGitTreeResponse })
  @ApiNotFoundResponse({ description: 'no such repository, or no tree, commit or ref of that name' })
  @ApiUnprocessableEntityResponse({ description: 'a malformed sha, page or per_page' })
  async GetTree(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('sha') sha: string,
    @Query() query: Record<string, unknown>,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiGitTreeResponse> {
    const target = await this.repos.forReading(owner, repo, actor);
    const page = {
      page: positive(query.page, 'page') ?? 1,
      perPage: Math.min(positive(query.per_page, 'per_page') ?? TREE_ENTRIES_PER_PAGE, TREE_ENTRIES_PER_PAGE),
    };
    return this.gitData.tree(target, sha, queryFlag('recursive', query.recursive, false), page);
  }

  /** The blob base64-encoded in JSON, streamed: a large blob is never held in memory. */
  @Get('blobs/:sha')
  @ApiOkResponse({ type: ApiGitBlobResponse })
  @ApiNotFoundResponse({ description: 'no such repository or blob' })
  @ApiUnprocessableEntityResponse({ description: 'not a full object id' })
  async GetBlob(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('sha') sha: string,
    @CurrentActor() actor: Actor | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const blob = await this.gitData.blob(await this.repos.forReading(owner, repo, actor), sha);
    await reply.header('content-type', 'application/json; charset=utf-8').header('content-length', String(blob.length)).send(blob.body);
  }

  @Get('tags/:sha')
  @ApiOkResponse({ type: ApiAnnotatedTag })
  @ApiNotFoundResponse({ description: 'no such repository or tag object' })
  @ApiUnprocessableEntityResponse({ description: 'not a full object id' })
  async GetAnnotatedTag(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('sha') sha: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiAnnotatedTag> {
    return this.gitData.annotatedTag(await this.repos.forReading(owner, repo, actor), sha);
  }

  @Get('refs')
  @ApiOkResponse({ type: [ApiReference] })
  @ApiNotFoundResponse({ description: 'no such repository' })
  async repoListAllGitRefs(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiReference[]> {
    return this.gitData.refs(await this.repos.forReading(owner, repo, actor), undefined);
  }

  @Get('refs/*')
  @ApiParam({ name: 'ref', description: 'the start of the ref names after refs/, e.g. heads or tags/v1' })
  @ApiOkResponse({ type: [ApiReference] })
  @ApiNotFoundResponse({ description: 'no such repository, or no ref starting so' })
  async repoListGitRefs(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('*') ref: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiReference[]> {
    return this.gitData.refs(await this.repos.forReading(owner, repo, actor), ref);
  }

  /** The commit's changes as text, streamed from git. */
  @Get('commits/:sha.:diffType')
  @ApiParam({ name: 'diffType', enum: DIFF_TYPES })
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'the diff (`git diff`) or patch (`git format-patch`) of the commit', schema: { type: 'string' } })
  @ApiNotFoundResponse({ description: 'no such repository or commit' })
  async repoDownloadCommitDiffOrPatch(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('sha') sha: string,
    @Param('diffType') diffType: string,
    @CurrentActor() actor: Actor | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!(DIFF_TYPES as readonly string[]).includes(diffType)) throw new NotFoundException(`.${diffType} is neither .diff nor .patch`);
    const target = await this.repos.forReading(owner, repo, actor);
    const stream = await this.gitData.commitDiff(target, sha, diffType as (typeof DIFF_TYPES)[number]);
    await reply.header('content-type', 'text/plain; charset=utf-8').header('x-content-type-options', 'nosniff').send(stream.output);
  }
}

/** A whole number ≥ 1 given as a query value; undefined when absent. */
function positive(raw: unknown, name: string): number | undefined {
  const value = queryText(raw);
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw new UnprocessableEntityException(`${name} must be a whole number of at least 1`);
  return Number(value);
}
