import { Controller, Delete, ForbiddenException, Get, HttpCode, Inject, NotFoundException, Param, Put } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Owner, PublicMemberStore } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { ApiUser, ShapeContext, toApiUser } from '../accounts/dto/user.dto';
import { OrgMembershipService } from '../accounts/org-membership.service';
import { paged } from '../accounts/orgs.controller';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { UsersService } from '../accounts/users.service';

/**
 * `/orgs/{org}/public_members…`: the members who show their membership to
 * everyone who may see the organization. A membership is concealed until the
 * member publicizes it, and only the member themself publicizes or conceals
 * it (as in Forgejo, not even an owner may do it for them).
 */
@ApiTags('organization')
@ScopeGroup('organization')
@Controller('orgs/:org/public_members')
export class PublicMembersController {
  constructor(
    private readonly publicMembers: PublicMemberStore,
    private readonly membership: OrgMembershipService,
    private readonly users: UsersService,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
  ) {}

  @Get()
  @paged()
  @ApiOkResponse({ type: [ApiUser] })
  @ApiNotFoundResponse({ description: 'no such organization, or one the caller may not see' })
  async orgListPublicMembers(
    @Param('org') name: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiUser>> {
    const org = await this.membership.findVisibleOrg(name, actor?.user);
    const [members, total] = await this.publicMembers.listPublicMembers(org.id, paging.offset, paging.limit);
    return new PageOf(members, total, paging).map((user) => toApiUser(user, actor?.user, this.shapes));
  }

  @Get(':username')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the user is a public member' })
  @ApiNotFoundResponse({ description: 'not a public member, or no such organization or user' })
  async orgIsPublicMember(
    @Param('org') name: string,
    @Param('username') username: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<void> {
    const org = await this.membership.findVisibleOrg(name, actor?.user);
    const user = await this.users.findUserByName(username);
    if (!user || !(await this.publicMembers.isPublicMember(org.id, user.id))) {
      throw new NotFoundException(`"${username}" is not a public member of "${org.name}"`);
    }
  }

  @Put(':username')
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse({ description: 'the membership is public' })
  @ApiForbiddenResponse({ description: 'not a member, or another member than the caller' })
  @ApiNotFoundResponse({ description: 'no such organization or user' })
  async orgPublicizeMember(@Param('org') name: string, @Param('username') username: string, @CurrentActor() actor: Actor): Promise<void> {
    const { org, user } = await this.ownMembership(name, username, actor, 'publicize');
    await this.publicMembers.publicize(org.id, user.id);
  }

  @Delete(':username')
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse({ description: 'the membership is concealed' })
  @ApiForbiddenResponse({ description: 'not a member, or another member than the caller' })
  @ApiNotFoundResponse({ description: 'no such organization or user' })
  async orgConcealMember(@Param('org') name: string, @Param('username') username: string, @CurrentActor() actor: Actor): Promise<void> {
    const { org, user } = await this.ownMembership(name, username, actor, 'conceal');
    await this.publicMembers.conceal(org.id, user.id);
  }

  /** The caller's own membership: 404 for an unknown organization or user, 403 for a non-member or someone else's. */
  private async ownMembership(name: string, username: string, actor: Actor, verb: string): Promise<{ org: Owner; user: Owner }> {
    const org = await this.membership.findVisibleOrg(name, actor.user);
    const user = await this.users.requireStoredUserByName(username);
    if (!(await this.membership.isMember(org, actor.user))) throw new ForbiddenException(`you must be a member of "${org.name}"`);
    if (user.id !== actor.user.id) throw new ForbiddenException(`only "${user.name}" may ${verb} their membership`);
    return { org, user };
  }
}
