import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { ApiAttachment, EditAttachmentOptions } from './attachment-shapes';
import { IssueAttachmentsService } from './issue-attachments.service';
import { AcceptsRawUpload } from './raw-upload-body';
import { ApiAttachmentUpload } from './upload-docs';

/** The attachments of an issue comment: `/repos/{owner}/{repo}/issues/comments/{id}/assets…`. */
@ApiTags('issue')
@ScopeGroup('issue')
@Controller('repos/:owner/:repo/issues/comments/:id/assets')
export class CommentAttachmentsController {
  constructor(private readonly attachments: IssueAttachmentsService) {}

  @Get()
  @ApiOkResponse({ type: [ApiAttachment] })
  issueListIssueCommentAttachments(@Param('owner') owner: string, @Param('repo') repo: string, @Param('id') id: string, @CurrentActor() actor: Actor | undefined): Promise<ApiAttachment[]> {
    return this.attachments.list({ owner, repo, kind: 'comment', id }, actor);
  }

  @Post()
  @RequireSignIn()
  @AcceptsRawUpload()
  @ApiAttachmentUpload()
  issueCreateIssueCommentAttachment(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id') id: string,
    @Query('name') name: unknown,
    @Query('updated_at') updatedAt: unknown,
    @Req() request: FastifyRequest,
    @CurrentActor() actor: Actor,
  ): Promise<ApiAttachment> {
    return this.attachments.create({ owner, repo, kind: 'comment', id }, { name, updated_at: updatedAt }, request, actor);
  }

  @Get(':attachment_id')
  @ApiOkResponse({ type: ApiAttachment })
  issueGetIssueCommentAttachment(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id') id: string,
    @Param('attachment_id') attachmentId: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiAttachment> {
    return this.attachments.get({ owner, repo, kind: 'comment', id }, attachmentId, actor);
  }

  /** Forgejo answers an edit with 201. */
  @Patch(':attachment_id')
  @HttpCode(201)
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiAttachment })
  issueEditIssueCommentAttachment(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id') id: string,
    @Param('attachment_id') attachmentId: string,
    @Body() body: EditAttachmentOptions,
    @CurrentActor() actor: Actor,
  ): Promise<ApiAttachment> {
    return this.attachments.rename({ owner, repo, kind: 'comment', id }, attachmentId, body, actor);
  }

  @Delete(':attachment_id')
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse()
  async issueDeleteIssueCommentAttachment(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id') id: string,
    @Param('attachment_id') attachmentId: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.attachments.delete({ owner, repo, kind: 'comment', id }, attachmentId, actor);
  }
}
