import { NotificationEntity } from '../src/entities/notification.entity';
import { createTestContainers } from '../src/testing/containers';
import { describeEachEngine } from './support/each-engine';
import { insertOwner, uniqueName } from './support/quota-fixtures';

describeEachEngine('notification store', (ctx) => {
  async function threadOf(userIdOverride?: number) {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const reader = userIdOverride ?? (await insertOwner(db)).id;
    const repo = await db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo') });
    const { issueId } = await createTestContainers(db, repo.id, owner.id);
    const event = { repoId: repo.id, issueId, commentId: null, source: 'issue' as const, at: new Date(1_000_000) };
    await db.notifications.notify([reader], event);
    const [thread] = await db.dataSource.getRepository(NotificationEntity).findBy({ issueId, userId: reader });
    return { db, reader, event, thread };
  }

  /** Runs `meanwhile` once, right after the store has read the threads it is about to change (another request's write). */
  function afterNextThreadRead(meanwhile: () => Promise<void>) {
    const { db } = ctx();
    const threads = db.dataSource.manager.getRepository(NotificationEntity);
    const find = jest.spyOn(threads, 'find').mockImplementationOnce(async (options) => {
      find.mockRestore();
      const rows = await threads.find(options);
      await meanwhile();
      return rows;
    });
  }

  it('keeps a thread pinned that the user pinned while a new event was being recorded', async () => {
    const { db, reader, event, thread } = await threadOf();
    afterNextThreadRead(() => db.notifications.setStatus(thread.id, 'pinned'));
    await db.notifications.notify([reader], { ...event, at: new Date(2_000_000) });
    const after = await db.notifications.findById(thread.id);
    expect(after?.status).toBe('pinned');
    expect(after?.updatedAt.getTime()).toBe(2_000_000);
  });

  it('does not bring back a thread deleted while a new event was being recorded', async () => {
    const { db, reader, event, thread } = await threadOf();
    afterNextThreadRead(async () => void (await db.dataSource.getRepository(NotificationEntity).delete({ id: thread.id })));
    await db.notifications.notify([reader], { ...event, at: new Date(2_000_000) });
    expect(await db.notifications.findById(thread.id)).toBeNull();
  });
});
