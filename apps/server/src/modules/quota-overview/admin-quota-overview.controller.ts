import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { QUOTA_SUBJECTS } from '@bellows/domain';
import { RequireSiteAdmin, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { QuotaOverviewItem, QuotaOverviewTotal } from './dto/quota-overview.dto';
import { overviewQueryFrom } from './overview-query';
import { OwnerQuotaSummary, QuotaSummaries } from './quota-summaries';

/**
 * The operators' overview: every owner's storage, sorted, filtered and paged,
 * and the instance's totals. Site admins only (others 403, anonymous 401, as
 * Forgejo's admin routes).
 */
@ApiTags('admin')
@ScopeGroup('admin')
@RequireSiteAdmin()
@Controller('admin/quota/usage')
export class AdminQuotaOverviewController {
  constructor(private readonly summaries: QuotaSummaries) {}

  @Get()
  @ApiOperation({ summary: "List every user's and organization's storage, with its groups and whether it is over quota" })
  @ApiQuery({ name: 'sort', required: false, enum: QUOTA_SUBJECTS, description: 'the subject to order by (default size:all)' })
  @ApiQuery({ name: 'order', required: false, enum: ['asc', 'desc'], description: 'default desc; ties by owner id in the same direction' })
  @ApiQuery({ name: 'over', required: false, type: Boolean, description: 'only owners over (true) or within (false) quota for size:all' })
  @ApiQuery({ name: 'type', required: false, enum: ['user', 'org'] })
  @ApiQuery({ name: 'q', required: false, description: "part of the owner's name, case-insensitive" })
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [QuotaOverviewItem], description: 'X-Total-Count says how many owners match' })
  @ApiBadRequestResponse({ description: 'a bad sort, order, over, type, page or limit' })
  async adminListQuotaUsage(@Query() query: Record<string, unknown>, @Paging() paging: PageRequest): Promise<PageOf<QuotaOverviewItem>> {
    const { total, items } = await this.summaries.list(overviewQueryFrom(query, paging));
    return new PageOf(items.map(itemOf), total, paging);
  }

  @Get('total')
  @ApiOperation({ summary: "The instance's storage per subject, its owners and how many are over quota" })
  @ApiOkResponse({ type: QuotaOverviewTotal })
  async adminGetQuotaUsageTotal(): Promise<QuotaOverviewTotal> {
    const totals = await this.summaries.instanceTotals();
    return { owners: totals.owners, owners_over_quota: totals.ownersOverQuota, used: totals.usage.toUsed(), subjects: totals.subjects };
  }
}

export function itemOf(summary: OwnerQuotaSummary): QuotaOverviewItem {
  return {
    owner: { id: summary.ownerId, name: summary.name, type: summary.type === 'org' ? 'organization' : 'user' },
    used: summary.usage.toUsed(),
    subjects: summary.bytes,
    groups: [...summary.groups],
    over_quota: summary.overQuota,
  };
}
