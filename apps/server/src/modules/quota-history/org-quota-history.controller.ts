import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { OrgMembershipService } from '../accounts/org-membership.service';
import { QuotaHistoryInfo } from './dto/quota-history.dto';
import { historyRoute } from './history-query.decorator';
import { QuotaHistory, RawHistoryQuery } from './quota-history.service';

/**
 * An organization's usage history: `/orgs/{org}/quota/history`, for whoever
 * may read `/orgs/{org}/quota` (its owners and site admins; 403 for others who
 * may see the organization, 404 when it is unknown or hidden from them).
 */
@ApiTags('organization')
@ScopeGroup('organization')
@RequireSignIn({ status: 403 })
@Controller('orgs/:org/quota/history')
export class OrgQuotaHistoryController {
  constructor(
    private readonly history: QuotaHistory,
    private readonly orgs: OrgMembershipService,
  ) {}

  @Get()
  @historyRoute()
  @ApiForbiddenResponse({ description: 'not an owner of the organization' })
  @ApiNotFoundResponse({ description: 'no such organization' })
  async orgGetQuotaHistory(
    @Param('org') org: string,
    @CurrentActor() actor: Actor,
    @Query() query: RawHistoryQuery,
  ): Promise<QuotaHistoryInfo> {
    const { id } = await this.orgs.findManageableOrg(org, actor.user);
    return this.history.answer({ ownerId: id }, query);
  }
}
