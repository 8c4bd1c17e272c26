import { TopicStore } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner, uniqueName } from '../support/quota-fixtures';

/** The TopicStore port: a repository's topics, replaced, added, removed, and searched with their counts (SQLite and PostgreSQL). */
describeEachEngine('TopicStore contract', (ctx) => {
  const store = (): TopicStore => ctx().db.topics;

  async function twoRepositories(): Promise<[number, number]> {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const a = await db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo') });
    const b = await db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo') });
    return [a.id, b.id];
  }

  it('replaces, adds and removes the names of a repository, listed by name and paged', async () => {
    const [repo] = await twoRepositories();
    const t = uniqueName('t').toLowerCase();
    await store().replace(repo, [`${t}-b`, `${t}-a`]);
    expect(await store().namesOf(repo, 0, 10)).toEqual([[`${t}-a`, `${t}-b`], 2]);
    expect(await store().add(repo, `${t}-c`, 25)).toBe(true);
    expect(await store().add(repo, `${t}-c`, 25)).toBe(true);
    expect(await store().namesOf(repo, 1, 1)).toEqual([[`${t}-b`], 3]);
    expect(await store().remove(repo, `${t}-a`)).toBe(true);
    expect(await store().remove(repo, `${t}-a`)).toBe(false);
    await store().replace(repo, [`${t}-z`]);
    expect(await store().namesOf(repo, 0, 10)).toEqual([[`${t}-z`], 1]);
  });

  it('adds nothing beyond the maximum', async () => {
    const [repo] = await twoRepositories();
    const t = uniqueName('m').toLowerCase();
    await store().replace(repo, [`${t}-1`, `${t}-2`]);
    expect(await store().add(repo, `${t}-3`, 2)).toBe(false);
    expect((await store().namesOf(repo, 0, 10))[1]).toBe(2);
    expect((await store().search(`${t}-3`, 0, 10))[1]).toBe(0);
  });

  it('searches topics by a part of the name, with how many repositories carry each; unused names go', async () => {
    const [a, b] = await twoRepositories();
    const t = uniqueName('s').toLowerCase();
    await store().replace(a, [`${t}-shared`, `${t}-alone`]);
    await store().replace(b, [`${t}-shared`]);
    const [found, total] = await store().search(t, 0, 10);
    expect(total).toBe(2);
    expect(found.map((topic) => [topic.name, topic.repoCount])).toEqual([
      [`${t}-alone`, 1],
      [`${t}-shared`, 2],
    ]);
    expect(found[0].createdAt).toBeInstanceOf(Date);
    await store().remove(a, `${t}-alone`);
    expect((await store().search(`${t}-alone`, 0, 10))[1]).toBe(0);
    expect((await store().search('%', 0, 10))[1]).toBe(0);
  });
});
