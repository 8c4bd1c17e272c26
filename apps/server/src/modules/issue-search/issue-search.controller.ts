import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiQuery, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { ApiIssue } from '../issues/dto/issue.dto';
import { IssueSearchParams } from './issue-search-query';
import { IssueSearchService } from './issue-search.service';

const MINE = (what: string) => ({ required: false, type: 'boolean', description: `${what} the signed-in user (ignored when anonymous)` });

/** `/repos/issues/search`: issues and pull requests of every repository the caller may read. */
@ApiTags('issue')
@ScopeGroup('issue')
@Controller('repos/issues')
export class IssueSearchController {
  constructor(private readonly search: IssueSearchService) {}

  @Get('search')
  @ApiQuery({ name: 'state', required: false, enum: ['open', 'closed', 'all'], description: 'default: open' })
  @ApiQuery({ name: 'labels', required: false, description: 'comma-separated label names; issues carrying any of them' })
  @ApiQuery({ name: 'milestones', required: false, description: 'comma-separated milestone names; issues in any of them' })
  @ApiQuery({ name: 'q', required: false, description: 'text the title or body contains' })
  @ApiQuery({ name: 'priority_repo_id', required: false, type: 'integer', description: 'accepted; as in Forgejo, not used for ordering' })
  @ApiQuery({ name: 'type', required: false, enum: ['issues', 'pulls'] })
  @ApiQuery({ name: 'since', required: false, format: 'date-time', description: 'updated at or after' })
  @ApiQuery({ name: 'before', required: false, format: 'date-time', description: 'updated at or before' })
  @ApiQuery({ name: 'assigned', ...MINE('assigned to') })
  @ApiQuery({ name: 'created', ...MINE('opened by') })
  @ApiQuery({ name: 'mentioned', ...MINE('mentioning') })
  @ApiQuery({ name: 'review_requested', ...MINE('pull requests awaiting the review of') })
  @ApiQuery({ name: 'reviewed', ...MINE('pull requests reviewed by') })
  @ApiQuery({ name: 'owner', required: false, description: 'only repositories of this owner' })
  @ApiQuery({ name: 'team', required: false, description: 'only repositories this team of `owner` reaches' })
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiIssue], description: 'newest first' })
  @ApiBadRequestResponse({ description: 'unknown owner or team, or a team without its owner' })
  @ApiUnprocessableEntityResponse({ description: 'a malformed parameter' })
  issueSearchIssues(
    @Query() params: IssueSearchParams,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiIssue>> {
    return this.search.search(params, paging, actor?.user);
  }
}
