import { Database } from '../src/database';
import { createTestDatabase, TestDatabase } from '../src/testing/test-databases';
import { newIssue, newRepository } from './support/issue-fixtures';
import { insertOwner } from './support/quota-fixtures';
import { storeSizedBytes } from './support/sized-fixtures';

/**
 * Two Database objects over one PostgreSQL database stand for two Bellows
 * processes: each caches sign-in and quota reads in its own memory, and a
 * write through one must reach the other's cache through the change feed.
 */
describe('read caches of two processes on one PostgreSQL database', () => {
  let testDb: TestDatabase;
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    first = await Database.open(testDb.options);
    second = await Database.open(testDb.options);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await testDb?.drop();
  });

  /** The notification travels asynchronously: the other process sees the change within moments, never later. */
  async function eventually<T>(read: () => Promise<T>, expected: T): Promise<void> {
    const deadline = Date.now() + 2000;
    while (Date.now() < deadline) {
      if ((await read()) === expected) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await read()).toBe(expected);
  }

  it('an account shut out through one process is shut out in the other', async () => {
    const owner = await insertOwner(first);
    expect((await second.owners.findById(owner.id))?.prohibitLogin).toBe(false);
    await first.owners.update(owner.id, { prohibitLogin: true });
    await eventually(async () => (await second.owners.findById(owner.id))?.prohibitLogin, true);
  });

  it('a deleted token is gone in the other process', async () => {
    const owner = await insertOwner(first);
    const token = await first.accessTokens.insert({
      ownerId: owner.id,
      name: 'shared',
      tokenHash: 'h'.repeat(64),
      tokenSalt: 's'.repeat(32),
      tokenLastEight: `tk${owner.id}`.padEnd(8, 'x').slice(0, 8),
      scopes: 'all',
      createdAt: new Date(),
      lastUsedAt: null,
    });
    expect(await second.accessTokens.findByLastEight(token.tokenLastEight)).toHaveLength(1);
    await first.accessTokens.delete(token.id);
    await eventually(async () => (await second.accessTokens.findByLastEight(token.tokenLastEight)).length, 0);
  });

  it('bytes stored through one process show in the usage the other answers', async () => {
    const owner = await insertOwner(first);
    expect((await second.quotaUsage.usageOf(owner.id)).bytesIn('attachments:issues')).toBe(0);
    await storeSizedBytes(first, owner.id, { 'attachments:issues': 2048 });
    await eventually(async () => (await second.quotaUsage.usageOf(owner.id)).bytesIn('attachments:issues'), 2048);
  });

  it('an issue edited through one process shows in the list the other answers', async () => {
    const { owner, repo } = await newRepository(first);
    const issue = await newIssue(first, { repoId: repo.id, posterId: owner.id, title: 'before' });
    const titleInSecond = async () => (await second.issues.listWithDetails({ repoId: repo.id }, 0, 10))[0][0]?.issue.title;
    expect(await titleInSecond()).toBe('before');
    await first.issues.update(issue.id, { title: 'after' });
    await eventually(titleInSecond, 'after');
  });
});

describe('read caches of two processes on one SQLite file', () => {
  let testDb: TestDatabase;
  let web: Database;
  let adminCommand: Database;

  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite3');
    web = await Database.open(testDb.options);
    adminCommand = await Database.open(testDb.options);
  });
  afterAll(async () => {
    await web?.close();
    await adminCommand?.close();
    await testDb?.drop();
  });

  it('what another process committed is seen once the reader has caught up, and not served from memory before', async () => {
    expect(web.needsCatchUp).toBe(true);
    const owner = await insertOwner(web);
    await web.catchUp();
    expect((await web.owners.findById(owner.id))?.fullName).toBe('');
    await adminCommand.owners.update(owner.id, { fullName: 'Changed elsewhere' });
    await web.catchUp();
    expect((await web.owners.findById(owner.id))?.fullName).toBe('Changed elsewhere');
  });

  it('a ledger rewritten by another process shows in the next usage answer', async () => {
    const owner = await insertOwner(web);
    await storeSizedBytes(web, owner.id, { 'attachments:issues': 100 });
    await web.catchUp();
    expect((await web.quotaUsage.usageOf(owner.id)).bytesIn('attachments:issues')).toBe(100);
    await adminCommand.transaction(async (tx) => {
      await tx.quotaRecount.fix();
    });
    await adminCommand.dataSource.query('UPDATE owner_quota_usage SET bytes = 7 WHERE owner_id = ? AND bucket = ?', [
      owner.id,
      'attachments:issues',
    ]);
    await web.catchUp();
    expect((await web.quotaUsage.usageOf(owner.id)).bytesIn('attachments:issues')).toBe(7);
  });

  it('an issue edited by another process shows in the next list', async () => {
    const { owner, repo } = await newRepository(web);
    const issue = await newIssue(web, { repoId: repo.id, posterId: owner.id, title: 'before' });
    const title = async () => (await web.issues.listWithDetails({ repoId: repo.id }, 0, 10))[0][0]?.issue.title;
    await web.catchUp();
    expect(await title()).toBe('before');
    await adminCommand.issues.update(issue.id, { title: 'after' });
    await web.catchUp();
    expect(await title()).toBe('after');
  });
});
