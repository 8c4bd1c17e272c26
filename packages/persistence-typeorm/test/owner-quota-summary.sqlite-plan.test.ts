import { OwnerQuotaSummaryFilter, QuotaUsage } from '@bellows/domain';
import { Database } from '../src/database';
import { OwnerEntity } from '../src/entities/owner.entity';
import { createTestDatabase, TestDatabase } from '../src/testing/test-databases';
import { newOwnerFields } from '../src/testing/owners';

/**
 * SQLite plans without statistics: for a page filtered by kind and sorted by
 * another subject it took the kind's index and sorted every match (the
 * overview bench found `type=user&sort=size:git:lfs` at 5.3x the cost at 10
 * owners). The store now chooses from its exact counts: the sort column's
 * index when matches are plentiful, the filter's when they are few.
 */
describe('owner quota summaries on SQLite: which index a filtered page walks', () => {
  let testDb: TestDatabase;
  let db: Database;
  const lfsOf = (id: number) => ((id * 7919) % 4096) * 1024;

  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite3');
    db = await Database.open(testDb.options);
    // 1 000 owners, 5 of them organizations; LFS bytes that order them differently from their ids.
    const rows = Array.from({ length: 1000 }, (_, i) => newOwnerFields(`plan${i}`, { kind: i % 200 === 7 ? 'organization' : 'user' }));
    for (let start = 0; start < rows.length; start += 200) {
      const chunk = rows.slice(start, start + 200).map((row) => ({ ...row, lowerName: row.name }));
      await db.dataSource.createQueryBuilder().insert().into(OwnerEntity).values(chunk).execute();
    }
    await db.dataSource.query("INSERT INTO owner_quota_summary (owner_id, kind) SELECT id, kind FROM owner WHERE lower_name LIKE 'plan%'");
    const ids: { id: number }[] = await db.dataSource.query("SELECT id FROM owner WHERE lower_name LIKE 'plan%'");
    await db.ownerQuotaSummaries.write(
      ids.map(({ id }) => ({
        ownerId: Number(id),
        usage: QuotaUsage.of({ 'git:lfs': lfsOf(Number(id)) }),
        groups: [],
        overQuota: id % 50 === 0,
      })),
    );
  });
  afterAll(async () => {
    await db?.close();
    await testDb?.drop();
  });

  /** The page's items, and SQLite's plan for the very statement the store sent. */
  async function pageAndPlan(filter: Partial<OwnerQuotaSummaryFilter>) {
    const sent: [string, unknown[]][] = [];
    const query = db.dataSource.manager.query.bind(db.dataSource.manager);
    const spy = jest.spyOn(db.dataSource.manager, 'query').mockImplementation((sql: string, parameters?: unknown[]) => {
      if (sql.includes('ORDER BY') && sql.includes('LIMIT')) sent.push([sql, parameters ?? []]);
      return query(sql, parameters);
    });
    try {
      const page = await db.ownerQuotaSummaries.page({ sort: 'size:git:lfs', order: 'desc', offset: 0, limit: 10, ...filter });
      const [[sql, parameters]] = sent;
      const plan = ((await query(`EXPLAIN QUERY PLAN ${sql}`, parameters)) as { detail: string }[]).map((r) => r.detail).join(' / ');
      return { page, plan };
    } finally {
      spy.mockRestore();
    }
  }

  const expectedOrder = async (where: string) =>
    ((await db.dataSource.query(`SELECT owner_id FROM owner_quota_summary WHERE ${where}`)) as { owner_id: number }[])
      .map((row) => Number(row.owner_id))
      .sort((a, b) => lfsOf(b) - lfsOf(a) || b - a);

  it('walks the LFS index for a page of users (many match): no sort of every user', async () => {
    const { page, plan } = await pageAndPlan({ kind: 'user' });
    expect(plan).toContain('ix_owner_quota_summary_size_git_lfs');
    expect(plan).not.toContain('TEMP B-TREE');
    expect(page.total).toBe(995);
    expect(page.items.map((item) => item.ownerId)).toEqual((await expectedOrder("kind = 'user'")).slice(0, 10));
  });

  it('reads the few organizations through the kind index and sorts them', async () => {
    const { page, plan } = await pageAndPlan({ kind: 'organization' });
    expect(plan).toContain('ix_owner_quota_summary_kind_size_all');
    expect(page.items.map((item) => item.ownerId)).toEqual(await expectedOrder("kind = 'organization'"));
  });

  it('decides over quota the same way, and leaves size:all pages to their own indexes', async () => {
    expect((await pageAndPlan({ over: false })).plan).toContain('ix_owner_quota_summary_size_git_lfs');
    const over = await pageAndPlan({ over: true });
    expect(over.plan).toContain('ix_owner_quota_summary_over_size_all');
    expect(over.page.items.map((item) => item.ownerId)).toEqual((await expectedOrder('over_quota = 1')).slice(0, 10));
    expect((await pageAndPlan({ kind: 'user', sort: 'size:all' })).plan).toContain('ix_owner_quota_summary_kind_size_all');
  });
});
