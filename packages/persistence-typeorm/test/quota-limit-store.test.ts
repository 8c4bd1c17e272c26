import { QuotaGroup, QuotaRule } from '@bellows/domain';
import { describeEachEngine } from './support/each-engine';
import { insertOwner, uniqueName } from './support/quota-fixtures';

describeEachEngine('TypeOrmQuotaLimitStore', (ctx) => {
  const rule = (name: string, limit = 100, subjects = ['size:all']) => QuotaRule.create({ name, limit, subjects });

  it('stores rules with unique names (case-insensitively) and edits and deletes them', async () => {
    const { db } = ctx();
    const name = uniqueName('Rule');
    expect(await db.quotaLimits.createRule(rule(name, 5, ['size:repos:all', 'size:git:lfs']))).toBe('ok');
    expect(await db.quotaLimits.createRule(rule(name.toUpperCase()))).toBe('exists');
    expect((await db.quotaLimits.findRule(name.toLowerCase()))?.toInfo()).toEqual({ name, limit: 5, subjects: ['size:repos:all', 'size:git:lfs'] });
    expect(await db.quotaLimits.updateRule(rule(name, -1))).toBe('ok');
    expect((await db.quotaLimits.findRule(name))?.limit).toBe(-1);
    expect(await db.quotaLimits.deleteRule(name)).toBe('ok');
    expect(await db.quotaLimits.deleteRule(name)).toBe('not-found');
    expect(await db.quotaLimits.updateRule(rule(name))).toBe('not-found');
  });

  it('creates a group with missing rules, uses existing ones as stored, and drops deleted rules from it', async () => {
    const { db } = ctx();
    const [kept, fresh, group] = [uniqueName('kept'), uniqueName('fresh'), uniqueName('group')];
    await db.quotaLimits.createRule(rule(kept, 1));
    expect(await db.quotaLimits.createGroup(QuotaGroup.create(group, [rule(kept, 999), rule(fresh, 2)]))).toBe('ok');
    expect(await db.quotaLimits.createGroup(QuotaGroup.create(group))).toBe('exists');
    const stored = await db.quotaLimits.findGroup(group);
    expect(stored?.rules.map((r) => [r.name, r.limit]).sort()).toEqual([[fresh, 2], [kept, 1]].sort());
    await db.quotaLimits.deleteRule(fresh);
    expect((await db.quotaLimits.findGroup(group))?.rules.map((r) => r.name)).toEqual([kept]);
    expect(await db.quotaLimits.addRuleToGroup(group, kept)).toBe('exists');
    expect(await db.quotaLimits.removeRuleFromGroup(group, kept)).toBe('ok');
    expect(await db.quotaLimits.removeRuleFromGroup(group, kept)).toBe('not-found');
    expect(await db.quotaLimits.addRuleToGroup(group, 'no-such-rule')).toBe('not-found');
  });

  it('assigns groups to users and organizations, replaces assignments, and forgets them with the group', async () => {
    const { db } = ctx();
    const user = await insertOwner(db, 'user');
    const org = await insertOwner(db, 'organization');
    const [a, b] = [uniqueName('a'), uniqueName('b')];
    await db.quotaLimits.createGroup(QuotaGroup.create(a));
    await db.quotaLimits.createGroup(QuotaGroup.create(b));
    expect(await db.quotaLimits.assign(user.id, a)).toBe('ok');
    expect(await db.quotaLimits.assign(user.id, a)).toBe('exists');
    expect(await db.quotaLimits.assign(org.id, a)).toBe('ok');
    expect(await db.quotaLimits.ownersInGroup(a)).toEqual([user.id, org.id].sort((x, y) => x - y));
    expect(await db.quotaLimits.replaceAssignments(user.id, [b, 'missing'])).toBe('not-found');
    expect((await db.quotaLimits.assignedGroupsOf(user.id)).map((g) => g.name)).toEqual([a]);
    expect(await db.quotaLimits.replaceAssignments(user.id, [b])).toBe('ok');
    expect((await db.quotaLimits.assignedGroupsOf(user.id)).map((g) => g.name)).toEqual([b]);
    expect(await db.quotaLimits.unassign(user.id, a)).toBe('not-found');
    await db.quotaLimits.deleteGroup(a);
    expect(await db.quotaLimits.assignedGroupsOf(org.id)).toEqual([]);
  });
});
