import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bigintColumn, booleanColumn, idColumn } from './portable-columns';

/** Users' explicit subscriptions to (and unsubscriptions from) issues (issue 14). */
export class IssueWatches1763800032100 implements MigrationInterface {
  name = 'IssueWatches1763800032100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'issue_watch',
        columns: [
          idColumn(),
          { name: 'user_id', type: 'integer' },
          { name: 'issue_id', type: 'integer' },
          booleanColumn(queryRunner, 'is_watching', true),
          bigintColumn('created_at'),
          bigintColumn('updated_at'),
        ],
        indices: [
          { name: 'uq_issue_watch_user_issue', columnNames: ['user_id', 'issue_id'], isUnique: true },
          { name: 'ix_issue_watch_issue', columnNames: ['issue_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_issue_watch_user',
            columnNames: ['user_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_issue_watch_issue',
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
    await queryRunner.dropTable('issue_watch');
  }
}
