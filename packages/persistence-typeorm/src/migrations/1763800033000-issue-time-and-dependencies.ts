import { MigrationInterface, QueryRunner, Table, TableForeignKeyOptions } from 'typeorm';
import { bigintColumn, booleanColumn, idColumn } from './portable-columns';

function foreignKey(name: string, column: string, table: string, onDelete: 'CASCADE' | 'SET NULL' = 'CASCADE'): TableForeignKeyOptions {
  return { name, columnNames: [column], referencedTableName: table, referencedColumnNames: ['id'], onDelete };
}

/** Tracked times, stopwatches and issue dependencies (issue 14). */
export class IssueTimeAndDependencies1763800033000 implements MigrationInterface {
  name = 'IssueTimeAndDependencies1763800033000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'tracked_time',
        columns: [
          idColumn(),
          { name: 'issue_id', type: 'integer' },
          { name: 'user_id', type: 'integer' },
          bigintColumn('created_at'),
          bigintColumn('time', { default: 0 }),
          booleanColumn(queryRunner, 'deleted', false),
        ],
        indices: [
          { name: 'ix_tracked_time_issue', columnNames: ['issue_id'] },
          { name: 'ix_tracked_time_user', columnNames: ['user_id'] },
        ],
        foreignKeys: [foreignKey('fk_tracked_time_issue', 'issue_id', 'issue'), foreignKey('fk_tracked_time_user', 'user_id', 'owner')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'stopwatch',
        columns: [idColumn(), { name: 'issue_id', type: 'integer' }, { name: 'user_id', type: 'integer' }, bigintColumn('created_at')],
        indices: [
          { name: 'ux_stopwatch_user', columnNames: ['user_id'], isUnique: true },
          { name: 'ix_stopwatch_issue', columnNames: ['issue_id'] },
        ],
        foreignKeys: [foreignKey('fk_stopwatch_issue', 'issue_id', 'issue'), foreignKey('fk_stopwatch_user', 'user_id', 'owner')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'issue_dependency',
        columns: [
          idColumn(),
          { name: 'issue_id', type: 'integer' },
          { name: 'dependency_id', type: 'integer' },
          { name: 'user_id', type: 'integer', isNullable: true },
          bigintColumn('created_at'),
        ],
        indices: [
          { name: 'ux_issue_dependency_pair', columnNames: ['issue_id', 'dependency_id'], isUnique: true },
          { name: 'ix_issue_dependency_dependency', columnNames: ['dependency_id'] },
        ],
        foreignKeys: [
          foreignKey('fk_issue_dependency_issue', 'issue_id', 'issue'),
          foreignKey('fk_issue_dependency_dependency', 'dependency_id', 'issue'),
          foreignKey('fk_issue_dependency_user', 'user_id', 'owner', 'SET NULL'),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('issue_dependency');
    await queryRunner.dropTable('stopwatch');
    await queryRunner.dropTable('tracked_time');
  }
}
