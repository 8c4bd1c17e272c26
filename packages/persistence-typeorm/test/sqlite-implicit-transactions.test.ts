import { WebhookEntity } from '../src/entities/webhook.entity';
import { describeEachEngine } from './support/each-engine';
import { insertOwner } from './support/quota-fixtures';

/**
 * SQLite has one connection, and TypeORM one query runner on it: a `save()`
 * made outside any transaction opens a transaction of its own on that runner.
 * A transaction of Database.transaction started while it is open must wait
 * for it, not nest into it (it used to fail with "cannot start a transaction
 * within a transaction" or "no such savepoint", and fail the save too). Found
 * when the quota warning worker's transactions began to follow every upload.
 */
describeEachEngine('transactions beside implicit ones', (ctx) => {
  it('a save() outside a transaction and Database.transaction at the same moment both commit', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const hooks = db.dataSource.getRepository(WebhookEntity);
    const now = new Date();
    const transact = () =>
      db.transaction(async (tx) => {
        await tx.quotaOutbox.enqueue([owner.id]);
        return tx.quotaWarnings.claimOutbox((await tx.quotaWarnings.peekOutbox(10)).map((row) => row.id));
      });
    const row = () =>
      hooks.create({
        repoId: null,
        ownerId: owner.id,
        isSystem: false,
        type: 'forgejo',
        url: 'http://127.0.0.1/hook',
        contentType: 'json',
        events: 'push',
        branchFilter: '',
        active: true,
        secretSealed: '',
        authorizationHeaderSealed: '',
        lastStatus: 'none',
        createdAt: now,
        updatedAt: now,
      });
    const ticks = (n: number) =>
      Array.from({ length: n }).reduce<Promise<unknown>>((p) => p.then(() => Promise.resolve()), Promise.resolve());
    // The save first, the transaction a few microtasks later (inside the save's own start), and the other way round.
    for (let i = 0; i < 60; i++) {
      const [first, second] = i % 2 === 0 ? [() => hooks.save(row()), transact] : [transact, () => hooks.save(row())];
      const a = first();
      await ticks(i >> 1);
      const b = second();
      await expect(Promise.all([a, b])).resolves.toBeDefined();
    }
    expect(await hooks.countBy({ ownerId: owner.id })).toBe(60);
  });
});
