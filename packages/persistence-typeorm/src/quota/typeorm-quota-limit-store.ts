import { EntityManager, In } from 'typeorm';
import { LimitChange, QuotaGroup, QuotaLimitStore, QuotaRule } from '@bellows/domain';
import { QuotaGroupOwnerEntity } from '../entities/quota-group-owner.entity';
import { QuotaGroupRuleEntity } from '../entities/quota-group-rule.entity';
import { QuotaGroupEntity } from '../entities/quota-group.entity';
import { QuotaRuleEntity } from '../entities/quota-rule.entity';
import { noteWrite } from '../read-cache/change-versions';
import { ReadCaches } from '../read-cache/read-caches';
import { isUniqueViolation } from '../unique-violation';
import { InTransaction } from './in-transaction';

/**
 * The domain's limit store over `quota_rule`, `quota_group`, `quota_group_rule`
 * and `quota_group_owner`. Names are looked up case-insensitively. The foreign
 * keys cascade, so deleting a rule takes it out of its groups and deleting a
 * group removes its links and assignments.
 */
export class TypeOrmQuotaLimitStore extends QuotaLimitStore {
  constructor(
    private readonly manager: EntityManager,
    private readonly inTransaction: InTransaction,
  ) {
    super();
  }

  private get caches() {
    return ReadCaches.of(this.manager.connection);
  }

  async listRules(): Promise<QuotaRule[]> {
    return (await this.manager.getRepository(QuotaRuleEntity).find({ order: { lowerName: 'ASC' } })).map(toRule);
  }

  async findRule(name: string): Promise<QuotaRule | undefined> {
    const row = await ruleRow(this.manager, name);
    return row ? toRule(row) : undefined;
  }

  createRule(rule: QuotaRule): Promise<LimitChange> {
    return this.inTransaction(async (manager) => {
      noteWrite(manager, 'limits');
      return (await ruleRow(manager, rule.name)) ? 'exists' : insertRule(manager, rule);
    }).catch(existsOnUniqueViolation);
  }

  async updateRule(rule: QuotaRule): Promise<LimitChange> {
    const result = await this.manager
      .getRepository(QuotaRuleEntity)
      .update({ lowerName: rule.name.toLowerCase() }, { limitBytes: rule.limit, subjects: JSON.stringify(rule.subjects) });
    noteWrite(this.manager, 'limits');
    return result.affected ? 'ok' : 'not-found';
  }

  async deleteRule(name: string): Promise<LimitChange> {
    const result = await this.manager.getRepository(QuotaRuleEntity).delete({ lowerName: name.toLowerCase() });
    noteWrite(this.manager, 'limits');
    return result.affected ? 'ok' : 'not-found';
  }

  async listGroups(): Promise<QuotaGroup[]> {
    const groups = await this.manager.getRepository(QuotaGroupEntity).find({ order: { lowerName: 'ASC' } });
    return this.withRules(this.manager, groups);
  }

  /** The default groups are looked up on every quota answer: cached until a limit is written. */
  findGroup(name: string): Promise<QuotaGroup | undefined> {
    return this.caches.groupsByName.read(this.manager, name.toLowerCase(), 'limits', async () => {
      const row = await groupRow(this.manager, name);
      return row ? (await this.withRules(this.manager, [row]))[0] : undefined;
    });
  }

  createGroup(group: QuotaGroup): Promise<LimitChange> {
    return this.inTransaction(async (manager) => {
      noteWrite(manager, 'limits');
      if (await groupRow(manager, group.name)) return 'exists';
      const groups = manager.getRepository(QuotaGroupEntity);
      const saved = await groups.save(groups.create({ name: group.name, lowerName: group.name.toLowerCase() }));
      for (const rule of group.rules) {
        const existing = await ruleRow(manager, rule.name);
        const ruleId = existing?.id ?? (await manager.getRepository(QuotaRuleEntity).save(newRuleRow(manager, rule))).id;
        await manager.getRepository(QuotaGroupRuleEntity).save({ groupId: saved.id, ruleId });
      }
      return 'ok';
    }).catch(existsOnUniqueViolation);
  }

  async deleteGroup(name: string): Promise<LimitChange> {
    const result = await this.manager.getRepository(QuotaGroupEntity).delete({ lowerName: name.toLowerCase() });
    noteWrite(this.manager, 'limits');
    return result.affected ? 'ok' : 'not-found';
  }

  addRuleToGroup(groupName: string, ruleName: string): Promise<LimitChange> {
    return this.inTransaction(async (manager) => {
      noteWrite(manager, 'limits');
      const [group, rule] = await Promise.all([groupRow(manager, groupName), ruleRow(manager, ruleName)]);
      if (!group || !rule) return 'not-found';
      const links = manager.getRepository(QuotaGroupRuleEntity);
      if (await links.existsBy({ groupId: group.id, ruleId: rule.id })) return 'exists';
      await links.insert({ groupId: group.id, ruleId: rule.id });
      return 'ok';
    }).catch(existsOnUniqueViolation);
  }

  removeRuleFromGroup(groupName: string, ruleName: string): Promise<LimitChange> {
    return this.inTransaction(async (manager) => {
      noteWrite(manager, 'limits');
      const [group, rule] = await Promise.all([groupRow(manager, groupName), ruleRow(manager, ruleName)]);
      if (!group || !rule) return 'not-found';
      const result = await manager.getRepository(QuotaGroupRuleEntity).delete({ groupId: group.id, ruleId: rule.id });
      return result.affected ? 'ok' : 'not-found';
    });
  }

  /** Read on every quota answer: cached until a limit is written. */
  assignedGroupsOf(ownerId: number): Promise<QuotaGroup[]> {
    return this.caches.assignedGroups.read(this.manager, ownerId, 'limits', () => this.readAssignedGroups(ownerId));
  }

