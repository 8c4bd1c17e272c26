import { ConflictException, Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import {
  LimitChange,
  Owner,
  OwnerStore,
  QuotaEngine,
  QuotaGroup,
  QuotaGroupInfo,
  QuotaInfo,
  QuotaLimitStore,
  QuotaOutbox,
  QuotaRule,
  QuotaRuleInfo,
} from '@bellows/domain';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { ApiUser, toApiUser } from '../accounts/dto/user.dto';
import { asUnprocessable } from './quota-input';

/**
 * The site administrator's quota use cases: rules, groups, which owners (users
 * and organizations alike) are in which group, and any owner's quota. The
 * domain validates rules and groups; the store keeps them.
 */
@Injectable()
export class QuotaAdministration {
  constructor(
    private readonly limits: QuotaLimitStore,
    private readonly owners: OwnerStore,
    private readonly engine: QuotaEngine,
    @Inject(CONFIG) private readonly config: BellowsConfig,
    private readonly outbox: QuotaOutbox,
  ) {}

  async listRules(): Promise<QuotaRuleInfo[]> {
    return (await this.limits.listRules()).map((rule) => rule.toInfo());
  }

  async createRule(input: { name: unknown; limit: unknown; subjects?: unknown }): Promise<QuotaRuleInfo> {
    const rule = await asUnprocessable(() => QuotaRule.create({ name: input.name, limit: input.limit, subjects: input.subjects }));
    expectChange(await this.limits.createRule(rule), `quota rule "${rule.name}"`);
    return rule.toInfo();
  }

  async getRule(name: string): Promise<QuotaRuleInfo> {
    return (await this.requireRule(name)).toInfo();
  }

  async editRule(name: string, changes: { limit?: unknown; subjects?: unknown }): Promise<QuotaRuleInfo> {
    const edited = await asUnprocessable(async () => (await this.requireRule(name)).edit(changes));
    expectChange(await this.limits.updateRule(edited), `quota rule "${name}"`);
    await this.reevaluateGroups(await this.groupsWithRule(name));
    return edited.toInfo();
  }

  async deleteRule(name: string): Promise<void> {
    const groups = await this.groupsWithRule(name);
    const owners = await this.ownersOf(groups);
    expectChange(await this.limits.deleteRule(name), `quota rule "${name}"`);
    await this.reevaluate(owners, groups);
  }

  async listGroups(): Promise<QuotaGroupInfo[]> {
    return (await this.limits.listGroups()).map((group) => group.toInfo());
  }

  async createGroup(input: { name: unknown; rules?: unknown }): Promise<QuotaGroupInfo> {
    const rules = await asUnprocessable(() => this.inlineRules(input.rules));
    const group = await asUnprocessable(() => QuotaGroup.create(input.name, rules));
    expectChange(await this.limits.createGroup(group), `quota group "${group.name}"`);
    await this.reevaluateGroups([group.name]); // a new group has no members, but it may be one of DEFAULT_GROUPS
    return (await this.requireGroup(group.name)).toInfo();
  }

  async getGroup(name: string): Promise<QuotaGroupInfo> {
    return (await this.requireGroup(name)).toInfo();
  }

  async deleteGroup(name: string): Promise<void> {
    const owners = await this.limits.ownersInGroup(name);
    expectChange(await this.limits.deleteGroup(name), `quota group "${name}"`);
    await this.reevaluate(owners, [name]);
  }

  async addRuleToGroup(group: string, rule: string): Promise<void> {
    expectChange(
      await this.limits.addRuleToGroup(group, rule),
      `quota group "${group}" or rule "${rule}"`,
      `rule "${rule}" is already in group "${group}"`,
    );
    await this.reevaluateGroups([group]);
  }

  async removeRuleFromGroup(group: string, rule: string): Promise<void> {
    expectChange(await this.limits.removeRuleFromGroup(group, rule), `rule "${rule}" in quota group "${group}"`);
    await this.reevaluateGroups([group]);
  }

  async membersOf(group: string, viewer: Owner): Promise<ApiUser[]> {
    await this.requireGroup(group);
    const owners = await Promise.all((await this.limits.ownersInGroup(group)).map((id) => this.owners.findById(id)));
    const shapes = { rootUrl: this.config.server.rootUrl };
    return owners.filter((owner): owner is Owner => owner !== null).map((owner) => toApiUser(owner, viewer, shapes));
  }

  async assign(group: string, ownerName: string): Promise<void> {
    const owner = await this.requireOwner(ownerName);
    expectChange(
      await this.limits.assign(owner.id, group),
      `quota group "${group}"`,
      `"${owner.name}" is already in quota group "${group}"`,
    );
    await this.outbox.enqueue([owner.id]);
  }

  async unassign(group: string, ownerName: string): Promise<void> {
    const owner = await this.requireOwner(ownerName);
    expectChange(await this.limits.unassign(owner.id, group), `"${owner.name}" in quota group "${group}"`);
    await this.outbox.enqueue([owner.id]);
  }

  /** Any owner's quota, with rule and group names (the admin API always shows them). */
  async quotaOf(ownerName: string): Promise<QuotaInfo> {
    return this.engine.info((await this.requireOwner(ownerName)).id, { withNames: true });
  }

  /** Puts the owner in exactly these groups; 422 when `groups` is not a list of names of existing groups. */
  async replaceGroups(ownerName: string, groups: unknown): Promise<void> {
    const owner = await this.requireOwner(ownerName);
    if (!Array.isArray(groups) || !groups.every((name) => typeof name === 'string')) {
      throw new UnprocessableEntityException('groups must be a list of quota group names');
    }
    if ((await this.limits.replaceAssignments(owner.id, groups)) === 'not-found') {
      throw new UnprocessableEntityException(`groups names a quota group that does not exist: ${groups.join(', ')}`);
    }
    await this.outbox.enqueue([owner.id]);
  }

  /*
   * Limits changed: the owners they may concern go to the quota outbox, so
   * warnings (and the overview) follow without waiting for their next upload.
   * After the change, not in its transaction (the limit store keeps its own):
   * a crash in between misses one re-evaluation, until the owner's next change.
   */

  private async groupsWithRule(rule: string): Promise<string[]> {
    const lower = rule.toLowerCase();
    return (await this.limits.listGroups()).filter((g) => g.rules.some((r) => r.name.toLowerCase() === lower)).map((g) => g.name);
  }

  private async ownersOf(groups: readonly string[]): Promise<number[]> {
    return (await Promise.all(groups.map((group) => this.limits.ownersInGroup(group)))).flat();
  }

  private async reevaluateGroups(groups: readonly string[]): Promise<void> {
    await this.reevaluate(await this.ownersOf(groups), groups);
  }

  /** These owners; and when one of the groups is a DEFAULT_GROUP, every owner with usage that has no group of its own. */
  private async reevaluate(owners: readonly number[], groups: readonly string[]): Promise<void> {
    await this.outbox.enqueue(owners);
    const defaults = new Set(this.config.quota.defaultGroups.map((name) => name.toLowerCase()));
    if (groups.some((group) => defaults.has(group.toLowerCase()))) await this.outbox.enqueueUnassignedWithUsage();
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
    const existing = typeof rule.name === 'string' ? await this.limits.findRule(rule.name) : undefined;
    return existing ?? QuotaRule.create({ name: rule.name, limit: rule.limit ?? 0, subjects: rule.subjects });
  }

  private async requireRule(name: string): Promise<QuotaRule> {
    const rule = await this.limits.findRule(name);
    if (!rule) throw new NotFoundException(`quota rule "${name}" does not exist`);
    return rule;
  }

  private async requireGroup(name: string): Promise<QuotaGroup> {
    const group = await this.limits.findGroup(name);
    if (!group) throw new NotFoundException(`quota group "${name}" does not exist`);
    return group;
  }

  /** Users and organizations can both hold quota groups. */
  private async requireOwner(name: string): Promise<Owner> {
    const owner = await this.owners.findByName(name);
    if (!owner) throw new NotFoundException(`user or organization "${name}" does not exist`);
    return owner;
  }
}

/** Maps the store's answer to Forgejo's statuses: `not-found` → 404, `exists` → 409. */
function expectChange(change: LimitChange, what: string, existsMessage = `${what} already exists`): void {
  if (change === 'not-found') throw new NotFoundException(`${what} does not exist`);
  if (change === 'exists') throw new ConflictException(existsMessage);
}
