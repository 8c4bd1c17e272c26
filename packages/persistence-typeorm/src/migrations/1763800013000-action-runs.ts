import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';
import { bigintColumn, idColumn } from './portable-columns';

/** Actions runs, artifact uploads in progress, and where a finalized artifact's zip is stored (issue 6). */
export class ActionRuns1763800013000 implements MigrationInterface {
  name = 'ActionRuns1763800013000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'action_run',
        columns: [
          idColumn(),
          { name: 'repo_id', type: 'integer' },
          { name: 'run_number', type: 'integer' },
          { name: 'name', type: 'varchar', length: '255' },
          { name: 'event', type: 'varchar', length: '64' },
          { name: 'workflow_id', type: 'varchar', length: '255' },
          { name: 'head_branch', type: 'varchar', length: '255' },
          { name: 'head_sha', type: 'varchar', length: '64' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'triggering_user_id', type: 'integer', isNullable: true },
          bigintColumn('created_at'),
        ],
        indices: [{ name: 'uq_action_run_repo_number', columnNames: ['repo_id', 'run_number'], isUnique: true }],
        foreignKeys: [
          {
            name: 'fk_action_run_repo',
            columnNames: ['repo_id'],
            referencedTableName: 'repository',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'action_artifact_upload',
        columns: [
          idColumn(),
          { name: 'run_id', type: 'integer' },
          { name: 'name', type: 'varchar', length: '255' },
          bigintColumn('expires_at', { isNullable: true }),
          { name: 'storage_key', type: 'varchar', length: '255', isNullable: true },
          bigintColumn('size', { isNullable: true, default: null }),
          { name: 'sha256', type: 'varchar', length: '64', isNullable: true },
          bigintColumn('created_at'),
        ],
        indices: [
          { name: 'uq_action_artifact_upload_run_name', columnNames: ['run_id', 'name'], isUnique: true },
          { name: 'ix_action_artifact_upload_created', columnNames: ['created_at'] },
        ],
        foreignKeys: [
          {
            name: 'fk_action_artifact_upload_run',
            columnNames: ['run_id'],
            referencedTableName: 'action_run',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await queryRunner.addColumns('action_artifact', [
      new TableColumn({ name: 'storage_key', type: 'varchar', length: '255', isNullable: true }),
      new TableColumn({ name: 'sha256', type: 'varchar', length: '64', isNullable: true }),
      new TableColumn(bigintColumn('created_at', { isNullable: true })),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumns('action_artifact', ['created_at', 'sha256', 'storage_key']);
    await queryRunner.dropTable('action_artifact_upload');
    await queryRunner.dropTable('action_run');
  }
}