  private async readAssignedGroups(ownerId: number): Promise<QuotaGroup[]> {
    const groups = await this.manager
      .getRepository(QuotaGroupEntity)
      .createQueryBuilder('g')
      .innerJoin(QuotaGroupOwnerEntity, 'a', 'a.group_id = g.id')
      .where('a.owner_id = :ownerId', { ownerId })
      .orderBy('g.lower_name', 'ASC')
      .getMany();
    return this.withRules(this.manager, groups);
  }

  replaceAssignments(ownerId: number, groupNames: readonly string[]): Promise<LimitChange> {
    return this.inTransaction(async (manager) => {
      noteWrite(manager, 'limits');
      const wanted = [...new Set(groupNames.map((name) => name.toLowerCase()))];
      const groups = wanted.length ? await manager.getRepository(QuotaGroupEntity).findBy({ lowerName: In(wanted) }) : [];
      if (groups.length !== wanted.length) return 'not-found';
      const assignments = manager.getRepository(QuotaGroupOwnerEntity);
      await assignments.delete({ ownerId });
      if (groups.length) await assignments.insert(groups.map((group) => ({ ownerId, groupId: group.id })));
      return 'ok';
    });
  }

  assign(ownerId: number, groupName: string): Promise<LimitChange> {
    return this.inTransaction(async (manager) => {
      noteWrite(manager, 'limits');
      const group = await groupRow(manager, groupName);
      if (!group) return 'not-found';
      const assignments = manager.getRepository(QuotaGroupOwnerEntity);
      if (await assignments.existsBy({ ownerId, groupId: group.id })) return 'exists';
      await assignments.insert({ ownerId, groupId: group.id });
      return 'ok';
    }).catch(existsOnUniqueViolation);
  }

  unassign(ownerId: number, groupName: string): Promise<LimitChange> {
    return this.inTransaction(async (manager) => {
      noteWrite(manager, 'limits');
      const group = await groupRow(manager, groupName);
      if (!group) return 'not-found';
      const result = await manager.getRepository(QuotaGroupOwnerEntity).delete({ ownerId, groupId: group.id });
      return result.affected ? 'ok' : 'not-found';
    });
  }

  async ownersInGroup(groupName: string): Promise<number[]> {
    const group = await groupRow(this.manager, groupName);
    if (!group) return [];
    const rows = await this.manager.getRepository(QuotaGroupOwnerEntity).find({ where: { groupId: group.id }, order: { ownerId: 'ASC' } });
    return rows.map((row) => row.ownerId);
  }

  /**
   * Loads the rules of several groups with one query. One row per group and
   * rule, read raw: a rule in two groups is two rows, where TypeORM's entities
   * of the same query would give the rule once (and the rows no longer lined
   * up with them).
   */
  private async withRules(manager: EntityManager, groups: QuotaGroupEntity[]): Promise<QuotaGroup[]> {
    if (groups.length === 0) return [];
    const rows: { group_id: number | string; name: string; limit_bytes: number | string; subjects: string }[] = await manager
      .getRepository(QuotaRuleEntity)
      .createQueryBuilder('r')
      .innerJoin(QuotaGroupRuleEntity, 'l', 'l.rule_id = r.id')
      .select('l.group_id', 'group_id')
      .addSelect('r.name', 'name')
      .addSelect('r.limit_bytes', 'limit_bytes')
      .addSelect('r.subjects', 'subjects')
      .where('l.group_id IN (:...ids)', { ids: groups.map((g) => g.id) })
      .orderBy('r.lower_name', 'ASC')
      .getRawMany();
    const rulesByGroup = new Map<number, QuotaRule[]>();
    for (const row of rows) {
      const groupId = Number(row.group_id);
      const rule = toRule({ name: row.name, limitBytes: Number(row.limit_bytes), subjects: row.subjects });
      rulesByGroup.set(groupId, [...(rulesByGroup.get(groupId) ?? []), rule]);
    }
    return groups.map((group) => QuotaGroup.create(group.name, rulesByGroup.get(group.id) ?? []));
  }
}

function ruleRow(manager: EntityManager, name: string): Promise<QuotaRuleEntity | null> {
  return manager.getRepository(QuotaRuleEntity).findOneBy({ lowerName: name.toLowerCase() });
}

function groupRow(manager: EntityManager, name: string): Promise<QuotaGroupEntity | null> {
  return manager.getRepository(QuotaGroupEntity).findOneBy({ lowerName: name.toLowerCase() });
}

function newRuleRow(manager: EntityManager, rule: QuotaRule): QuotaRuleEntity {
  return manager.getRepository(QuotaRuleEntity).create({
    name: rule.name,
    lowerName: rule.name.toLowerCase(),
    limitBytes: rule.limit,
    subjects: JSON.stringify(rule.subjects),
  });
}

async function insertRule(manager: EntityManager, rule: QuotaRule): Promise<LimitChange> {
  await manager.getRepository(QuotaRuleEntity).insert(newRuleRow(manager, rule));
  return 'ok';
}

/** Rows were written through QuotaRule, so they are valid; re-validating keeps the domain the single judge. */
function toRule(row: Pick<QuotaRuleEntity, 'name' | 'limitBytes' | 'subjects'>): QuotaRule {
  return QuotaRule.create({ name: row.name, limit: row.limitBytes, subjects: JSON.parse(row.subjects) });
}

/** A check-then-insert lost a race with another writer: the same answer the check would have given. */
function existsOnUniqueViolation(error: unknown): LimitChange {
  if (isUniqueViolation(error)) return 'exists';
  throw error;
}
