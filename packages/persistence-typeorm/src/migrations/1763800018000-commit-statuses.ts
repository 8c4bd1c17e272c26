import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bigintColumn, idColumn } from './portable-columns';

/** Commit statuses reported by CI systems (issue 13). */
export class CommitStatuses1763800018000 implements MigrationInterface {
  name = 'CommitStatuses1763800018000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'commit_status',
        columns: [
          idColumn(),
          { name: 'repo_id', type: 'integer' },
          { name: 'sha', type: 'varchar', length: '64' },
          { name: 'state', type: 'varchar', length: '16' },
          { name: 'context', type: 'varchar', length: '255' },
          { name: 'target_url', type: 'text' },
          { name: 'description', type: 'text' },
          { name: 'creator_id', type: 'integer', isNullable: true },
          bigintColumn('created_at'),
        ],
        indices: [{ name: 'ix_commit_status_repo_sha', columnNames: ['repo_id', 'sha'] }],
        foreignKeys: [
          {
            name: 'fk_commit_status_repo',
            columnNames: ['repo_id'],
            referencedTableName: 'repository',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_commit_status_creator',
            columnNames: ['creator_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'SET NULL',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('commit_status');
  }
}
