import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { idColumn } from './portable-columns';

/** Actions variables of users, organizations and repositories, stored as given (issue 14). */
export class ActionVariables1763800026000 implements MigrationInterface {
  name = 'ActionVariables1763800026000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'action_variable',
        columns: [
          idColumn(),
          { name: 'scope', type: 'varchar', length: '32' },
          { name: 'owner_id', type: 'integer', isNullable: true },
          { name: 'repo_id', type: 'integer', isNullable: true },
          { name: 'name', type: 'varchar', length: '255' },
          { name: 'data', type: 'text' },
        ],
        indices: [
          { name: 'uq_action_variable_scope_name', columnNames: ['scope', 'name'], isUnique: true },
          { name: 'ix_action_variable_owner', columnNames: ['owner_id'] },
          { name: 'ix_action_variable_repo', columnNames: ['repo_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_action_variable_owner',
            columnNames: ['owner_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_action_variable_repo',
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
    await queryRunner.dropTable('action_variable');
  }
}
