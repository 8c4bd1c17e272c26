import { Controller, Get, NotFoundException, Param, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import { OwnerStore } from '@bellows/domain';
import { RequireSiteAdmin, ScopeGroup } from '../../http/auth/auth-metadata';
import { QuotaHistoryInfo } from './dto/quota-history.dto';
import { historyRoute } from './history-query.decorator';
import { QuotaHistory, RawHistoryQuery } from './quota-history.service';

/** Site admins read any owner's usage history and the instance's (every owner added up). */
@ApiTags('admin')
@ScopeGroup('admin')
// As the rest of the admin quota API: 403 to everyone but site admins, signed in or not.
@RequireSiteAdmin({ status: 403 })
@Controller('admin')
export class AdminQuotaHistoryController {
  constructor(
    private readonly history: QuotaHistory,
    private readonly owners: OwnerStore,
  ) {}

  @Get('quota/history')
  @historyRoute()
  adminGetQuotaHistory(@Query() query: RawHistoryQuery): Promise<QuotaHistoryInfo> {
    return this.history.answer('instance', query);
  }

  @Get('users/:username/quota/history')
  @historyRoute()
  @ApiNotFoundResponse({ description: 'no such user or organization' })
  async adminGetUserQuotaHistory(@Param('username') username: string, @Query() query: RawHistoryQuery): Promise<QuotaHistoryInfo> {
    const owner = await this.owners.findByName(username);
    if (!owner) throw new NotFoundException(`user or organization "${username}" does not exist`);
    return this.history.answer({ ownerId: owner.id }, query);
  }
}
