import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';

/**
 * Notification threads about quota warnings (issue 16): a thread may point at
 * a quota event instead of an issue, so its repository and issue may be null.
 * (SQLite rebuilds the table to relax the columns; the rows stay as they are.)
 */
export class QuotaNotifications1763800042100 implements MigrationInterface {
  name = 'QuotaNotifications1763800042100';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = await queryRunner.getTable('notification');
    for (const name of ['repo_id', 'issue_id']) {
      const column = table!.findColumnByName(name)!;
      const relaxed = column.clone();
      relaxed.isNullable = true;
      await queryRunner.changeColumn('notification', column, relaxed);
    }
    await queryRunner.addColumn('notification', new TableColumn({ name: 'quota_event_id', type: 'integer', isNullable: true }));
    await queryRunner.createIndex('notification', new TableIndex({ name: 'ix_notification_quota_event', columnNames: ['quota_event_id'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DELETE FROM notification WHERE source = 'quota'");
    await queryRunner.dropIndex('notification', 'ix_notification_quota_event');
    await queryRunner.dropColumn('notification', 'quota_event_id');
    const table = await queryRunner.getTable('notification');
    for (const name of ['repo_id', 'issue_id']) {
      const column = table!.findColumnByName(name)!;
      const strict = column.clone();
      strict.isNullable = false;
      await queryRunner.changeColumn('notification', column, strict);
    }
  }
}
