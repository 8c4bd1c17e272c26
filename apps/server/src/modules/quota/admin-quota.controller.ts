import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { QuotaGroupInfo, QuotaRuleInfo as DomainRuleInfo } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSiteAdmin, ScopeGroup } from '../../http/auth/auth-metadata';
import { ApiUser } from '../accounts/dto/user.dto';
import { QuotaAdministration } from './quota-administration.service';
import {
  CreateQuotaGroupOptions,
  CreateQuotaRuleOptions,
  EditQuotaRuleOptions,
  QuotaGroup,
  QuotaInfo,
  QuotaRuleInfo,
  SetUserQuotaGroupsOptions,
} from './dto/quota.dto';

/**
 * Site administration of quota: rules, groups, which owners (users and
 * organizations alike) are in which group, and any owner's quota. Each route
 * hands its input to the QuotaAdministration use case of the same name.
 */
@ApiTags('admin')
@ScopeGroup('admin')
// The quota API answers 403 to everyone but site admins, signed in or not.
@RequireSiteAdmin({ status: 403 })
@Controller('admin')
export class AdminQuotaController {
  constructor(private readonly quota: QuotaAdministration) {}

  @Get('quota/rules')
  @ApiOkResponse({ type: [QuotaRuleInfo] })
  async adminListQuotaRules(): Promise<DomainRuleInfo[]> {
    return this.quota.listRules();
  }

  @Post('quota/rules')
  @ApiCreatedResponse({ type: QuotaRuleInfo })
  @ApiConflictResponse({ description: 'a rule of that name exists' })
  @ApiUnprocessableEntityResponse({ description: 'bad name, limit or subject' })
  async adminCreateQuotaRule(@Body() body: CreateQuotaRuleOptions): Promise<DomainRuleInfo> {
    return this.quota.createRule(body);
  }

  @Get('quota/rules/:quotarule')
  @ApiOkResponse({ type: QuotaRuleInfo })
  @ApiNotFoundResponse({ description: 'no such rule' })
  async adminGetQuotaRule(@Param('quotarule') name: string): Promise<DomainRuleInfo> {
    return this.quota.getRule(name);
  }

  @Patch('quota/rules/:quotarule')
  @ApiOkResponse({ type: QuotaRuleInfo })
  @ApiNotFoundResponse({ description: 'no such rule' })
  @ApiUnprocessableEntityResponse({ description: 'bad limit or subject' })
  async adminEditQuotaRule(@Param('quotarule') name: string, @Body() body: EditQuotaRuleOptions): Promise<DomainRuleInfo> {
    return this.quota.editRule(name, { limit: body.limit, subjects: body.subjects });
  }

  /** Forgejo's operationId really is spelled `adminDEleteQuotaRule`; generated clients call it so. */
  @Delete('quota/rules/:quotarule')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'deleted, and removed from every group' })
  @ApiNotFoundResponse({ description: 'no such rule' })
  async adminDEleteQuotaRule(@Param('quotarule') name: string): Promise<void> {
    await this.quota.deleteRule(name);
  }

  @Get('quota/groups')
  @ApiOkResponse({ type: [QuotaGroup] })
  async adminListQuotaGroups(): Promise<QuotaGroupInfo[]> {
    return this.quota.listGroups();
  }

  @Post('quota/groups')
  @ApiCreatedResponse({ type: QuotaGroup })
  @ApiConflictResponse({ description: 'a group of that name exists' })
  @ApiUnprocessableEntityResponse({ description: 'bad name, or a bad inline rule' })
  async adminCreateQuotaGroup(@Body() body: CreateQuotaGroupOptions): Promise<QuotaGroupInfo> {
    return this.quota.createGroup(body);
  }

  @Get('quota/groups/:quotagroup')
  @ApiOkResponse({ type: QuotaGroup })
  @ApiNotFoundResponse({ description: 'no such group' })
  async adminGetQuotaGroup(@Param('quotagroup') name: string): Promise<QuotaGroupInfo> {
    return this.quota.getGroup(name);
  }

  @Delete('quota/groups/:quotagroup')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'deleted with its assignments; its rules stay' })
  @ApiNotFoundResponse({ description: 'no such group' })
  async adminDeleteQuotaGroup(@Param('quotagroup') name: string): Promise<void> {
    await this.quota.deleteGroup(name);
  }

  @Put('quota/groups/:quotagroup/rules/:quotarule')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'added' })
  @ApiNotFoundResponse({ description: 'no such group or rule' })
  @ApiConflictResponse({ description: 'the rule is already in the group' })
  async adminAddRuleToQuotaGroup(@Param('quotagroup') group: string, @Param('quotarule') rule: string): Promise<void> {
    await this.quota.addRuleToGroup(group, rule);
  }

  /** Forgejo documents 201 here but answers 204, like every other removal; so do we. */
  @Delete('quota/groups/:quotagroup/rules/:quotarule')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'removed' })
  @ApiNotFoundResponse({ description: 'no such group or rule, or the rule is not in the group' })
  async adminRemoveRuleFromQuotaGroup(@Param('quotagroup') group: string, @Param('quotarule') rule: string): Promise<void> {
    await this.quota.removeRuleFromGroup(group, rule);
  }

  @Get('quota/groups/:quotagroup/users')
  @ApiOkResponse({ type: [ApiUser] })
  @ApiNotFoundResponse({ description: 'no such group' })
  async adminListUsersInQuotaGroup(@Param('quotagroup') name: string, @CurrentActor() actor: Actor): Promise<ApiUser[]> {
    return this.quota.membersOf(name, actor.user);
  }

  @Put('quota/groups/:quotagroup/users/:username')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'assigned' })
  @ApiNotFoundResponse({ description: 'no such group, user or organization' })
  @ApiConflictResponse({ description: 'already in the group' })
  async adminAddUserToQuotaGroup(@Param('quotagroup') group: string, @Param('username') username: string): Promise<void> {
    await this.quota.assign(group, username);
  }

  @Delete('quota/groups/:quotagroup/users/:username')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'unassigned' })
  @ApiNotFoundResponse({ description: 'no such group, user or organization, or not in the group' })
  async adminRemoveUserFromQuotaGroup(@Param('quotagroup') group: string, @Param('username') username: string): Promise<void> {
    await this.quota.unassign(group, username);
  }

  @Get('users/:username/quota')
  @ApiOkResponse({ type: QuotaInfo })
  @ApiNotFoundResponse({ description: 'no such user or organization' })
  async adminGetUserQuota(@Param('username') username: string): Promise<QuotaInfo> {
    return this.quota.quotaOf(username);
  }

  @Post('users/:username/quota/groups')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the owner is now in exactly these groups' })
  @ApiNotFoundResponse({ description: 'no such user or organization' })
  @ApiUnprocessableEntityResponse({ description: 'groups is not a list of names, or names a group that does not exist' })
  async adminSetUserQuotaGroups(@Param('username') username: string, @Body() body: SetUserQuotaGroupsOptions): Promise<void> {
    await this.quota.replaceGroups(username, body?.groups);
  }
}
