import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bigintColumn, booleanColumn, idColumn } from './portable-columns';

/**
 * Issues in their minimal form (the number sequence pull requests share) and
 * pull requests (issue 4). The issues issue adds its columns with its own migration.
 */
export class IssuesAndPullRequests1763800007000 implements MigrationInterface {
  name = 'IssuesAndPullRequests1763800007000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'issue',
        columns: [
          idColumn(),
          { name: 'repo_id', type: 'integer' },
          { name: 'index', type: 'integer' },
          { name: 'poster_id', type: 'integer', isNullable: true },
          { name: 'title', type: 'varchar', length: '255' },
          { name: 'body', type: 'text', default: "''" },
          booleanColumn(queryRunner, 'is_pull', false),
          booleanColumn(queryRunner, 'is_closed', false),
          bigintColumn('created_at'),
          bigintColumn('updated_at'),
          bigintColumn('closed_at', { isNullable: true }),
        ],
        indices: [
          { name: 'uq_issue_repo_index', columnNames: ['repo_id', 'index'], isUnique: true },
          { name: 'ix_issue_repo_pull_closed', columnNames: ['repo_id', 'is_pull', 'is_closed'] },
          { name: 'ix_issue_poster', columnNames: ['poster_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_issue_repo',
            columnNames: ['repo_id'],
            referencedTableName: 'repository',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_issue_poster',
            columnNames: ['poster_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'SET NULL',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'pull_request',
        columns: [
          idColumn(),
          { name: 'issue_id', type: 'integer' },
          { name: 'head_branch', type: 'varchar', length: '255' },
          { name: 'base_branch', type: 'varchar', length: '255' },
          { name: 'merge_base', type: 'varchar', length: '64', default: "''" },
          booleanColumn(queryRunner, 'has_merged', false),
          bigintColumn('merged_at', { isNullable: true }),
          { name: 'merged_commit_id', type: 'varchar', length: '64', isNullable: true },
        ],
        indices: [{ name: 'uq_pull_request_issue', columnNames: ['issue_id'], isUnique: true }],
        foreignKeys: [
          {
            name: 'fk_pull_request_issue',
            columnNames: ['issue_id'],
            referencedTableName: 'issue',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('pull_request');
    await queryRunner.dropTable('issue');
  }
}
