import { describeEachEngine } from './support/each-engine';

// On an empty database: every other test gets a copy of a migrated template, this one runs the migrations.
describeEachEngine(
  'migrations',
  (ctx) => {
    it('create exactly the schema the entities describe (no drift)', async () => {
      const { db } = ctx();
      const pending = await db.dataSource.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((q) => q.query)).toEqual([]);
    });

    it('are all recorded as run', async () => {
      const { db } = ctx();
      expect(await db.dataSource.showMigrations()).toBe(false);
    });
  },
  { empty: true },
);
