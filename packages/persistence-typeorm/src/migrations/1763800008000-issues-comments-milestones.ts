import { MigrationInterface, QueryRunner, Table, TableColumn, TableForeignKey, TableIndex } from 'typeorm';
import { bigintColumn, booleanColumn, idColumn } from './portable-columns';

/**
 * Issues in full (issue 5): milestones, the issue's milestone, assignees, and
 * the `comment` table holding comments and every timeline event.
 */
export class IssuesCommentsMilestones1763800008000 implements MigrationInterface {
  name = 'IssuesCommentsMilestones1763800008000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'milestone',
        columns: [
          idColumn(),
          { name: 'repo_id', type: 'integer' },
          { name: 'name', type: 'varchar', length: '255' },
          { name: 'description', type: 'text', default: "''" },
          booleanColumn(queryRunner, 'is_closed', false),
          bigintColumn('due_on', { isNullable: true }),
          bigintColumn('created_at'),
          bigintColumn('updated_at'),
          bigintColumn('closed_at', { isNullable: true }),
        ],
        indices: [{ name: 'ix_milestone_repo', columnNames: ['repo_id'] }],
        foreignKeys: [
          {
            name: 'fk_milestone_repo',
            columnNames: ['repo_id'],
            referencedTableName: 'repository',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await queryRunner.addColumn('issue', new TableColumn({ name: 'milestone_id', type: 'integer', isNullable: true }));
    await queryRunner.createIndex('issue', new TableIndex({ name: 'ix_issue_milestone', columnNames: ['milestone_id'] }));
    await queryRunner.createForeignKey(
      'issue',
      new TableForeignKey({
        name: 'fk_issue_milestone',
        columnNames: ['milestone_id'],
        referencedTableName: 'milestone',
        referencedColumnNames: ['id'],
        onDelete: 'SET NULL',
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'issue_assignee',
        columns: [idColumn(), { name: 'issue_id', type: 'integer' }, { name: 'assignee_id', type: 'integer' }],
        indices: [
          { name: 'uq_issue_assignee', columnNames: ['issue_id', 'assignee_id'], isUnique: true },
          { name: 'ix_issue_assignee_user', columnNames: ['assignee_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_issue_assignee_issue',
            columnNames: ['issue_id'],
            referencedTableName: 'issue',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_issue_assignee_user',
            columnNames: ['assignee_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'comment',
        columns: [
          idColumn(),
          { name: 'issue_id', type: 'integer' },
          { name: 'type', type: 'integer' },
          { name: 'poster_id', type: 'integer', isNullable: true },
          { name: 'content', type: 'text', default: "''" },
          bigintColumn('created_at'),
          bigintColumn('updated_at'),
          { name: 'label_id', type: 'integer', isNullable: true },
          { name: 'old_milestone_id', type: 'integer', isNullable: true },
          { name: 'milestone_id', type: 'integer', isNullable: true },
          { name: 'assignee_id', type: 'integer', isNullable: true },
          booleanColumn(queryRunner, 'is_removal', false),
          { name: 'old_title', type: 'varchar', length: '255', isNullable: true },
          { name: 'new_title', type: 'varchar', length: '255', isNullable: true },
          { name: 'ref_issue_id', type: 'integer', isNullable: true },
          { name: 'ref_comment_id', type: 'integer', isNullable: true },
        ],
        indices: [
          { name: 'ix_comment_issue_created', columnNames: ['issue_id', 'created_at'] },
          { name: 'ix_comment_poster', columnNames: ['poster_id'] },
          { name: 'ix_comment_ref_issue', columnNames: ['ref_issue_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_comment_issue',
            columnNames: ['issue_id'],
            referencedTableName: 'issue',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_comment_poster',
            columnNames: ['poster_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'SET NULL',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('comment');
    await queryRunner.dropTable('issue_assignee');
    await queryRunner.dropForeignKey('issue', 'fk_issue_milestone');
    await queryRunner.dropIndex('issue', 'ix_issue_milestone');
    await queryRunner.dropColumn('issue', 'milestone_id');
    await queryRunner.dropTable('milestone');
  }
}
