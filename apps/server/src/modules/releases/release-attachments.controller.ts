import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { releaseContainer } from '../attachments/attachment-containers';
import { AttachmentsService } from '../attachments/attachments.service';
import { ApiAttachment, EditAttachmentOptions } from '../attachments/dto/attachment.dto';
import { ApiAttachmentUpload } from '../attachments/dto/attachment-upload.dto';
import { AcceptsRawUpload } from '../attachments/raw-upload-body';
import { ReleasesService } from './releases.service';

/**
 * A release's files: `/repos/{owner}/{repo}/releases/{id}/assets…`. Reading
 * needs what reading the release needs; changing them needs write access
 * (checked before the release is looked up).
 */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo/releases/:id/assets')
export class ReleaseAttachmentsController {
  constructor(
    private readonly releases: ReleasesService,
    private readonly attachments: AttachmentsService,
  ) {}

  @Get()
  @ApiOkResponse({ type: [ApiAttachment] })
  async repoListReleaseAttachments(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id') id: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiAttachment[]> {
    const target = await this.releases.repo(owner, repo, actor);
    return this.attachments.list(releaseContainer(await this.releases.find(target, id)));
  }

  @Post()
  @RequireSignIn()
  @AcceptsRawUpload()
  @ApiAttachmentUpload({ backDating: false })
  async repoCreateReleaseAttachment(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id') id: string,
    @Query('name') name: unknown,
    @Req() request: FastifyRequest,
    @CurrentActor() actor: Actor,
  ): Promise<ApiAttachment> {
    const target = await this.releases.writableRepo(owner, repo, actor);
    return this.attachments.create(releaseContainer(await this.releases.find(target, id)), { name }, request, actor);
  }

  @Get(':attachment_id')
  @ApiOkResponse({ type: ApiAttachment })
  async repoGetReleaseAttachment(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id') id: string,
    @Param('attachment_id') attachmentId: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiAttachment> {
    const target = await this.releases.repo(owner, repo, actor);
    return this.attachments.get(releaseContainer(await this.releases.find(target, id)), attachmentId);
  }

  /** Forgejo answers an edit with 201. */
  @Patch(':attachment_id')
  @HttpCode(201)
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiAttachment })
  async repoEditReleaseAttachment(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id') id: string,
    @Param('attachment_id') attachmentId: string,
    @Body() body: EditAttachmentOptions,
    @CurrentActor() actor: Actor,
  ): Promise<ApiAttachment> {
    const target = await this.releases.writableRepo(owner, repo, actor);
    return this.attachments.rename(releaseContainer(await this.releases.find(target, id)), attachmentId, body);
  }

  @Delete(':attachment_id')
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse()
  async repoDeleteReleaseAttachment(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id') id: string,
    @Param('attachment_id') attachmentId: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    const target = await this.releases.writableRepo(owner, repo, actor);
    await this.attachments.delete(releaseContainer(await this.releases.find(target, id)), attachmentId);
  }
}
