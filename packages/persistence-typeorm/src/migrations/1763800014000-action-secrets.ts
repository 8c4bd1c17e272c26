import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bigintColumn, idColumn } from './portable-columns';

/** Actions secrets of users, organizations and repositories, sealed by the server (issue 6). */
export class ActionSecrets1763800014000 implements MigrationInterface {
  name = 'ActionSecrets1763800014000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'action_secret',
        columns: [
          idColumn(),
          { name: 'scope', type: 'varchar', length: '32' },
          { name: 'owner_id', type: 'integer', isNullable: true },
          { name: 'repo_id', type: 'integer', isNullable: true },
          { name: 'name', type: 'varchar', length: '255' },
          { name: 'data', type: 'text' },
          bigintColumn('created_at'),
        ],
        indices: [
          { name: 'uq_action_secret_scope_name', columnNames: ['scope', 'name'], isUnique: true },
          { name: 'ix_action_secret_owner', columnNames: ['owner_id'] },
          { name: 'ix_action_secret_repo', columnNames: ['repo_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_action_secret_owner',
            columnNames: ['owner_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_action_secret_repo',
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
    await queryRunner.dropTable('action_secret');
  }
}
