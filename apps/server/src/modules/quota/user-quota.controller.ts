import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { QuotaEngine } from '@bellows/domain';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { QuotaInfo, QuotaUsedArtifact, QuotaUsedAttachment, QuotaUsedPackage } from './dto/quota.dto';
import { asUnprocessable } from './quota-input';
import { quotaInfoOptionsFor } from './quota-names';
import { QuotaUsageListingService } from './quota-usage-listing.service';

/** The signed-in user's own quota: `/user/quota…`. Nothing here is about anyone else. */
@ApiTags('user')
@ScopeGroup('user')
@RequireSignIn({ status: 403 })
@Controller('user/quota')
export class UserQuotaController {
  constructor(
    private readonly engine: QuotaEngine,
    private readonly listing: QuotaUsageListingService,
    @Inject(CONFIG) private readonly config: BellowsConfig,
  ) {}

  @Get()
  @ApiOkResponse({ type: QuotaInfo })
  userGetQuota(@CurrentActor() actor: Actor): Promise<QuotaInfo> {
    return this.engine.info(actor.user.id, quotaInfoOptionsFor(actor, this.config));
  }

  @Get('check')
  @ApiQuery({ name: 'subject', required: true, type: 'string' })
  @ApiOkResponse({ type: Boolean, description: 'true when the user is over quota for the subject' })
  @ApiUnprocessableEntityResponse({ description: 'subject missing or not a quota subject' })
  userCheckQuota(@CurrentActor() actor: Actor, @Query('subject') subject: unknown): Promise<boolean> {
    return asUnprocessable(() => this.engine.check(actor.user.id, subject));
  }

  @Get('attachments')
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [QuotaUsedAttachment] })
  userListQuotaAttachments(@CurrentActor() actor: Actor, @Paging() paging: PageRequest): Promise<PageOf<QuotaUsedAttachment>> {
    return this.listing.attachments(actor.user.id, paging);
  }

  @Get('packages')
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [QuotaUsedPackage] })
  userListQuotaPackages(@CurrentActor() actor: Actor, @Paging() paging: PageRequest): Promise<PageOf<QuotaUsedPackage>> {
    return this.listing.packages(actor.user.id, paging);
  }

  @Get('artifacts')
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [QuotaUsedArtifact] })
  userListQuotaArtifacts(@CurrentActor() actor: Actor, @Paging() paging: PageRequest): Promise<PageOf<QuotaUsedArtifact>> {
    return this.listing.artifacts(actor.user.id, paging);
  }
}
