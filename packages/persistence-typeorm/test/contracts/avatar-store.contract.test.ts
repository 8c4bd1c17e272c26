import { AvatarStore } from '@bellows/domain';
import { TypeOrmAvatarStore } from '../../src/stores/avatar.store';
import { describeEachEngine } from '../support/each-engine';
import { newRepository } from '../support/issue-fixtures';
import { insertOwner } from '../support/quota-fixtures';

const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);

/** The AvatarStore port: the avatar column of owners and repositories, by id (SQLite and PostgreSQL). */
describeEachEngine('AvatarStore contract', (ctx) => {
  const store = (): AvatarStore => new TypeOrmAvatarStore(ctx().db.dataSource.manager);

  it("sets and clears an owner's avatar by id, without touching the owner as others load it", async () => {
    const owner = await insertOwner(ctx().db);
    expect(await store().ownerAvatar(owner.id)).toBeNull();
    expect(await store().setOwnerAvatar(owner.id, HASH_A)).toBe(true);
    expect(await store().ownerAvatar(owner.id)).toBe(HASH_A);
    expect((await ctx().db.owners.findById(owner.id))?.name).toBe(owner.name);
    expect(await store().setOwnerAvatar(owner.id, null)).toBe(true);
    expect(await store().ownerAvatar(owner.id)).toBeNull();
    expect(await store().setOwnerAvatar(999_999, HASH_A)).toBe(false);
  });

  it("sets a repository's avatar, which its loaded row then shows at once (the cache hears it)", async () => {
    const { repo } = await newRepository(ctx().db);
    expect((await ctx().db.repositories.findById(repo.id))?.avatar ?? null).toBeNull();
    expect(await store().setRepositoryAvatar(repo.id, HASH_B)).toBe(true);
    expect(await store().repositoryAvatar(repo.id)).toBe(HASH_B);
    expect((await ctx().db.repositories.findById(repo.id))?.avatar).toBe(HASH_B);
    expect(await store().setRepositoryAvatar(999_999, HASH_B)).toBe(false);
  });

  it('knows whether any owner or repository still shows an image', async () => {
    const owner = await insertOwner(ctx().db);
    const { repo } = await newRepository(ctx().db);
    const hash = 'c'.repeat(64);
    expect(await store().isInUse(hash)).toBe(false);
    await store().setOwnerAvatar(owner.id, hash);
    await store().setRepositoryAvatar(repo.id, hash);
    await store().setOwnerAvatar(owner.id, null);
    expect(await store().isInUse(hash)).toBe(true);
    await store().setRepositoryAvatar(repo.id, null);
    expect(await store().isInUse(hash)).toBe(false);
  });
});
