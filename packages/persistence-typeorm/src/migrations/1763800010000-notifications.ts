import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bigintColumn, idColumn } from './portable-columns';

/** Notification threads, repository watchers and issue participants (issue 5). */
export class Notifications1763800010000 implements MigrationInterface {
  name = 'Notifications1763800010000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'notification',
        columns: [
          idColumn(),
          { name: 'user_id', type: 'integer' },
          { name: 'repo_id', type: 'integer' },
          { name: 'issue_id', type: 'integer' },
          { name: 'comment_id', type: 'integer', isNullable: true },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'source', type: 'varchar', length: '16' },
          bigintColumn('created_at'),
          bigintColumn('updated_at'),
        ],
        indices: [
          { name: 'uq_notification_user_issue', columnNames: ['user_id', 'issue_id'], isUnique: true },
          { name: 'ix_notification_user_status_updated', columnNames: ['user_id', 'status', 'updated_at'] },
          { name: 'ix_notification_repo', columnNames: ['repo_id'] },
          { name: 'ix_notification_issue', columnNames: ['issue_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_notification_user',
            columnNames: ['user_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_notification_repo',
            columnNames: ['repo_id'],
            referencedTableName: 'repository',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_notification_issue',
            columnNames: ['issue_id'],
            referencedTableName: 'issue',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'watch',
        columns: [idColumn(), { name: 'user_id', type: 'integer' }, { name: 'repo_id', type: 'integer' }, bigintColumn('created_at')],
        indices: [
          { name: 'uq_watch_user_repo', columnNames: ['user_id', 'repo_id'], isUnique: true },
          { name: 'ix_watch_repo', columnNames: ['repo_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_watch_user',
            columnNames: ['user_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_watch_repo',
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
        name: 'issue_participant',
        columns: [idColumn(), { name: 'issue_id', type: 'integer' }, { name: 'user_id', type: 'integer' }],
        indices: [
          { name: 'uq_issue_participant_issue_user', columnNames: ['issue_id', 'user_id'], isUnique: true },
          { name: 'ix_issue_participant_user', columnNames: ['user_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_issue_participant_issue',
            columnNames: ['issue_id'],
            referencedTableName: 'issue',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_issue_participant_user',
            columnNames: ['user_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('issue_participant');
    await queryRunner.dropTable('watch');
    await queryRunner.dropTable('notification');
  }
}
