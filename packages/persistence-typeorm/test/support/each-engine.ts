import { Database } from '../../src/database';
import { createTestDatabase, TEST_ENGINES, TestDatabase, TestEngine } from '../../src/testing/test-databases';

/**
 * Runs a contract suite once per database engine, each on a fresh, migrated
 * database that is dropped afterwards.
 */
export function describeEachEngine(title: string, suite: (ctx: () => { db: Database; engine: TestEngine }) => void): void {
  describe.each(TEST_ENGINES)(`${title} [%s]`, (engine) => {
    let testDb: TestDatabase;
    let db: Database;
    beforeAll(async () => {
      testDb = await createTestDatabase(engine);
      db = await Database.open(testDb.options);
    });
    afterAll(async () => {
      await db?.close();
      await testDb?.drop();
    });
    suite(() => ({ db, engine }));
  });
}
