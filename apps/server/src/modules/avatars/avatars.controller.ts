import { Body, Controller, Delete, Get, Headers, HttpCode, NotFoundException, Param, Post, Res } from '@nestjs/common';
import {
  ApiExcludeController,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { AvatarsService, ServedAvatar } from './avatars.service';
import { UpdateRepoAvatarOption, UpdateUserAvatarOption } from './dto/update-avatar.dto';

const uploadRefusals = [
  ApiUnprocessableEntityResponse({ description: 'not a PNG, JPEG, GIF or WebP image, or no image given' }),
  ApiPayloadTooLargeResponse({ description: 'larger than [avatar] MAX_FILE_SIZE' }),
];
const apply =
  (...decorators: MethodDecorator[]): MethodDecorator =>
  (target, key, descriptor) => {
    for (const decorator of decorators) decorator(target, key, descriptor);
  };

/** `/user/avatar`: the signed-in user's own avatar. */
@ApiTags('user')
@ScopeGroup('user')
@RequireSignIn()
@Controller('user/avatar')
export class UserAvatarController {
  constructor(private readonly avatars: AvatarsService) {}

  @Post()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the avatar is replaced' })
  @apply(...uploadRefusals)
  async userUpdateAvatar(@Body() body: UpdateUserAvatarOption, @CurrentActor() actor: Actor): Promise<void> {
    await this.avatars.setOwnerAvatar(actor.user, body.image);
  }

  @Delete()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the default avatar is shown again' })
  async userDeleteAvatar(@CurrentActor() actor: Actor): Promise<void> {
    await this.avatars.deleteOwnerAvatar(actor.user);
  }
}

/** `/orgs/{org}/avatar`: an organization's avatar, for its owners. */
@ApiTags('organization')
@ScopeGroup('organization')
@RequireSignIn()
@Controller('orgs/:org/avatar')
export class OrgAvatarController {
  constructor(private readonly avatars: AvatarsService) {}

  @Post()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the avatar is replaced' })
  @ApiNotFoundResponse({ description: 'no such organization, or one hidden from the caller' })
  @ApiForbiddenResponse({ description: 'not an owner of the organization' })
  @apply(...uploadRefusals)
  async orgUpdateAvatar(@Param('org') org: string, @Body() body: UpdateUserAvatarOption, @CurrentActor() actor: Actor): Promise<void> {
    await this.avatars.setOwnerAvatar(await this.avatars.manageableOrg(org, actor), body.image);
  }

  @Delete()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the default avatar is shown again' })
  @ApiNotFoundResponse({ description: 'no such organization, or one hidden from the caller' })
  @ApiForbiddenResponse({ description: 'not an owner of the organization' })
  async orgDeleteAvatar(@Param('org') org: string, @CurrentActor() actor: Actor): Promise<void> {
    await this.avatars.deleteOwnerAvatar(await this.avatars.manageableOrg(org, actor));
  }
}

/** `/repos/{owner}/{repo}/avatar`: a repository's avatar, for its admins. */
@ApiTags('repository')
@ScopeGroup('repository')
@RequireSignIn()
@Controller('repos/:owner/:repo/avatar')
export class RepoAvatarController {
  constructor(private readonly avatars: AvatarsService) {}

  @Post()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the avatar is replaced' })
  @ApiNotFoundResponse({ description: 'no such repository, or one the caller may not read' })
  @ApiForbiddenResponse({ description: 'not an administrator of the repository' })
  @apply(...uploadRefusals)
  async repoUpdateAvatar(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Body() body: UpdateRepoAvatarOption,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.avatars.setRepositoryAvatar(owner, repo, actor, body.image);
  }

  @Delete()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the repository shows no avatar any more' })
  @ApiNotFoundResponse({ description: 'no such repository, or one the caller may not read' })
  @ApiForbiddenResponse({ description: 'not an administrator of the repository' })
  async repoDeleteAvatar(@Param('owner') owner: string, @Param('repo') repo: string, @CurrentActor() actor: Actor): Promise<void> {
    await this.avatars.deleteRepositoryAvatar(owner, repo, actor);
  }
}

/**
 * `GET {ROOT_URL}avatars/{id}` and `{ROOT_URL}repo-avatars/{id}`: the images
 * `avatar_url` points at, beside the API. Revalidated on every use (ETag),
 * since an upload replaces the image behind the same URL.
 */
@ApiExcludeController()
@ScopeGroup('user')
@Controller()
export class AvatarFilesController {
  constructor(private readonly avatars: AvatarsService) {}

  @Get('avatars/:id')
  async ownerAvatarFile(
    @Param('id') id: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @CurrentActor() actor: Actor | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | string | undefined> {
    return send(await this.avatars.ownerAvatar(idOf(id), actor), ifNoneMatch, reply);
  }

  @Get('repo-avatars/:id')
  async repoAvatarFile(
    @Param('id') id: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @CurrentActor() actor: Actor | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | string | undefined> {
    return send(await this.avatars.repositoryAvatar(idOf(id), actor), ifNoneMatch, reply);
  }
}

function idOf(text: string): number {
  const id = /^[1-9][0-9]{0,15}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id)) throw new NotFoundException('no such avatar');
  return id;
}

function send(avatar: ServedAvatar, ifNoneMatch: string | undefined, reply: FastifyReply): Buffer | string | undefined {
  reply.header('Cache-Control', 'public, no-cache');
  reply.header('ETag', avatar.etag);
  reply.header('X-Content-Type-Options', 'nosniff');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === avatar.etag)) {
    reply.status(304);
    return undefined;
  }
  if (avatar.kind === 'default') {
    reply.type('image/svg+xml');
    return avatar.svg;
  }
  reply.type(avatar.contentType);
  return avatar.bytes;
}
