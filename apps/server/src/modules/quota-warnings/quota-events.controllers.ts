import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, RequireSiteAdmin, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { queryText } from '../repo-files/query-flag';
import { Paging, PageRequest } from '../../http/pagination';
import { OrgMembershipService } from '../accounts/org-membership.service';
import { ApiQuotaEvent } from './dto/quota-event.dto';
import { QuotaEvents } from './quota-events.service';

/** The signed-in user's quota events: `/user/quota/events`. */
@ApiTags('user')
@ScopeGroup('user')
@RequireSignIn({ status: 403 })
@Controller('user/quota/events')
export class UserQuotaEventsController {
  constructor(private readonly events: QuotaEvents) {}

  @Get()
  @ApiOperation({ summary: "List the user's quota warning events (WARN_AT thresholds crossed), newest first" })
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiQuotaEvent] })
  userListQuotaEvents(@CurrentActor() actor: Actor, @Paging() paging: PageRequest): Promise<PageOf<ApiQuotaEvent>> {
    return this.events.ofOwner(actor.user, paging);
  }
}

/** An organization's quota events, for those who may read its quota (its owners and site admins). */
@ApiTags('organization')
@ScopeGroup('organization')
@RequireSignIn({ status: 403 })
@ApiForbiddenResponse({ description: 'not an owner of the organization' })
@ApiNotFoundResponse({ description: 'no such organization' })
@Controller('orgs/:org/quota/events')
export class OrgQuotaEventsController {
  constructor(
    private readonly events: QuotaEvents,
    private readonly orgs: OrgMembershipService,
  ) {}

  @Get()
  @ApiOperation({ summary: "List the organization's quota warning events, newest first" })
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiQuotaEvent] })
  async orgListQuotaEvents(
    @Param('org') org: string,
    @CurrentActor() actor: Actor,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiQuotaEvent>> {
    return this.events.ofOwner(await this.orgs.findManageableOrg(org, actor.user), paging);
  }
}

/** Every owner's quota events, for site admins. */
@ApiTags('admin')
@ScopeGroup('admin')
@RequireSiteAdmin({ status: 403 })
@ApiForbiddenResponse({ description: 'not a site administrator' })
@Controller('admin/quota/events')
export class AdminQuotaEventsController {
  constructor(private readonly events: QuotaEvents) {}

  @Get()
  @ApiOperation({ summary: "List every owner's quota warning events (or one owner's), newest first" })
  @ApiQuery({ name: 'owner', required: false, type: 'string', description: 'only this user or organization' })
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiQuotaEvent] })
  @ApiNotFoundResponse({ description: 'no such owner' })
  adminListQuotaEvents(@Query('owner') owner: unknown, @Paging() paging: PageRequest): Promise<PageOf<ApiQuotaEvent>> {
    // Given twice, the first counts (as the other query parameters).
    return this.events.all(queryText(owner), paging);
  }
}
