import { ActionSecretStore, SecretHolder } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner, uniqueName } from '../support/quota-fixtures';

/** The ActionSecretStore port: secrets per holder, unique by name (run on SQLite and PostgreSQL). */
describeEachEngine('ActionSecretStore contract', (ctx) => {
  const store = (): ActionSecretStore => ctx().db.actionSecrets;
  const put = (holder: SecretHolder, name: string, data: string) =>
    ctx().db.transaction((tx) => (tx.actionSecrets as ActionSecretStore).put(holder, name, data));

  async function holders(): Promise<{ owner: SecretHolder; repo: SecretHolder; ownerId: number; repoId: number }> {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const repo = await db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo') });
    return { owner: { ownerId: owner.id }, repo: { repoId: repo.id }, ownerId: owner.id, repoId: repo.id };
  }

  it('creates a secret, then replaces its value', async () => {
    const { owner, ownerId } = await holders();
    expect(await put(owner, 'TOKEN', 'sealed-1')).toBe('created');
    expect(await put(owner, 'TOKEN', 'sealed-2')).toBe('updated');
    const [[secret], total] = await store().list(owner, 0, 10);
    expect(total).toBe(1);
    expect(secret).toMatchObject({ name: 'TOKEN', data: 'sealed-2', scope: `owner:${ownerId}`, ownerId, repoId: null });
    expect(secret.createdAt).toBeInstanceOf(Date);
  });

  it('keeps the secrets of each holder apart', async () => {
    const { owner, repo, repoId } = await holders();
    await put(owner, 'TOKEN', 'o');
    expect(await put(repo, 'TOKEN', 'r')).toBe('created');
    expect((await store().list(repo, 0, 10))[0]).toEqual([
      expect.objectContaining({ data: 'r', repoId, ownerId: null, scope: `repo:${repoId}` }),
    ]);
    expect(await store().delete(repo, 'TOKEN')).toBe(true);
    expect((await store().list(owner, 0, 10))[1]).toBe(1);
  });

  it('lists by name, paged, with the total', async () => {
    const { owner } = await holders();
    for (const name of ['C', 'A', 'B']) await put(owner, name, 'x');
    const [page, total] = await store().list(owner, 0, 2);
    expect(total).toBe(3);
    expect(page.map((s) => s.name)).toEqual(['A', 'B']);
    expect((await store().list(owner, 2, 2))[0].map((s) => s.name)).toEqual(['C']);
  });

  it('deletes a secret once: false when the holder has no such secret', async () => {
    const { owner } = await holders();
    await put(owner, 'TOKEN', 'x');
    expect(await store().delete(owner, 'TOKEN')).toBe(true);
    expect(await store().delete(owner, 'TOKEN')).toBe(false);
    expect((await store().list(owner, 0, 10))[1]).toBe(0);
  });
});
