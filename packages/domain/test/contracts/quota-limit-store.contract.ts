import { QuotaGroup, QuotaLimitStore, QuotaRule } from '../../src/quota';

/**
 * The QuotaLimitStore port's contract, one case per documented behaviour. It is
 * run against every implementation: the TypeORM adapter on SQLite and
 * PostgreSQL (packages/persistence-typeorm/test/contracts) and the in-memory
 * fake the domain's tests use (packages/domain/test/quota), so the fake cannot
 * drift from the adapter.
 *
 * `subject()` gives the store and a way to make an owner id the store accepts.
 * Names are unique per call, so the suite can share one database.
 */
export interface QuotaLimitStoreSubject {
  store: QuotaLimitStore;
  newOwnerId(): Promise<number>;
}

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;
const rule = (name: string, limit = 100, subjects: string[] = ['size:all']) => QuotaRule.create({ name, limit, subjects });

export function quotaLimitStoreContract(subject: () => QuotaLimitStoreSubject): void {
  describe('rules', () => {
    it('creates a rule once: a second of the same name, in any case, is `exists`', async () => {
      const { store } = subject();
      const name = unique('Rule');
      expect(await store.createRule(rule(name, 5, ['size:repos:all', 'size:git:lfs']))).toBe('ok');
      expect(await store.createRule(rule(name.toUpperCase()))).toBe('exists');
      expect((await store.findRule(name))?.toInfo()).toEqual({ name, limit: 5, subjects: ['size:repos:all', 'size:git:lfs'] });
    });

    it('finds a rule by its name in any case, and nothing for an unknown name', async () => {
      const { store } = subject();
      const name = unique('MixedCase');
      await store.createRule(rule(name));
      expect((await store.findRule(name.toLowerCase()))?.name).toBe(name);
      expect((await store.findRule(name.toUpperCase()))?.name).toBe(name);
      expect(await store.findRule(unique('missing'))).toBeUndefined();
    });

    it('keeps a rule without subjects', async () => {
      const { store } = subject();
      const name = unique('bare');
      await store.createRule(QuotaRule.create({ name, limit: 0, subjects: [] }));
      expect((await store.findRule(name))?.toInfo()).toEqual({ name, limit: 0, subjects: [] });
    });

    it('lists rules in name order', async () => {
      const { store } = subject();
      const [b, a] = [unique('list-b'), unique('list-a')];
      await store.createRule(rule(b));
      await store.createRule(rule(a));
      const names = (await store.listRules()).map((r) => r.name.toLowerCase());
      expect(names).toEqual([...names].sort());
      expect(names).toEqual(expect.arrayContaining([a.toLowerCase(), b.toLowerCase()]));
    });

    it('updates the limit and subjects of an existing rule, `not-found` otherwise', async () => {
      const { store } = subject();
      const name = unique('edit');
      await store.createRule(rule(name));
      expect(await store.updateRule(rule(name, -1, ['size:assets:all']))).toBe('ok');
      expect((await store.findRule(name))?.toInfo()).toEqual({ name, limit: -1, subjects: ['size:assets:all'] });
      expect(await store.updateRule(rule(unique('missing')))).toBe('not-found');
    });

    it('deletes a rule and takes it out of every group; `not-found` the second time', async () => {
      const { store } = subject();
      const [name, group] = [unique('gone'), unique('group')];
      await store.createGroup(QuotaGroup.create(group, [rule(name)]));
      expect(await store.deleteRule(name)).toBe('ok');
      expect(await store.deleteRule(name)).toBe('not-found');
      expect((await store.findGroup(group))?.rules).toEqual([]);
    });
  });

  describe('groups', () => {
    it('creates a group with new rules and uses existing rules as stored; `exists` for a taken name in any case', async () => {
      const { store } = subject();
      const [kept, fresh, group] = [unique('kept'), unique('fresh'), unique('Group')];
      await store.createRule(rule(kept, 1));
      expect(await store.createGroup(QuotaGroup.create(group, [rule(kept, 999), rule(fresh, 2)]))).toBe('ok');
      expect(await store.createGroup(QuotaGroup.create(group.toLowerCase()))).toBe('exists');
      const stored = await store.findGroup(group.toUpperCase());
      expect(stored?.name).toBe(group);
      expect(stored?.rules.map((r) => [r.name, r.limit]).sort()).toEqual(
        [
          [fresh, 2],
          [kept, 1],
        ].sort(),
      );
      expect((await store.findRule(fresh))?.limit).toBe(2);
    });

    it('finds nothing for an unknown group, and lists groups in name order with their rules', async () => {
      const { store } = subject();
      expect(await store.findGroup(unique('missing'))).toBeUndefined();
      const [b, a] = [unique('order-b'), unique('order-a')];
      await store.createGroup(QuotaGroup.create(b, [rule(unique('in-b'))]));
      await store.createGroup(QuotaGroup.create(a));
      const groups = await store.listGroups();
      const names = groups.map((g) => g.name.toLowerCase());
      expect(names).toEqual([...names].sort());
      expect(groups.find((g) => g.name === b)?.rules).toHaveLength(1);
    });

    it('lists every group with its rules when groups share a rule (one rule in two groups)', async () => {
      const { store } = subject();
      const shared = rule(unique('shared'), 7);
      const [first, second] = [unique('sharing-1'), unique('sharing-2')];
      await store.createGroup(QuotaGroup.create(first, [shared, rule(unique('own'))]));
      await store.createGroup(QuotaGroup.create(second, [shared]));
      const groups = await store.listGroups();
      expect(groups.find((g) => g.name === first)?.rules).toHaveLength(2);
      expect(groups.find((g) => g.name === first)?.rules.map((r) => r.name)).toContain(shared.name);
      expect(groups.find((g) => g.name === second)?.rules.map((r) => r.toInfo())).toEqual([shared.toInfo()]);
      const owner = await subject().newOwnerId();
      await store.assign(owner, first);
      await store.assign(owner, second);
      expect((await store.assignedGroupsOf(owner)).map((g) => g.rules.length)).toEqual([2, 1]);
    });

    it('adds a rule to a group once; `not-found` for a missing group or rule', async () => {
      const { store } = subject();
      const [name, group] = [unique('add'), unique('group')];
      await store.createRule(rule(name));
      await store.createGroup(QuotaGroup.create(group));
      expect(await store.addRuleToGroup(group, name)).toBe('ok');
      expect(await store.addRuleToGroup(group, name.toUpperCase())).toBe('exists');
      expect(await store.addRuleToGroup(group, unique('no-rule'))).toBe('not-found');
      expect(await store.addRuleToGroup(unique('no-group'), name)).toBe('not-found');
    });

    it('removes a rule from a group, keeping the rule; `not-found` when it is not in the group', async () => {
      const { store } = subject();
      const [name, group] = [unique('remove'), unique('group')];
      await store.createGroup(QuotaGroup.create(group, [rule(name)]));
      expect(await store.removeRuleFromGroup(group, name)).toBe('ok');
      expect(await store.removeRuleFromGroup(group, name)).toBe('not-found');
      expect(await store.findRule(name)).toBeDefined();
    });

    it('deletes a group with its assignments, keeping its rules; `not-found` the second time', async () => {
      const { store, newOwnerId } = subject();
      const [name, group] = [unique('stays'), unique('group')];
      const owner = await newOwnerId();
      await store.createGroup(QuotaGroup.create(group, [rule(name)]));
      await store.assign(owner, group);
      expect(await store.deleteGroup(group)).toBe('ok');
      expect(await store.deleteGroup(group)).toBe('not-found');
      expect(await store.assignedGroupsOf(owner)).toEqual([]);
      expect(await store.findRule(name)).toBeDefined();
    });
  });

  describe('assignments', () => {
    it('assigns an owner once; `not-found` for a missing group', async () => {
      const { store, newOwnerId } = subject();
      const [owner, group] = [await newOwnerId(), unique('group')];
      await store.createGroup(QuotaGroup.create(group));
      expect(await store.assign(owner, group)).toBe('ok');
      expect(await store.assign(owner, group.toUpperCase())).toBe('exists');
      expect(await store.assign(owner, unique('missing'))).toBe('not-found');
    });

    it("lists an owner's groups in name order, with their rules", async () => {
      const { store, newOwnerId } = subject();
      const owner = await newOwnerId();
      const [b, a] = [unique('assigned-b'), unique('assigned-a')];
      await store.createGroup(QuotaGroup.create(b, [rule(unique('r'), 7)]));
      await store.createGroup(QuotaGroup.create(a));
      await store.assign(owner, b);
      await store.assign(owner, a);
      const groups = await store.assignedGroupsOf(owner);
      expect(groups.map((g) => g.name)).toEqual([a, b]);
      expect(groups[1].rules.map((r) => r.limit)).toEqual([7]);
    });

    it('replaces all assignments at once, and changes nothing when a group is missing', async () => {
      const { store, newOwnerId } = subject();
      const owner = await newOwnerId();
      const [a, b] = [unique('replace-a'), unique('replace-b')];
      await store.createGroup(QuotaGroup.create(a));
      await store.createGroup(QuotaGroup.create(b));
      await store.assign(owner, a);
      expect(await store.replaceAssignments(owner, [b, unique('missing')])).toBe('not-found');
      expect((await store.assignedGroupsOf(owner)).map((g) => g.name)).toEqual([a]);
      expect(await store.replaceAssignments(owner, [b])).toBe('ok');
      expect((await store.assignedGroupsOf(owner)).map((g) => g.name)).toEqual([b]);
      expect(await store.replaceAssignments(owner, [])).toBe('ok');
      expect(await store.assignedGroupsOf(owner)).toEqual([]);
    });

    it('unassigns; `not-found` when the owner is not in the group', async () => {
      const { store, newOwnerId } = subject();
      const [owner, group] = [await newOwnerId(), unique('group')];
      await store.createGroup(QuotaGroup.create(group));
      await store.assign(owner, group);
      expect(await store.unassign(owner, group)).toBe('ok');
      expect(await store.unassign(owner, group)).toBe('not-found');
    });

    it('lists the owners in a group, ascending', async () => {
      const { store, newOwnerId } = subject();
      const group = unique('members');
      const [first, second] = [await newOwnerId(), await newOwnerId()];
      await store.createGroup(QuotaGroup.create(group));
      await store.assign(second, group);
      await store.assign(first, group);
      expect(await store.ownersInGroup(group)).toEqual([first, second].sort((x, y) => x - y));
    });
  });
}
