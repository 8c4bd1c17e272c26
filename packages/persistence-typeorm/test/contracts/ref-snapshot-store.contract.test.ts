import { RefSnapshotStore } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner, uniqueName } from '../support/quota-fixtures';

/** The RefSnapshotStore port: the refs webhooks last saw, replaced by compare and swap (SQLite and PostgreSQL). */
describeEachEngine('RefSnapshotStore contract', (ctx) => {
  const store = (): RefSnapshotStore => ctx().db.refSnapshots;
  const repository = async () => {
    const { db } = ctx();
    return (await db.repositories.insert({ ownerId: (await insertOwner(db)).id, name: uniqueName('repo') })).id;
  };

  it('knows nothing of a repository never seen, then keeps what was stored', async () => {
    const repo = await repository();
    expect(await store().find(repo)).toEqual({ state: null, version: 0 });
    expect(await store().find(repo)).toEqual({ state: null, version: 0 });
    expect(await store().replace(repo, 0, { 'refs/heads/main': 'a'.repeat(40) })).toBe(true);
    expect(await store().find(repo)).toEqual({ state: { 'refs/heads/main': 'a'.repeat(40) }, version: 1 });
  });

  it('lets one of two writers that read the same version store, and the other read again', async () => {
    const repo = await repository();
    const seen = await store().find(repo);
    const stored = await Promise.all([
      store().replace(repo, seen.version, { 'refs/heads/a': '1'.repeat(40) }),
      store().replace(repo, seen.version, { 'refs/heads/b': '2'.repeat(40) }),
    ]);
    expect(stored.filter(Boolean)).toHaveLength(1);
    const now = await store().find(repo);
    expect(now.version).toBe(seen.version + 1);
    expect(await store().replace(repo, now.version, { 'refs/heads/a': '1'.repeat(40), 'refs/heads/b': '2'.repeat(40) })).toBe(true);
  });

  it('goes with its repository', async () => {
    const { db } = ctx();
    const repo = await repository();
    await store().replace(repo, (await store().find(repo)).version, {});
    await db.repositories.delete(repo);
    const [{ n }] = await db.dataSource.query(`SELECT COUNT(*) AS n FROM webhook_ref_snapshot WHERE repo_id = ${repo}`);
    expect(Number(n)).toBe(0);
  });
});
