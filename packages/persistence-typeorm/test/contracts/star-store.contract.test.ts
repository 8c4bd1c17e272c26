import { StarStore } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner, uniqueName } from '../support/quota-fixtures';

/** The StarStore port: one star per user and repository, `numStars` in step, even at the same moment (SQLite and PostgreSQL). */
describeEachEngine('StarStore contract', (ctx) => {
  const store = (): StarStore => ctx().db.stars;

  async function repository() {
    const owner = await insertOwner(ctx().db);
    return ctx().db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo') });
  }

  it('stars once per user, counts the stars on the repository, and lists both ways', async () => {
    const repo = await repository();
    const [a, b] = [await insertOwner(ctx().db), await insertOwner(ctx().db)];
    expect(await store().star(a.id, repo.id)).toBe(true);
    expect(await store().star(a.id, repo.id)).toBe(false);
    expect(await store().star(b.id, repo.id)).toBe(true);
    expect((await ctx().db.repositories.findById(repo.id))?.numStars).toBe(2);
    expect(await store().isStarred(a.id, repo.id)).toBe(true);
    expect(await store().starredBy(a.id)).toEqual([repo.id]);
    const [gazers, total] = await store().stargazers(repo.id, 0, 10);
    expect([gazers.map((u) => u.id), total]).toEqual([[a.id, b.id], 2]);
    expect(await store().unstar(a.id, repo.id)).toBe(true);
    expect(await store().unstar(a.id, repo.id)).toBe(false);
    expect((await ctx().db.repositories.findById(repo.id))?.numStars).toBe(1);
  });

  it('loses no star when many come at once', async () => {
    const repo = await repository();
    const users = await Promise.all(Array.from({ length: 8 }, () => insertOwner(ctx().db)));
    await Promise.all(users.flatMap((user) => [store().star(user.id, repo.id), store().star(user.id, repo.id)]));
    expect((await ctx().db.repositories.findById(repo.id))?.numStars).toBe(8);
  });

  it('refuses a star on a repository that is gone', async () => {
    const user = await insertOwner(ctx().db);
    await expect(store().star(user.id, 999_999_999)).rejects.toMatchObject({ name: 'ContainerGoneError' });
  });
});
