import { TypeOrmBiggestItems } from '../../src/quota/typeorm-biggest-items';
import { TypeOrmWebSessionStore } from '../../src/stores/web-session.store';
import { describeEachEngine } from '../support/each-engine';
import { newRepository } from '../support/issue-fixtures';
import { insertOwner } from '../support/quota-fixtures';

const DAY = 86_400_000;
const id = (c: string) => c.repeat(64);

/**
 * The web pages' adapters (their ports are the server's WebSessionStore and
 * BiggestItems, which these satisfy structurally): sessions by hashed id with
 * their expiry, and an owner's biggest repositories (SQLite and PostgreSQL).
 */
describeEachEngine('web pages adapters', (ctx) => {
  const sessions = () => new TypeOrmWebSessionStore(ctx().db.dataSource.manager);

  it('finds a session by its hashed id until it expires, and forgets it when deleted', async () => {
    const user = await insertOwner(ctx().db);
    const now = new Date(1_760_000_000_000);
    await sessions().create(id('a'), { userId: user.id, createdAt: now, expiresAt: new Date(now.getTime() + 14 * DAY) });
    expect(await sessions().findLive(id('a'), now)).toEqual({
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 14 * DAY),
    });
    expect(await sessions().findLive(id('a'), new Date(now.getTime() + 14 * DAY))).toBeNull();
    expect(await sessions().findLive(id('b'), now)).toBeNull();
    await sessions().delete(id('a'));
    expect(await sessions().findLive(id('a'), now)).toBeNull();
  });

  it('drops the expired sessions, only those, and all of a user with the user', async () => {
    const user = await insertOwner(ctx().db);
    const other = await insertOwner(ctx().db);
    const now = new Date(1_760_000_000_000);
    await sessions().create(id('c'), {
      userId: user.id,
      createdAt: new Date(now.getTime() - 20 * DAY),
      expiresAt: new Date(now.getTime() - DAY),
    });
    await sessions().create(id('d'), { userId: user.id, createdAt: now, expiresAt: new Date(now.getTime() + DAY) });
    await sessions().create(id('e'), {
      userId: other.id,
      createdAt: new Date(now.getTime() - 20 * DAY),
      expiresAt: new Date(now.getTime() - DAY),
    });
    await sessions().deleteExpired(now);
    const count = async (c: string) =>
      Number((await ctx().db.dataSource.query(`SELECT COUNT(*) AS n FROM web_session WHERE id = '${id(c)}'`))[0].n);
    expect([await count('c'), await count('d'), await count('e')]).toEqual([0, 1, 0]);
    await ctx().db.owners.delete(user.id);
    expect(await count('d')).toBe(0);
  });

  it("lists an owner's repositories by git size and by LFS size, biggest first, none that store nothing, at most the limit", async () => {
    const { owner, repo: small } = await newRepository(ctx().db);
    const big = await ctx().db.repositories.insert({ ownerId: owner.id, name: 'big' });
    const empty = await ctx().db.repositories.insert({ ownerId: owner.id, name: 'empty' });
    const { repo: elsewhere } = await newRepository(ctx().db);
    const p = (n: number) => (ctx().engine === 'postgres' ? `$${n}` : `?${n}`);
    const setSizes = (repoId: number, git: number, lfs: number) =>
      ctx().db.dataSource.query(`UPDATE repository SET git_size = ${p(1)}, lfs_size = ${p(2)} WHERE id = ${p(3)}`, [git, lfs, repoId]);
    await setSizes(small.id, 100, 5000);
    await setSizes(big.id, 9000, 10);
    await setSizes(empty.id, 0, 0);
    await setSizes(elsewhere.id, 99_999, 99_999);
    const items = new TypeOrmBiggestItems(ctx().db.dataSource.manager);
    expect(await items.repositoriesByGitSize(owner.id, 10)).toEqual([
      { id: big.id, name: 'big', size: 9000 },
      { id: small.id, name: small.name, size: 100 },
    ]);
    expect(await items.repositoriesByLfsSize(owner.id, 10)).toEqual([
      { id: small.id, name: small.name, size: 5000 },
      { id: big.id, name: 'big', size: 10 },
    ]);
    expect(await items.repositoriesByGitSize(owner.id, 1)).toEqual([{ id: big.id, name: 'big', size: 9000 }]);
  });
});
