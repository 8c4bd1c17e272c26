import { QuotaGroup, QuotaRule } from '@bellows/domain';
import { ChangeVersions } from '../src/read-cache/change-versions';
import { shallowCopier, VersionedCache } from '../src/read-cache/versioned-cache';
import { describeEachEngine } from './support/each-engine';
import { insertOwner, uniqueName } from './support/quota-fixtures';
import { storeSizedBytes } from './support/sized-fixtures';

/**
 * The reads every request makes are cached in memory; these tests hold the
 * promise that makes that safe: the write itself invalidates, so the very next
 * read after a write (committed alone or in a transaction) sees it.
 */
describeEachEngine('read caches', (ctx) => {
  const token = (ownerId: number, name: string, lastEight: string) => ({
    ownerId,
    name,
    tokenHash: 'h'.repeat(64),
    tokenSalt: 's'.repeat(32),
    tokenLastEight: lastEight,
    scopes: 'all',
    createdAt: new Date(),
    lastUsedAt: null,
  });

  it('an owner read again after an update shows the update', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    expect((await db.owners.findById(owner.id))?.prohibitLogin).toBe(false);
    await db.owners.update(owner.id, { prohibitLogin: true });
    expect((await db.owners.findById(owner.id))?.prohibitLogin).toBe(true);
    expect((await db.owners.findByName(owner.name))?.prohibitLogin).toBe(true);
  });

  it('an update inside a transaction is seen once it commits, and a rolled-back one never', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    await db.owners.findById(owner.id);
    await db.transaction(async (tx) => {
      await tx.owners.update(owner.id, { fullName: 'Committed' });
    });
    expect((await db.owners.findById(owner.id))?.fullName).toBe('Committed');
    await expect(
      db.transaction(async (tx) => {
        await tx.owners.update(owner.id, { fullName: 'Rolled back' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await db.owners.findById(owner.id))?.fullName).toBe('Committed');
  });

  it('a deleted token is no longer found, nor a deleted owner', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const lastEight = uniqueName('t').slice(-8);
    const created = await db.accessTokens.insert(token(owner.id, 'first', lastEight));
    expect((await db.accessTokens.findByLastEight(lastEight)).map((t) => t.id)).toEqual([created.id]);
    await db.accessTokens.delete(created.id);
    expect(await db.accessTokens.findByLastEight(lastEight)).toEqual([]);
    await db.accessTokens.insert(token(owner.id, 'second', lastEight));
    expect(await db.accessTokens.findByLastEight(lastEight)).toHaveLength(1);
    await db.owners.delete(owner.id);
    expect(await db.owners.findById(owner.id)).toBeNull();
    expect(await db.accessTokens.findByLastEight(lastEight)).toEqual([]);
  });

  it('what a caller changes on a returned owner is not what the next caller gets', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const first = await db.owners.findById(owner.id);
    first!.isAdmin = true;
    expect((await db.owners.findById(owner.id))?.isAdmin).toBe(false);
  });

  it('a repository read again after a rename or a resize shows it, and after its deletion is gone', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const repo = await db.repositories.insert({ ownerId: owner.id, name: uniqueName('r') });
    expect((await db.repositories.findByOwnerAndName(owner.id, repo.name))?.id).toBe(repo.id);
    const renamed = uniqueName('renamed');
    await db.repositories.updateDetails(repo.id, { name: renamed });
    expect(await db.repositories.findByOwnerAndName(owner.id, repo.name)).toBeNull();
    expect((await db.repositories.findByOwnerAndName(owner.id, renamed))?.id).toBe(repo.id);
    await db.repositories.setGitSize(repo.id, 777);
    expect((await db.repositories.findById(repo.id))?.gitSize).toBe(777);
    await db.repositories.delete(repo.id);
    expect(await db.repositories.findById(repo.id)).toBeNull();
    expect(await db.repositories.findByOwnerAndName(owner.id, renamed)).toBeNull();
  });

  it('a repository read stays right while issues take their numbers, which follow one another', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const repo = await db.repositories.insert({ ownerId: owner.id, name: uniqueName('r') });
    const cached = await db.repositories.findById(repo.id);
    const open = () =>
      db.transaction((tx) =>
        tx.issues.create({
          repoId: repo.id,
          posterId: owner.id,
          title: 't',
          body: '',
          isClosed: false,
          milestoneId: null,
          createdAt: new Date(),
        }),
      );
    expect([(await open()).index, (await open()).index, (await open()).index]).toEqual([1, 2, 3]);
    expect(await db.repositories.findById(repo.id)).toEqual(cached);
    expect(await db.dataSource.getRepository('repository').findOneBy({ id: repo.id })).toEqual(cached);
  });

  it('usage read again after a sized write shows the new bytes', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    expect((await db.quotaUsage.usageOf(owner.id)).bytesIn('attachments:issues')).toBe(0);
    await storeSizedBytes(db, owner.id, { 'attachments:issues': 1234 });
    expect((await db.quotaUsage.usageOf(owner.id)).bytesIn('attachments:issues')).toBe(1234);
  });

  it('assigned and default groups read again after a limit change show it', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const name = uniqueName('g');
    expect(await db.quotaLimits.findGroup(name)).toBeUndefined();
    expect(await db.quotaLimits.assignedGroupsOf(owner.id)).toEqual([]);
    await db.quotaLimits.createRule(QuotaRule.create({ name: `${name}-r`, limit: 10, subjects: ['size:all'] }));
    expect(await db.quotaLimits.createGroup(QuotaGroup.create(name))).toBe('ok');
    expect((await db.quotaLimits.findGroup(name))?.rules).toEqual([]);
    await db.quotaLimits.addRuleToGroup(name, `${name}-r`);
    expect((await db.quotaLimits.findGroup(name))?.rules.map((r) => r.limit)).toEqual([10]);
    await db.quotaLimits.assign(owner.id, name);
    expect((await db.quotaLimits.assignedGroupsOf(owner.id)).map((g) => g.name)).toEqual([name]);
    await db.quotaLimits.updateRule(QuotaRule.create({ name: `${name}-r`, limit: 20, subjects: ['size:all'] }));
    expect((await db.quotaLimits.assignedGroupsOf(owner.id))[0].rules[0].limit).toBe(20);
    await db.quotaLimits.deleteGroup(name);
    expect(await db.quotaLimits.assignedGroupsOf(owner.id)).toEqual([]);
  });
});

