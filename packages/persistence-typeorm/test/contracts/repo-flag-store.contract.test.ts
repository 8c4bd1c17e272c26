import { RepoFlagStore } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner, uniqueName } from '../support/quota-fixtures';

/** The RepoFlagStore port: each flag once per repository, even added at the same moment; replaced as a whole (SQLite and PostgreSQL). */
describeEachEngine('RepoFlagStore contract', (ctx) => {
  const store = (): RepoFlagStore => ctx().db.repoFlags;
  const newRepo = async () => {
    const owner = await insertOwner(ctx().db);
    return (await ctx().db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo') })).id;
  };

  it('adds each flag once, lists them oldest first, removes one or all', async () => {
    const [repo, other] = [await newRepo(), await newRepo()];
    await store().add(repo, 'spam-checked');
    await store().add(repo, 'featured');
    await store().add(repo, 'spam-checked');
    await store().add(other, 'featured');
    expect(await store().list(repo)).toEqual(['spam-checked', 'featured']);
    expect([await store().has(repo, 'featured'), await store().has(repo, 'nope')]).toEqual([true, false]);
    await store().remove(repo, 'spam-checked');
    expect(await store().list(repo)).toEqual(['featured']);
    await store().removeAll(repo);
    expect([await store().list(repo), await store().list(other)]).toEqual([[], ['featured']]);
  });

  it('replaces all flags at once, duplicates counted once', async () => {
    const repo = await newRepo();
    await store().add(repo, 'old');
    await store().replaceAll(repo, ['a', 'b', 'a']);
    expect(await store().list(repo)).toEqual(['a', 'b']);
    await store().replaceAll(repo, []);
    expect(await store().list(repo)).toEqual([]);
  });

  it('keeps one row when the same flag is added many times at once', async () => {
    const repo = await newRepo();
    await Promise.all(Array.from({ length: 8 }, () => store().add(repo, 'busy')));
    expect(await store().list(repo)).toEqual(['busy']);
  });
});
