import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bigintColumn, booleanColumn, idColumn } from './portable-columns';

/** Owners (users and organizations) and personal access tokens. */
export class Accounts1763800000000 implements MigrationInterface {
  name = 'Accounts1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'owner',
        columns: [
          idColumn(),
          { name: 'name', type: 'varchar', length: '40' },
          { name: 'lower_name', type: 'varchar', length: '40' },
          { name: 'kind', type: 'varchar', length: '16' },
          { name: 'full_name', type: 'varchar', length: '255', default: "''" },
          { name: 'email', type: 'varchar', length: '255', default: "''" },
          { name: 'password_hash', type: 'varchar', length: '255', isNullable: true },
          booleanColumn(queryRunner, 'is_admin', false),
          booleanColumn(queryRunner, 'is_active', true),
          booleanColumn(queryRunner, 'prohibit_login', false),
          { name: 'visibility', type: 'varchar', length: '16', default: "'public'" },
          { name: 'description', type: 'varchar', length: '255', default: "''" },
          { name: 'website', type: 'varchar', length: '255', default: "''" },
          { name: 'location', type: 'varchar', length: '255', default: "''" },
          { name: 'totp_secret', type: 'varchar', length: '255', isNullable: true },
          booleanColumn(queryRunner, 'totp_enabled', false),
          bigintColumn('created_at'),
          bigintColumn('updated_at'),
          bigintColumn('last_login_at', { isNullable: true }),
        ],
        indices: [{ name: 'uq_owner_lower_name', columnNames: ['lower_name'], isUnique: true }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'access_token',
        columns: [
          idColumn(),
          { name: 'owner_id', type: 'integer' },
          { name: 'name', type: 'varchar', length: '255' },
          { name: 'token_hash', type: 'varchar', length: '255' },
          { name: 'token_salt', type: 'varchar', length: '64' },
          { name: 'token_last_eight', type: 'varchar', length: '8' },
          { name: 'scopes', type: 'varchar', length: '1024' },
          bigintColumn('created_at'),
          bigintColumn('last_used_at', { isNullable: true }),
        ],
        indices: [
          { name: 'uq_access_token_owner_name', columnNames: ['owner_id', 'name'], isUnique: true },
          { name: 'ix_access_token_last_eight', columnNames: ['token_last_eight'] },
        ],
        foreignKeys: [
          {
            name: 'fk_access_token_owner',
            columnNames: ['owner_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('access_token');
    await queryRunner.dropTable('owner');
  }
}
