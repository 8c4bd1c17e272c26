import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bigintColumn, booleanColumn, idColumn } from './portable-columns';

/** Reviews of pull requests, requests to review, and comments on lines of the diff (issue 13). */
export class PullReviews1763800022000 implements MigrationInterface {
  name = 'PullReviews1763800022000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'pull_review',
        columns: [
          idColumn(),
          { name: 'issue_id', type: 'integer' },
          { name: 'reviewer_id', type: 'integer' },
          { name: 'state', type: 'varchar', length: '16' },
          { name: 'body', type: 'text', default: "''" },
          { name: 'commit_id', type: 'varchar', length: '64', default: "''" },
          booleanColumn(queryRunner, 'official', false),
          booleanColumn(queryRunner, 'dismissed', false),
          bigintColumn('created_at'),
          bigintColumn('updated_at'),
          bigintColumn('submitted_at', { isNullable: true }),
        ],
        indices: [{ name: 'ix_pull_review_issue_reviewer', columnNames: ['issue_id', 'reviewer_id'] }],
        foreignKeys: [
          {
            name: 'fk_pull_review_issue',
            columnNames: ['issue_id'],
            referencedTableName: 'issue',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_pull_review_reviewer',
            columnNames: ['reviewer_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'pull_review_comment',
        columns: [
          idColumn(),
          { name: 'review_id', type: 'integer' },
          { name: 'author_id', type: 'integer' },
          { name: 'path', type: 'text' },
          { name: 'line', type: 'integer', default: 0 },
          { name: 'body', type: 'text', default: "''" },
          { name: 'commit_id', type: 'varchar', length: '64', default: "''" },
          bigintColumn('created_at'),
          bigintColumn('updated_at'),
        ],
        indices: [{ name: 'ix_pull_review_comment_review', columnNames: ['review_id'] }],
        foreignKeys: [
          {
            name: 'fk_pull_review_comment_review',
            columnNames: ['review_id'],
            referencedTableName: 'pull_review',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_pull_review_comment_author',
            columnNames: ['author_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('pull_review_comment');
    await queryRunner.dropTable('pull_review');
  }
}
