import { Database } from '../../src/database';
import { createTestDatabase, TEST_ENGINES, TestDatabase, TestDatabaseOptions, TestEngine } from '../../src/testing/test-databases';

/**
 * Runs a contract suite once per database engine, each on a fresh, migrated
 * database that is dropped afterwards (`{ empty: true }`: migrated from nothing
 * when it opens, rather than copied from the migrated template).
 */
export function describeEachEngine(
  title: string,
  suite: (ctx: () => { db: Database; engine: TestEngine }) => void,
  options: TestDatabaseOptions = {},
): void {
  describe.each(TEST_ENGINES)(`${title} [%s]`, (engine) => {
    let testDb: TestDatabase;
    let db: Database;
    beforeAll(async () => {
      testDb = await createTestDatabase(engine, options);
      db = await Database.open(testDb.options);
    });
    afterAll(async () => {
      await db?.close();
      await testDb?.drop();
    });
    suite(() => ({ db, engine }));
  });
}
