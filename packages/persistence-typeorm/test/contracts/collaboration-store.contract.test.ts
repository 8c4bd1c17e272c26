import { CollaborationStore } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner, uniqueName } from '../support/quota-fixtures';

/** The CollaborationStore port (run on SQLite and PostgreSQL). */
describeEachEngine('CollaborationStore contract', (ctx) => {
  const store = (): CollaborationStore => ctx().db.collaborations;

  async function repository() {
    const owner = await insertOwner(ctx().db);
    return ctx().db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo') });
  }

  it('answers null for a user who is not a collaborator', async () => {
    const repo = await repository();
    const user = await insertOwner(ctx().db);
    expect(await store().modeOf(repo.id, user.id)).toBeNull();
  });

  it('adds a collaborator, and changes the mode of an existing one', async () => {
    const repo = await repository();
    const user = await insertOwner(ctx().db);
    await store().set(repo.id, user.id, 'read');
    expect(await store().modeOf(repo.id, user.id)).toBe('read');
    await store().set(repo.id, user.id, 'admin');
    expect(await store().modeOf(repo.id, user.id)).toBe('admin');
    expect((await store().list(repo.id, 0, 10))[1]).toBe(1);
  });

  it('keeps collaborations per repository', async () => {
    const [first, second] = [await repository(), await repository()];
    const user = await insertOwner(ctx().db);
    await store().set(first.id, user.id, 'write');
    expect(await store().modeOf(second.id, user.id)).toBeNull();
  });

  it('lists one page of collaborators by name with their modes and the total', async () => {
    const repo = await repository();
    const users = [await insertOwner(ctx().db), await insertOwner(ctx().db), await insertOwner(ctx().db)];
    for (const [i, user] of [...users].reverse().entries()) await store().set(repo.id, user.id, i === 0 ? 'admin' : 'read');
    const byName = [...users].sort((a, b) => a.lowerName.localeCompare(b.lowerName));
    const [page, total] = await store().list(repo.id, 1, 2);
    expect(total).toBe(3);
    expect(page.map((row) => row.user.id)).toEqual([byName[1].id, byName[2].id]);
    expect(page.every((row) => typeof row.user.name === 'string' && ['read', 'admin'].includes(row.mode))).toBe(true);
    expect(await store().list((await repository()).id, 0, 10)).toEqual([[], 0]);
  });

  it('removes a collaborator: true when there was one, false otherwise', async () => {
    const repo = await repository();
    const user = await insertOwner(ctx().db);
    await store().set(repo.id, user.id, 'write');
    expect(await store().remove(repo.id, user.id)).toBe(true);
    expect(await store().modeOf(repo.id, user.id)).toBeNull();
    expect(await store().remove(repo.id, user.id)).toBe(false);
  });
});