describe('VersionedCache', () => {
  const versions = () => {
    const noted = new ChangeVersions();
    const rootManager = { queryRunner: undefined } as never;
    return { noted, write: () => noted.noteWrite(rootManager, 'auth'), rootManager };
  };

  it('does not serve rows read before a write that committed while the read was under way', async () => {
    const { noted, write, rootManager } = versions();
    const cache = new VersionedCache<number, string>(noted, 10, () => (v) => v);
    let release!: (value: string) => void;
    const slowRead = cache.read(rootManager, 1, 'auth', () => new Promise<string>((resolve) => (release = resolve)));
    write();
    release('old');
    expect(await slowRead).toBe('old');
    expect(await cache.read(rootManager, 1, 'auth', async () => 'new')).toBe('new');
  });

  it('reads inside a transaction never touch the cache', async () => {
    const { noted, rootManager } = versions();
    const cache = new VersionedCache<number, string>(noted, 10, () => (v) => v);
    await cache.read(rootManager, 1, 'auth', async () => 'cached');
    const inTransaction = { queryRunner: { isTransactionActive: true } } as never;
    expect(await cache.read(inTransaction, 1, 'auth', async () => 'fresh')).toBe('fresh');
  });

  it('keeps at most its number of entries, dropping the oldest', async () => {
    const { noted, rootManager } = versions();
    const cache = new VersionedCache<number, string>(noted, 2, () => (v) => v);
    let loads = 0;
    const read = (key: number) => cache.read(rootManager, key, 'auth', async () => `v${key}-${++loads}`);
    await read(1);
    await read(2);
    await read(3);
    expect(await read(3)).toBe('v3-3');
    expect(await read(1)).toBe('v1-4');
  });

  it('copies a cached object field by field into a new object of its class, whatever fields objects of that class have', () => {
    class Row {
      id = 0;
      name = '';
      note?: string;
      label(): string {
        return `${this.id}:${this.name}`;
      }
    }
    const wide = Object.assign(new Row(), {
      id: 1,
      name: 'a',
      note: 'n',
      ...Object.fromEntries([...Array(30)].map((_, i) => [`c${i}`, i])),
    });
    const narrow = Object.assign(new Row(), { id: 2, name: 'b' });
    const copy = shallowCopier(wide)(wide);
    expect(copy).not.toBe(wide);
    expect(copy).toBeInstanceOf(Row);
    expect(copy).toEqual(wide);
    expect(copy.label()).toBe('1:a');
    copy.name = 'changed';
    expect(wide.name).toBe('a');
    expect(shallowCopier(narrow)(narrow)).toEqual(narrow);
    expect(Object.keys(shallowCopier(narrow)(narrow))).toEqual(['id', 'name']);
    expect(shallowCopier(null)(null)).toBeNull();
  });
});
