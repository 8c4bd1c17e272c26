import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import {
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { QuotaEngine } from '@bellows/domain';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { OrgMembershipService } from '../accounts/org-membership.service';
import { QuotaInfo, QuotaUsedArtifact, QuotaUsedAttachment, QuotaUsedPackage } from './dto/quota.dto';
import { asUnprocessable } from './quota-input';
import { quotaInfoOptionsFor } from './quota-names';
import { QuotaUsageListingService } from './quota-usage-listing.service';

/**
 * An organization's quota: `/orgs/{org}/quota…`, for its owners and site
 * admins (403 for others who may see the organization, 404 when it is unknown or hidden).
 */
@ApiTags('organization')
@ScopeGroup('organization')
@RequireSignIn({ status: 403 })
@ApiForbiddenResponse({ description: 'not an owner of the organization' })
@ApiNotFoundResponse({ description: 'no such organization' })
@Controller('orgs/:org/quota')
export class OrgQuotaController {
  constructor(
    private readonly engine: QuotaEngine,
    private readonly listing: QuotaUsageListingService,
    @Inject(CONFIG) private readonly config: BellowsConfig,
    private readonly orgs: OrgMembershipService,
  ) {}

  @Get()
  @ApiOkResponse({ type: QuotaInfo })
  async orgGetQuota(@Param('org') org: string, @CurrentActor() actor: Actor): Promise<QuotaInfo> {
    return this.engine.info(await this.orgIdFor(org, actor), quotaInfoOptionsFor(actor, this.config));
  }

  @Get('check')
  @ApiQuery({ name: 'subject', required: true, type: 'string' })
  @ApiOkResponse({ type: Boolean, description: 'true when the organization is over quota for the subject' })
  @ApiUnprocessableEntityResponse({ description: 'subject missing or not a quota subject' })
  async orgCheckQuota(@Param('org') org: string, @CurrentActor() actor: Actor, @Query('subject') subject: unknown): Promise<boolean> {
    const orgId = await this.orgIdFor(org, actor);
    return asUnprocessable(() => this.engine.check(orgId, subject));
  }

  @Get('attachments')
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [QuotaUsedAttachment] })
  async orgListQuotaAttachments(
    @Param('org') org: string,
    @CurrentActor() actor: Actor,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<QuotaUsedAttachment>> {
    return this.listing.attachments(await this.orgIdFor(org, actor), paging);
  }

  @Get('packages')
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [QuotaUsedPackage] })
  async orgListQuotaPackages(
    @Param('org') org: string,
    @CurrentActor() actor: Actor,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<QuotaUsedPackage>> {
    return this.listing.packages(await this.orgIdFor(org, actor), paging);
  }

  @Get('artifacts')
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [QuotaUsedArtifact] })
  async orgListQuotaArtifacts(
    @Param('org') org: string,
    @CurrentActor() actor: Actor,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<QuotaUsedArtifact>> {
    return this.listing.artifacts(await this.orgIdFor(org, actor), paging);
  }

  private async orgIdFor(name: string, actor: Actor): Promise<number> {
    return (await this.orgs.findManageableOrg(name, actor.user)).id;
  }
}
