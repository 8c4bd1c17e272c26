import { Body, ConflictException, Controller, Delete, Get, HttpCode, Inject, NotFoundException, Param, Patch, Post, Put, UnprocessableEntityException } from '@nestjs/common';
import {
  ApiConflictResponse, ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { LimitChange, QuotaEngine, QuotaGroup as DomainGroup, QuotaGroupInfo, QuotaRule, QuotaRuleInfo as DomainRuleInfo } from '@bellows/domain';
import { Database, OwnerEntity } from '@bellows/persistence-typeorm';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSiteAdmin, ScopeGroup } from '../../http/auth/auth-metadata';
import { ApiUser, toApiUser } from '../accounts/api-shapes';
import { CreateQuotaGroupOptions, CreateQuotaRuleOptions, EditQuotaRuleOptions, QuotaGroup, QuotaInfo, QuotaRuleInfo, SetUserQuotaGroupsOptions } from './quota-api.dto';
import { asUnprocessable } from './quota-input';

/**
 * Site administration of quota: rules, groups, which owners (users and
 * organizations alike) are in which group, and any owner's quota.
 */
@ApiTags('admin')
@ScopeGroup('admin')
// The quota API answers 403 to everyone but site admins, signed in or not.
@RequireSiteAdmin({ status: 403 })
@Controller('admin')
export class AdminQuotaController {
  constructor(
    private readonly db: Database,
    private readonly engine: QuotaEngine,
    @Inject(CONFIG) private readonly config: BellowsConfig,
  ) {}

  @Get('quota/rules')
  @ApiOkResponse({ type: [QuotaRuleInfo] })
  async adminListQuotaRules(): Promise<DomainRuleInfo[]> {
    return (await this.db.quotaLimits.listRules()).map((rule) => rule.toInfo());
  }

  @Post('quota/rules')
  @ApiCreatedResponse({ type: QuotaRuleInfo })
  @ApiConflictResponse({ description: 'a rule of that name exists' })
  @ApiUnprocessableEntityResponse({ description: 'bad name, limit or subject' })
  async adminCreateQuotaRule(@Body() body: CreateQuotaRuleOptions): Promise<DomainRuleInfo> {
    const rule = await asUnprocessable(() => QuotaRule.create({ name: body.name, limit: body.limit, subjects: body.subjects }));
    expectChange(await this.db.quotaLimits.createRule(rule), `quota rule "${rule.name}"`);
    return rule.toInfo();
  }

  @Get('quota/rules/:quotarule')
  @ApiOkResponse({ type: QuotaRuleInfo })
  @ApiNotFoundResponse({ description: 'no such rule' })
  async adminGetQuotaRule(@Param('quotarule') name: string): Promise<DomainRuleInfo> {
    return (await this.requireRule(name)).toInfo();
  }

  @Patch('quota/rules/:quotarule')
  @ApiOkResponse({ type: QuotaRuleInfo })
  @ApiNotFoundResponse({ description: 'no such rule' })
  @ApiUnprocessableEntityResponse({ description: 'bad limit or subject' })
  async adminEditQuotaRule(@Param('quotarule') name: string, @Body() body: EditQuotaRuleOptions): Promise<DomainRuleInfo> {
    const edited = await asUnprocessable(async () => (await this.requireRule(name)).edit({ limit: body.limit, subjects: body.subjects }));
    expectChange(await this.db.quotaLimits.updateRule(edited), `quota rule "${name}"`);
    return edited.toInfo();
  }

