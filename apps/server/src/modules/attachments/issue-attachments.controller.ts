import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { IssueContainers } from './attachment-containers';
import { AttachmentsService } from './attachments.service';
import { ApiAttachment, EditAttachmentOptions } from './dto/attachment.dto';
import { ApiAttachmentUpload } from './dto/attachment-upload.dto';
import { AcceptsRawUpload } from './raw-upload-body';

/** An issue's own attachments: `/repos/{owner}/{repo}/issues/{index}/assets…`. */
@ApiTags('issue')
@ScopeGroup('issue')
@Controller('repos/:owner/:repo/issues/:index/assets')
export class IssueAttachmentsController {
  constructor(
    private readonly containers: IssueContainers,
    private readonly attachments: AttachmentsService,
  ) {}

  @Get()
  @ApiOkResponse({ type: [ApiAttachment] })
  async issueListIssueAttachments(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index') index: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiAttachment[]> {
    return this.attachments.list(await this.containers.open({ owner, repo, kind: 'issue', id: index }, actor));
  }

  @Post()
  @RequireSignIn()
  @AcceptsRawUpload()
  @ApiAttachmentUpload()
  async issueCreateIssueAttachment(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index') index: string,
    @Query('name') name: unknown,
    @Query('updated_at') updatedAt: unknown,
    @Req() request: FastifyRequest,
    @CurrentActor() actor: Actor,
  ): Promise<ApiAttachment> {
    const container = await this.containers.openForChange({ owner, repo, kind: 'issue', id: index }, actor);
    return this.attachments.create(container, { name, updated_at: updatedAt }, request, actor);
  }

  @Get(':attachment_id')
  @ApiOkResponse({ type: ApiAttachment })
  async issueGetIssueAttachment(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index') index: string,
    @Param('attachment_id') attachmentId: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiAttachment> {
    return this.attachments.get(await this.containers.open({ owner, repo, kind: 'issue', id: index }, actor), attachmentId);
  }

  /** Forgejo answers an edit with 201. */
  @Patch(':attachment_id')
  @HttpCode(201)
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiAttachment })
  async issueEditIssueAttachment(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index') index: string,
    @Param('attachment_id') attachmentId: string,
    @Body() body: EditAttachmentOptions,
    @CurrentActor() actor: Actor,
  ): Promise<ApiAttachment> {
    return this.attachments.rename(
      await this.containers.openForChange({ owner, repo, kind: 'issue', id: index }, actor),
      attachmentId,
      body,
    );
  }

  @Delete(':attachment_id')
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse()
  async issueDeleteIssueAttachment(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index') index: string,
    @Param('attachment_id') attachmentId: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.attachments.delete(await this.containers.openForChange({ owner, repo, kind: 'issue', id: index }, actor), attachmentId);
  }
}
