import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bigintColumn } from './portable-columns';

/**
 * Daily snapshots of the usage ledger (issue 16): one row per owner, UTC day
 * and bucket, written by the `quota_usage_snapshot` job, kept `[quota]
 * HISTORY_DAYS` days. The day is `YYYY-MM-DD` text: it sorts as the day does
 * and means the same on both engines. The primary key serves an owner's
 * series (a range of days of one owner); the day index serves the instance
 * series and the job's deletion of old days.
 */
export class QuotaUsageSnapshots1763800044000 implements MigrationInterface {
  name = 'QuotaUsageSnapshots1763800044000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'quota_usage_snapshot',
        columns: [
          { name: 'owner_id', type: 'integer', isPrimary: true },
          { name: 'day', type: 'varchar', length: '10', isPrimary: true },
          { name: 'bucket', type: 'varchar', length: '32', isPrimary: true },
          bigintColumn('bytes', { default: 0 }),
        ],
        foreignKeys: [
          {
            name: 'fk_quota_usage_snapshot_owner',
            columnNames: ['owner_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
        indices: [{ name: 'ix_quota_usage_snapshot_day', columnNames: ['day'] }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('quota_usage_snapshot');
  }
}
