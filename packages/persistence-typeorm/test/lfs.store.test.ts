import { describeEachEngine } from './support/each-engine';
import { insertOwner, uniqueName } from './support/quota-fixtures';

const oid = (digit: string) => digit.repeat(64);

describeEachEngine('LFS store', (ctx) => {
  it('sums the objects a repository references into lfs_size and the git:lfs usage', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const repo = await db.repositories.insert({ ownerId: owner.id, name: uniqueName('lfs') });
    expect(await db.lfs.reference(repo.id, oid('a'), 1000)).toBe(1000);
    expect(await db.lfs.reference(repo.id, oid('b'), 24)).toBe(1024);
    expect(await db.lfs.reference(repo.id, oid('a'), 1000)).toBe(1024); // a second reference counts once
    expect((await db.repositories.findById(repo.id))?.lfsSize).toBe(1024);
    expect((await db.quotaUsage.usageOf(owner.id)).toJSON()).toMatchObject({ 'git:lfs': 1024 });
  });

  it('shares one object between repositories, each counting it for its owner', async () => {
    const { db } = ctx();
    const [alice, bob] = [await insertOwner(db), await insertOwner(db)];
    const first = await db.repositories.insert({ ownerId: alice.id, name: uniqueName('lfs') });
    const second = await db.repositories.insert({ ownerId: bob.id, name: uniqueName('lfs') });
    await db.lfs.reference(first.id, oid('c'), 500);
    expect(await db.lfs.findInRepository(second.id, oid('c'))).toBeNull();
    await db.lfs.reference(second.id, oid('c'), 500);
    expect((await db.lfs.findInRepository(second.id, oid('c')))?.size).toBe(500);
    expect((await db.quotaUsage.usageOf(bob.id)).toJSON()).toMatchObject({ 'git:lfs': 500 });
    expect((await db.quotaUsage.usageOf(alice.id)).toJSON()).toMatchObject({ 'git:lfs': 500 });
  });

  it('drops the references and the usage when the repository is deleted', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const repo = await db.repositories.insert({ ownerId: owner.id, name: uniqueName('lfs') });
    await db.lfs.reference(repo.id, oid('d'), 77);
    await db.repositories.delete(repo.id);
    expect(await db.lfs.findInRepository(repo.id, oid('d'))).toBeNull();
    expect((await db.quotaUsage.usageOf(owner.id)).toJSON()).toMatchObject({ 'git:lfs': 0 });
  });

  it('copies a repository’s references to another (a fork), counted for the other’s owner, each object once', async () => {
    const { db } = ctx();
    const [alice, bob] = [await insertOwner(db), await insertOwner(db)];
    const parent = await db.repositories.insert({ ownerId: alice.id, name: uniqueName('lfs') });
    const fork = await db.repositories.insert({ ownerId: bob.id, name: uniqueName('lfs'), forkId: parent.id });
    await db.lfs.reference(parent.id, oid('e'), 300);
    await db.lfs.reference(parent.id, oid('f'), 30);
    await db.lfs.reference(fork.id, oid('f'), 30);
    expect(await db.lfs.copyReferences(parent.id, fork.id)).toBe(330);
    expect((await db.lfs.findInRepository(fork.id, oid('e')))?.size).toBe(300);
    expect((await db.quotaUsage.usageOf(bob.id)).toJSON()).toMatchObject({ 'git:lfs': 330 });
    expect((await db.quotaUsage.usageOf(alice.id)).toJSON()).toMatchObject({ 'git:lfs': 330 });
    expect(await db.quotaRecount.differences(bob.id)).toEqual([]);
  });
});
