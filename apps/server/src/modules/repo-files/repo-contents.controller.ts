import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
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
import {
  ApiContentsResponse,
  ApiFileDeleteResponse,
  ApiFileResponse,
  ApiFilesResponse,
  ApplyDiffPatchOptions,
  ChangeFilesOptions,
  CreateFileOptions,
  DeleteFileOptions,
  UpdateFileOptions,
} from './dto/contents.dto';
import { queryText } from './query-flag';
import { RawFile, RepoContentsService, trimSlashes } from './repo-contents.service';
import { RepoGitResolver } from './repo-git';
import { redirectToDirectUrl } from '../storage/direct-download';

const FILE_PATH = { name: 'path', description: 'path of the file or directory in the repository' };
const REF = { name: 'ref', required: false, description: 'branch, tag or commit; the default branch when absent' };

/**
 * Files of a repository: `/repos/{owner}/{repo}/contents[/{path}]` to read a
 * file or directory and to create, update, delete or batch-change files with a
 * commit, `/diffpatch` to commit a patch, `/raw/{path}` to download a file as
 * it is and `/media/{path}` as `git lfs` would check it out.
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
  @ApiQuery(REF)
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
  @ApiQuery(REF)
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

  @Post('contents')
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiFilesResponse })
  @ApiForbiddenResponse({ description: 'no write permission' })
  @ApiNotFoundResponse({ description: 'the branch, or a file to update or delete, does not exist' })
  @ApiUnprocessableEntityResponse({ description: 'invalid input, a file to create exists, a stale `sha`, or new_branch exists' })
  @ApiConflictResponse({ description: 'the branch moved while writing' })
  async repoChangeFiles(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Body() body: ChangeFilesOptions,
    @CurrentActor() actor: Actor,
  ): Promise<ApiFilesResponse> {
    const target = await this.repos.forWriting(owner, repo, actor);
    return this.contents.change(target, body, actor.user);
  }

  @Delete('contents/*')
  @HttpCode(200)
  @RequireSignIn()
  @ApiParam(FILE_PATH)
  @ApiOkResponse({ type: ApiFileDeleteResponse })
  @ApiBadRequestResponse({ description: '`sha` is not the current blob of the file, or new_branch exists' })
  @ApiForbiddenResponse({ description: 'no write permission' })
  @ApiNotFoundResponse({ description: 'the branch or the file does not exist' })
  @ApiConflictResponse({ description: 'the branch moved while writing' })
  async repoDeleteFile(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('*') filePath: string,
    @Body() body: DeleteFileOptions,
    @CurrentActor() actor: Actor,
  ): Promise<ApiFileDeleteResponse> {
    const target = await this.repos.forWriting(owner, repo, actor);
    return this.contents.delete(target, trimSlashes(filePath), body, actor.user);
  }

  @Post('diffpatch')
  @HttpCode(200)
  @RequireSignIn()
  @ApiOkResponse({ type: ApiFileResponse, description: 'the commit, with the root directory it leaves as `content`' })
  @ApiForbiddenResponse({ description: 'no write permission' })
  @ApiNotFoundResponse({ description: 'the branch does not exist' })
  @ApiUnprocessableEntityResponse({ description: 'the patch does not apply (git says why), or new_branch exists' })
  @ApiConflictResponse({ description: 'the branch moved while writing' })
  async repoApplyDiffPatch(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Body() body: ApplyDiffPatchOptions,
    @CurrentActor() actor: Actor,
  ): Promise<ApiFileResponse> {
    const target = await this.repos.forWriting(owner, repo, actor);
    return this.contents.applyPatch(target, body, actor.user);
  }

  /** Streams the file from git; nothing is held in memory, whatever its size. */
  @Get('raw/*')
  @ApiParam(FILE_PATH)
  @ApiQuery(REF)
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
    await sendFile(reply, filePath, { size: blob.size, etag: blob.sha, open: async () => blob.open().output });
  }

  /**
   * Like raw, but an LFS pointer is answered with the object it points to, streamed
   * from storage (or, `[lfs] SERVE_DIRECT`, 303 to a presigned URL, as Forgejo).
   */
  @Get('media/*')
  @ApiParam(FILE_PATH)
  @ApiQuery(REF)
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ description: 'the file, or the LFS object its pointer names', schema: { type: 'string', format: 'binary' } })
  async repoGetRawFileOrLFS(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('*') filePath: string,
    @Query('ref') ref: unknown,
    @CurrentActor() actor: Actor | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const target = await this.repos.forReading(owner, repo, actor);
    const file = await this.contents.media(target, trimSlashes(filePath), queryText(ref));
    const directUrl = await file.directUrl?.();
    if (directUrl) {
      await redirectToDirectUrl(reply, directUrl, 303).send();
      return;
    }
    await sendFile(reply, filePath, file);
  }
}

/** Answers with a file's bytes, streamed, under its own name and never sniffed as HTML. */
async function sendFile(reply: FastifyReply, filePath: string, file: RawFile): Promise<void> {
  const output = await file.open();
  await reply
    .header('content-type', 'application/octet-stream')
    .header('content-length', String(file.size))
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(filePath.split('/').pop() ?? 'file')}`)
    .header('etag', `"${file.etag}"`)
    .send(output);
}
