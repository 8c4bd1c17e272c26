import { ActionVariableStore, SecretHolder } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner, uniqueName } from '../support/quota-fixtures';

/** The ActionVariableStore port: variables per holder, unique by name, renamed in place (run on SQLite and PostgreSQL). */
describeEachEngine('ActionVariableStore contract', (ctx) => {
  const store = (): ActionVariableStore => ctx().db.actionVariables;

  async function holders(): Promise<{ owner: SecretHolder; repo: SecretHolder; ownerId: number; repoId: number }> {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const repo = await db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo') });
    return { owner: { ownerId: owner.id }, repo: { repoId: repo.id }, ownerId: owner.id, repoId: repo.id };
  }

  it('creates a variable once, keeping its value as given', async () => {
    const { owner, ownerId } = await holders();
    expect(await store().create(owner, 'REGION', 'eu-west\n1')).toBe('created');
    expect(await store().create(owner, 'REGION', 'other')).toBe('exists');
    expect(await store().find(owner, 'REGION')).toMatchObject({ name: 'REGION', data: 'eu-west\n1', ownerId, repoId: null });
  });

  it('keeps the variables of each holder apart', async () => {
    const { owner, repo, repoId } = await holders();
    await store().create(owner, 'REGION', 'o');
    expect(await store().create(repo, 'REGION', 'r')).toBe('created');
    expect(await store().find(repo, 'REGION')).toMatchObject({ data: 'r', repoId, ownerId: null, scope: `repo:${repoId}` });
    expect(await store().delete(repo, 'REGION')).toBe(true);
    expect((await store().find(owner, 'REGION'))?.data).toBe('o');
  });

  it('updates the value and renames; a missing variable or a taken name changes nothing', async () => {
    const { owner } = await holders();
    await store().create(owner, 'A', '1');
    await store().create(owner, 'B', '2');
    expect(await store().update(owner, 'A', 'A', 'one')).toBe('updated');
    expect(await store().update(owner, 'A', 'B', 'x')).toBe('name-taken');
    expect(await store().update(owner, 'NOPE', 'NOPE', 'x')).toBe('missing');
    expect(await store().update(owner, 'A', 'C', 'three')).toBe('updated');
    const [rows, total] = await store().list(owner, 0, 10);
    expect(total).toBe(2);
    expect(rows.map((v) => [v.name, v.data])).toEqual([
      ['B', '2'],
      ['C', 'three'],
    ]);
  });

  it('lists by name, paged, with the total; deletes once', async () => {
    const { owner } = await holders();
    for (const name of ['C', 'A', 'B']) await store().create(owner, name, 'x');
    const [page, total] = await store().list(owner, 0, 2);
    expect(total).toBe(3);
    expect(page.map((v) => v.name)).toEqual(['A', 'B']);
    expect((await store().list(owner, 2, 2))[0].map((v) => v.name)).toEqual(['C']);
    expect(await store().delete(owner, 'C')).toBe(true);
    expect(await store().delete(owner, 'C')).toBe(false);
  });

  it('goes with its owner and its repository', async () => {
    const { owner, repo, ownerId, repoId } = await holders();
    await store().create(owner, 'O', 'x');
    await store().create(repo, 'R', 'x');
    await ctx().db.dataSource.query(`DELETE FROM repository WHERE id = ${repoId}`);
    expect(await store().find(repo, 'R')).toBeNull();
    await ctx().db.dataSource.query(`DELETE FROM owner WHERE id = ${ownerId}`);
    expect(await store().find(owner, 'O')).toBeNull();
  });
});
