import { ContainerGoneError, LfsStore } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner, uniqueName } from '../support/quota-fixtures';

/** The LfsStore port (run on SQLite and PostgreSQL). */
describeEachEngine('LfsStore contract', (ctx) => {
  const store = (): LfsStore => ctx().db.lfs;
  let next = 0;
  /** A fresh oid per call: objects are shared by every test of the engine. */
  const freshOid = () => (Date.now().toString(16) + (next++).toString(16).padStart(4, '0')).padStart(64, 'f');

  async function repository() {
    const owner = await insertOwner(ctx().db);
    return ctx().db.repositories.insert({ ownerId: owner.id, name: uniqueName('lfs') });
  }

  it('answers null for an object that was never referenced', async () => {
    expect(await store().findObject(freshOid())).toBeNull();
    expect(await store().findInRepository((await repository()).id, freshOid())).toBeNull();
  });

  it('creates the object on its first reference and finds it', async () => {
    const repo = await repository();
    const oid = freshOid();
    await store().reference(repo.id, oid, 123);
    expect(await store().findObject(oid)).toMatchObject({ oid, size: 123 });
    expect((await store().findObject(oid))?.createdAt).toBeInstanceOf(Date);
    expect(await store().findInRepository(repo.id, oid)).toMatchObject({ oid, size: 123 });
  });

  it('finds an object in a repository only when that repository references it', async () => {
    const [first, second] = [await repository(), await repository()];
    const oid = freshOid();
    await store().reference(first.id, oid, 9);
    expect(await store().findInRepository(second.id, oid)).toBeNull();
  });

  it('returns the repository’s new LFS size; a second reference of the same object counts once', async () => {
    const repo = await repository();
    const [a, b] = [freshOid(), freshOid()];
    expect(await store().reference(repo.id, a, 1000)).toBe(1000);
    expect(await store().reference(repo.id, b, 24)).toBe(1024);
    expect(await store().reference(repo.id, a, 1000)).toBe(1024);
    expect(await store().sizeOfRepository(repo.id)).toBe(1024);
    expect((await ctx().db.repositories.findById(repo.id))?.lfsSize).toBe(1024);
  });

  it('answers 0 for a repository without objects', async () => {
    expect(await store().sizeOfRepository((await repository()).id)).toBe(0);
  });

  it('refuses a reference into a repository that is gone with ContainerGoneError, storing nothing', async () => {
    const repo = await repository();
    await ctx().db.repositories.delete(repo.id);
    const oid = freshOid();
    await expect(store().reference(repo.id, oid, 5)).rejects.toBeInstanceOf(ContainerGoneError);
    expect(await store().findObject(oid)).toBeNull();
  });
});
