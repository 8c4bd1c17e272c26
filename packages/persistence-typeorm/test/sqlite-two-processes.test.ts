import { Database } from '../src/database';
import { createTestDatabase, TestDatabase } from '../src/testing/test-databases';
import { insertOwner } from './support/quota-fixtures';
import { storeSizedBytes } from './support/sized-fixtures';

/**
 * Two Database objects over one SQLite file stand for the server and a
 * `bellows admin …` command beside it. A transaction that read first and
 * wrote later used to fail with SQLITE_BUSY when the other process committed
 * in between: SQLite cannot move a read snapshot that is out of date up to a
 * write lock, and its busy timeout does not wait in that case. Seen as
 * `bellows admin quota recalculate` failing, now and then, while the server's
 * quota worker wrote. A write transaction must wait its turn instead.
 */
describe('write transactions of two processes on one SQLite file', () => {
  let testDb: TestDatabase;
  let server: Database;
  let command: Database;

  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite3');
    server = await Database.open(testDb.options);
    command = await Database.open(testDb.options);
  });
  afterAll(async () => {
    await command?.close();
    await server?.close();
    await testDb?.drop();
  });

  it('a transaction that reads, then writes after the other process committed, waits and commits; so does the other', async () => {
    const owner = await insertOwner(server);
    let otherWrite: Promise<unknown> | undefined;
    await command.transaction(async (tx) => {
      await tx.owners.findById(owner.id); // a read: the snapshot starts here
      otherWrite = server.owners.update(owner.id, { fullName: 'written by the server' });
      await new Promise((resolve) => setTimeout(resolve, 300)); // the server's write commits now, when it can
      await tx.owners.update(owner.id, { description: 'written by the command' });
    });
    await otherWrite;
    const stored = await server.owners.findById(owner.id);
    expect(stored).toMatchObject({ fullName: 'written by the server', description: 'written by the command' });
  });

  it('the first catch-up forgets what was cached before it: background work (the quota worker) reads before any request does', async () => {
    const owner = await insertOwner(server);
    await storeSizedBytes(server, owner.id, { 'repos:public': 500 });
    expect((await server.quotaUsage.usageOf(owner.id)).bytesIn('repos:public')).toBe(500); // cached, no request has caught up yet
    await command.dataSource.query(`UPDATE owner_quota_usage SET bytes = 3 WHERE owner_id = ${owner.id}`); // the other process commits
    await server.catchUp(); // the first request
    expect((await server.quotaUsage.usageOf(owner.id)).bytesIn('repos:public')).toBe(3);
  });

  it('outbox rows another process wrote are read with what they stand for: the quota worker never evaluates a cached figure', async () => {
    const owner = await insertOwner(server);
    await server.catchUp();
    expect((await server.quotaUsage.usageOf(owner.id)).bytesIn('packages')).toBe(0); // cached
    await storeSizedBytes(command, owner.id, { packages: 700 }); // the other process's upload, and its outbox row
    const rows = await server.quotaWarnings.peekOutbox(1000);
    expect(rows.map((row) => row.ownerId)).toContain(owner.id);
    expect((await server.quotaUsage.usageOf(owner.id)).bytesIn('packages')).toBe(700);
  });

  it('a transaction that could not begin (the other process held the write lock past the busy timeout) leaves the next ones working', async () => {
    const owner = await insertOwner(server);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = command.transaction(async (tx) => {
      await tx.owners.update(owner.id, { description: 'the command holds the lock' });
      locked();
      await held;
    });
    await lockTaken;
    await expect(server.transaction((tx) => tx.owners.update(owner.id, { fullName: 'too early' }))).rejects.toThrow(/SQLITE_BUSY/);
    release();
    await holder;
    await server.transaction((tx) => tx.owners.update(owner.id, { fullName: 'in its turn' }));
    await server.owners.update(owner.id, { location: 'outside a transaction' });
    expect(await server.owners.findById(owner.id)).toMatchObject({ fullName: 'in its turn', location: 'outside a transaction' });
  }, 60_000);
});
