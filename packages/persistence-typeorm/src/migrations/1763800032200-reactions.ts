import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bigintColumn, idColumn } from './portable-columns';

/** Users' reactions on issues and comments (issue 14). */
export class Reactions1763800032200 implements MigrationInterface {
  name = 'Reactions1763800032200';

  async up(queryRunner: QueryRunner): Promise<void> {
    const cascadeTo = (column: string, table: string, name: string) => ({
      name,
      columnNames: [column],
      referencedTableName: table,
      referencedColumnNames: ['id'],
      onDelete: 'CASCADE',
    });
    await queryRunner.createTable(
      new Table({
        name: 'reaction',
        columns: [
          idColumn(),
          { name: 'issue_id', type: 'integer' },
          { name: 'comment_id', type: 'integer', isNullable: true },
          { name: 'user_id', type: 'integer' },
          { name: 'type', type: 'varchar', length: '64' },
          bigintColumn('created_at'),
        ],
        indices: [
          { name: 'ix_reaction_issue', columnNames: ['issue_id'] },
          {
            name: 'uq_reaction_issue_user_type',
            columnNames: ['issue_id', 'user_id', 'type'],
            isUnique: true,
            where: 'comment_id IS NULL',
          },
          {
            name: 'uq_reaction_comment_user_type',
            columnNames: ['comment_id', 'user_id', 'type'],
            isUnique: true,
            where: 'comment_id IS NOT NULL',
          },
        ],
        foreignKeys: [
          cascadeTo('issue_id', 'issue', 'fk_reaction_issue'),
          cascadeTo('comment_id', 'comment', 'fk_reaction_comment'),
          cascadeTo('user_id', 'owner', 'fk_reaction_user'),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('reaction');
  }
}