  /** Forgejo's operationId really is spelled `adminDEleteQuotaRule`; generated clients call it so. */
  @Delete('quota/rules/:quotarule')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'deleted, and removed from every group' })
  @ApiNotFoundResponse({ description: 'no such rule' })
  async adminDEleteQuotaRule(@Param('quotarule') name: string): Promise<void> {
    expectChange(await this.db.quotaLimits.deleteRule(name), `quota rule "${name}"`);
  }

  @Get('quota/groups')
  @ApiOkResponse({ type: [QuotaGroup] })
  async adminListQuotaGroups(): Promise<QuotaGroupInfo[]> {
    return (await this.db.quotaLimits.listGroups()).map((group) => group.toInfo());
  }

  @Post('quota/groups')
  @ApiCreatedResponse({ type: QuotaGroup })
  @ApiConflictResponse({ description: 'a group of that name exists' })
  @ApiUnprocessableEntityResponse({ description: 'bad name, or a bad inline rule' })
  async adminCreateQuotaGroup(@Body() body: CreateQuotaGroupOptions): Promise<QuotaGroupInfo> {
    const rules = await asUnprocessable(() => this.inlineRules(body.rules));
    const group = await asUnprocessable(() => DomainGroup.create(body.name, rules));
    expectChange(await this.db.quotaLimits.createGroup(group), `quota group "${group.name}"`);
    return (await this.requireGroup(group.name)).toInfo();
  }

  @Get('quota/groups/:quotagroup')
  @ApiOkResponse({ type: QuotaGroup })
  @ApiNotFoundResponse({ description: 'no such group' })
  async adminGetQuotaGroup(@Param('quotagroup') name: string): Promise<QuotaGroupInfo> {
    return (await this.requireGroup(name)).toInfo();
  }

  @Delete('quota/groups/:quotagroup')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'deleted with its assignments; its rules stay' })
  @ApiNotFoundResponse({ description: 'no such group' })
  async adminDeleteQuotaGroup(@Param('quotagroup') name: string): Promise<void> {
    expectChange(await this.db.quotaLimits.deleteGroup(name), `quota group "${name}"`);
  }

  @Put('quota/groups/:quotagroup/rules/:quotarule')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'added' })
  @ApiNotFoundResponse({ description: 'no such group or rule' })
  @ApiConflictResponse({ description: 'the rule is already in the group' })
  async adminAddRuleToQuotaGroup(@Param('quotagroup') group: string, @Param('quotarule') rule: string): Promise<void> {
    expectChange(await this.db.quotaLimits.addRuleToGroup(group, rule), `quota group "${group}" or rule "${rule}"`, `rule "${rule}" is already in group "${group}"`);
  }

  /** Forgejo documents 201 here but answers 204, like every other removal; so do we. */
  @Delete('quota/groups/:quotagroup/rules/:quotarule')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'removed' })
  @ApiNotFoundResponse({ description: 'no such group or rule, or the rule is not in the group' })
  async adminRemoveRuleFromQuotaGroup(@Param('quotagroup') group: string, @Param('quotarule') rule: string): Promise<void> {
    expectChange(await this.db.quotaLimits.removeRuleFromGroup(group, rule), `rule "${rule}" in quota group "${group}"`);
  }

  @Get('quota/groups/:quotagroup/users')
  @ApiOkResponse({ type: [ApiUser] })
  @ApiNotFoundResponse({ description: 'no such group' })
  async adminListUsersInQuotaGroup(@Param('quotagroup') name: string, @CurrentActor() actor: Actor): Promise<ApiUser[]> {
    await this.requireGroup(name);
    const owners = await Promise.all((await this.db.quotaLimits.ownersInGroup(name)).map((id) => this.db.owners.findById(id)));
    const shapes = { rootUrl: this.config.server.rootUrl };
    return owners.filter((owner): owner is OwnerEntity => owner !== null).map((owner) => toApiUser(owner, actor.user, shapes));
  }

  @Put('quota/groups/:quotagroup/users/:username')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'assigned' })
  @ApiNotFoundResponse({ description: 'no such group, user or organization' })
  @ApiConflictResponse({ description: 'already in the group' })
  async adminAddUserToQuotaGroup(@Param('quotagroup') group: string, @Param('username') username: string): Promise<void> {
    const owner = await this.requireOwner(username);
    expectChange(await this.db.quotaLimits.assign(owner.id, group), `quota group "${group}"`, `"${owner.name}" is already in quota group "${group}"`);
  }

  @Delete('quota/groups/:quotagroup/users/:username')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'unassigned' })
  @ApiNotFoundResponse({ description: 'no such group, user or organization, or not in the group' })
  async adminRemoveUserFromQuotaGroup(@Param('quotagroup') group: string, @Param('username') username: string): Promise<void> {
    const owner = await this.requireOwner(username);
    expectChange(await this.db.quotaLimits.unassign(owner.id, group), `"${owner.name}" in quota group "${group}"`);
  }

  @Get('users/:username/quota')
  @ApiOkResponse({ type: QuotaInfo })
  @ApiNotFoundResponse({ description: 'no such user or organization' })
  async adminGetUserQuota(@Param('username') username: string): Promise<QuotaInfo> {
    return this.engine.info((await this.requireOwner(username)).id);
  }

  @Post('users/:username/quota/groups')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the owner is now in exactly these groups' })
  @ApiNotFoundResponse({ description: 'no such user or organization' })
  @ApiUnprocessableEntityResponse({ description: 'groups is not a list of names, or names a group that does not exist' })
  async adminSetUserQuotaGroups(@Param('username') username: string, @Body() body: SetUserQuotaGroupsOptions): Promise<void> {
    const owner = await this.requireOwner(username);
    const groups = body?.groups;
    if (!Array.isArray(groups) || !groups.every((name) => typeof name === 'string')) {
      throw new UnprocessableEntityException('groups must be a list of quota group names');
    }
    if ((await this.db.quotaLimits.replaceAssignments(owner.id, groups)) === 'not-found') {
      throw new UnprocessableEntityException(`groups names a quota group that does not exist: ${groups.join(', ')}`);
    }
  }

  /**
   * The rules of CreateQuotaGroupOptions, as Forgejo reads them: a rule whose
   * name exists is used as stored (its stored limit and subjects win over any
   * given); any other is created, its limit defaulting to 0 and its subjects to
   * none (validated by the domain: a QuotaValidationError → 422). A name given
   * twice counts once.
   */
  private async inlineRules(input: unknown): Promise<QuotaRule[]> {
    if (input === undefined || input === null) return [];
    if (!Array.isArray(input)) throw new UnprocessableEntityException('rules must be a list of rules');
    const rules = await Promise.all(input.map((rule) => this.inlineRule(rule)));
    const byName = new Map(rules.map((rule) => [rule.name.toLowerCase(), rule]));
    return [...byName.values()];
  }

  private async inlineRule(input: unknown): Promise<QuotaRule> {
    const rule = (input ?? {}) as { name?: unknown; limit?: unknown; subjects?: unknown };
    const existing = typeof rule.name === 'string' ? await this.db.quotaLimits.findRule(rule.name) : undefined;
    return existing ?? QuotaRule.create({ name: rule.name, limit: rule.limit ?? 0, subjects: rule.subjects });
  }

  private async requireRule(name: string): Promise<QuotaRule> {
    const rule = await this.db.quotaLimits.findRule(name);
    if (!rule) throw new NotFoundException(`quota rule "${name}" does not exist`);
    return rule;
  }

  private async requireGroup(name: string): Promise<DomainGroup> {
    const group = await this.db.quotaLimits.findGroup(name);
    if (!group) throw new NotFoundException(`quota group "${name}" does not exist`);
    return group;
  }

  /** Users and organizations can both hold quota groups. */
  private async requireOwner(name: string): Promise<OwnerEntity> {
    const owner = await this.db.owners.findByName(name);
    if (!owner) throw new NotFoundException(`user or organization "${name}" does not exist`);
    return owner;
  }
}

/** Maps the store's answer to Forgejo's statuses: `not-found` → 404, `exists` → 409. */
function expectChange(change: LimitChange, what: string, existsMessage = `${what} already exists`): void {
  if (change === 'not-found') throw new NotFoundException(`${what} does not exist`);
  if (change === 'exists') throw new ConflictException(existsMessage);
}
