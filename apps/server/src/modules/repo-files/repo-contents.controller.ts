import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { ApiContentsResponse, ApiFileResponse, CreateFileOptions, UpdateFileOptions } from './dto/contents.dto';
import { queryText } from './query-flag';
import { RepoContentsService } from './repo-contents.service';
import { RepoGitResolver } from './repo-git';

const FILE_PATH = { name: 'path', description: 'path of the file or directory in the repository' };

/**
 * Files of a repository: `/repos/{owner}/{repo}/contents[/{path}]` to read a
 * file or directory and to create or update one file with a commit, and
 * `/raw/{path}` to download a file as it is.
 */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo')
export class RepoContentsController {
  constructor(
    private readonly repos: RepoGitResolver,
    private readonly contents: RepoContentsService,
  ) {}

  @Get('contents')
  @ApiQuery({ name: 'ref', required: false, description: 'branch, tag or commit; the default branch when absent' })
  @ApiOkResponse({ type: [ApiContentsResponse] })
  async repoGetContentsList(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Query('ref') ref: unknown,
    @CurrentActor() actor: Actor | undefined,
  ) {
    const target = await this.repos.forReading(owner, repo, actor);
    return this.contents.read(target, '', queryText(ref));
  }

  @Get('contents/*')
  @ApiParam(FILE_PATH)
  @ApiQuery({ name: 'ref', required: false, description: 'branch, tag or commit; the default branch when absent' })
  @ApiExtraModels(ApiContentsResponse)
  @ApiOkResponse({
    description: 'a file (with base64 content) or, for a directory, its entries',
    schema: {
      oneOf: [{ $ref: getSchemaPath(ApiContentsResponse) }, { type: 'array', items: { $ref: getSchemaPath(ApiContentsResponse) } }],
    },
  })
  async repoGetContents(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('*') filePath: string,
    @Query('ref') ref: unknown,
    @CurrentActor() actor: Actor | undefined,
  ) {
    const target = await this.repos.forReading(owner, repo, actor);
    return this.contents.read(target, trimSlashes(filePath), queryText(ref));
  }

  @Post('contents/*')
  @RequireSignIn()
  @ApiParam(FILE_PATH)
  @ApiCreatedResponse({ type: ApiFileResponse })
  @ApiForbiddenResponse({ description: 'no write permission' })
  @ApiUnprocessableEntityResponse({ description: 'invalid input, the file already exists, or new_branch exists' })
  @ApiConflictResponse({ description: 'the branch moved while writing' })
  async repoCreateFile(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('*') filePath: string,
    @Body() body: CreateFileOptions,
    @CurrentActor() actor: Actor,
  ): Promise<ApiFileResponse> {
    const target = await this.repos.forWriting(owner, repo, actor);
    return this.contents.create(target, trimSlashes(filePath), body, actor.user);
  }

  @Put('contents/*')
  @HttpCode(200)
  @RequireSignIn()
  @ApiParam(FILE_PATH)
  @ApiOkResponse({ type: ApiFileResponse })
  @ApiForbiddenResponse({ description: 'no write permission' })
  @ApiUnprocessableEntityResponse({ description: 'invalid input, or `sha` is not the current blob of the file' })
  @ApiConflictResponse({ description: 'the branch moved while writing' })
  async repoUpdateFile(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('*') filePath: string,
    @Body() body: UpdateFileOptions,
    @CurrentActor() actor: Actor,
  ): Promise<ApiFileResponse> {
    const target = await this.repos.forWriting(owner, repo, actor);
    return this.contents.update(target, trimSlashes(filePath), body, actor.user);
  }

  /** Streams the file from git; nothing is held in memory, whatever its size. */
  @Get('raw/*')
  @ApiParam(FILE_PATH)
  @ApiQuery({ name: 'ref', required: false, description: 'branch, tag or commit; the default branch when absent' })
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ description: 'the file as it is', schema: { type: 'string', format: 'binary' } })
  async repoGetRawFile(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('*') filePath: string,
    @Query('ref') ref: unknown,
    @CurrentActor() actor: Actor | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const target = await this.repos.forReading(owner, repo, actor);
    const blob = await this.contents.raw(target, trimSlashes(filePath), queryText(ref));
    const { output } = blob.open();
    await reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', String(blob.size))
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(filePath.split('/').pop() ?? 'file')}`)
      .header('etag', `"${blob.sha}"`)
      .send(output);
  }
}

/** `a/b/` and `/a/b` mean `a/b`. */
function trimSlashes(filePath: string): string {
  return filePath.replace(/^\/+|\/+$/g, '');
}
