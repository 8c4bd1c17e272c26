import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * The refs webhooks last saw, per repository, in the database rather than in
 * files under APP_DATA_PATH/webhooks/refs: shared by every instance and
 * updated by compare and swap (issue 15). The old files are read once for a
 * repository that has no row yet.
 */
export class WebhookRefSnapshots1763800040100 implements MigrationInterface {
  name = 'WebhookRefSnapshots1763800040100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'webhook_ref_snapshot',
        columns: [
          { name: 'repo_id', type: 'integer', isPrimary: true },
          { name: 'refs', type: 'text', isNullable: true },
          { name: 'version', type: 'integer', default: 0 },
        ],
        foreignKeys: [
          {
            name: 'fk_webhook_ref_snapshot_repo',
            columnNames: ['repo_id'],
            referencedTableName: 'repository',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('webhook_ref_snapshot');
  }
}
