import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { booleanColumn, idColumn } from './portable-columns';

/** Organization teams and their members. */
export class Organizations1763800001000 implements MigrationInterface {
  name = 'Organizations1763800001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'team',
        columns: [
          idColumn(),
          { name: 'org_id', type: 'integer' },
          { name: 'name', type: 'varchar', length: '255' },
          { name: 'lower_name', type: 'varchar', length: '255' },
          { name: 'description', type: 'varchar', length: '255', default: "''" },
          { name: 'permission', type: 'varchar', length: '16' },
          booleanColumn(queryRunner, 'includes_all_repositories', false),
          booleanColumn(queryRunner, 'can_create_org_repo', false),
          { name: 'units_map', type: 'text' },
        ],
        indices: [{ name: 'uq_team_org_lower_name', columnNames: ['org_id', 'lower_name'], isUnique: true }],
        foreignKeys: [
          {
            name: 'fk_team_org',
            columnNames: ['org_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'team_member',
        columns: [idColumn(), { name: 'team_id', type: 'integer' }, { name: 'user_id', type: 'integer' }],
        indices: [
          { name: 'uq_team_member_team_user', columnNames: ['team_id', 'user_id'], isUnique: true },
          { name: 'ix_team_member_user', columnNames: ['user_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_team_member_team',
            columnNames: ['team_id'],
            referencedTableName: 'team',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_team_member_user',
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
    await queryRunner.dropTable('team_member');
    await queryRunner.dropTable('team');
  }
}
