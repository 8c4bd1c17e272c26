import { MigrationInterface, QueryRunner, Table, TableForeignKeyOptions } from 'typeorm';
import { bigintColumn, booleanColumn, idColumn } from './portable-columns';

function cascadeTo(name: string, column: string, table: string): TableForeignKeyOptions {
  return { name, columnNames: [column], referencedTableName: table, referencedColumnNames: ['id'], onDelete: 'CASCADE' };
}

/** OAuth2 provider: applications, users' grants, authorization codes and tokens (issue 14). */
export class OAuth21763800037000 implements MigrationInterface {
  name = 'OAuth21763800037000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'oauth2_application',
        columns: [
          idColumn(),
          { name: 'owner_id', type: 'integer' },
          { name: 'name', type: 'varchar', length: '255' },
          { name: 'client_id', type: 'varchar', length: '64' },
          { name: 'client_secret_hash', type: 'varchar', length: '128' },
          { name: 'client_secret_salt', type: 'varchar', length: '64' },
          { name: 'redirect_uris', type: 'text' },
          booleanColumn(queryRunner, 'confidential_client', true),
          bigintColumn('created_at'),
          bigintColumn('updated_at'),
        ],
        indices: [
          { name: 'ix_oauth2_application_owner', columnNames: ['owner_id'] },
          { name: 'ux_oauth2_application_client_id', columnNames: ['client_id'], isUnique: true },
        ],
        foreignKeys: [cascadeTo('fk_oauth2_application_owner', 'owner_id', 'owner')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'oauth2_grant',
        columns: [
          idColumn(),
          { name: 'application_id', type: 'integer' },
          { name: 'user_id', type: 'integer' },
          { name: 'scope', type: 'varchar', length: '1024', default: "''" },
          bigintColumn('created_at'),
        ],
        indices: [
          { name: 'ux_oauth2_grant_application_user', columnNames: ['application_id', 'user_id'], isUnique: true },
          { name: 'ix_oauth2_grant_user', columnNames: ['user_id'] },
        ],
        foreignKeys: [
          cascadeTo('fk_oauth2_grant_application', 'application_id', 'oauth2_application'),
          cascadeTo('fk_oauth2_grant_user', 'user_id', 'owner'),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'oauth2_authorization_code',
        columns: [
          idColumn(),
          { name: 'grant_id', type: 'integer' },
          { name: 'code_hash', type: 'varchar', length: '64' },
          { name: 'redirect_uri', type: 'text' },
          { name: 'code_challenge', type: 'varchar', length: '255', default: "''" },
          { name: 'code_challenge_method', type: 'varchar', length: '16', default: "''" },
          bigintColumn('expires_at'),
        ],
        indices: [
          { name: 'ix_oauth2_authorization_code_grant', columnNames: ['grant_id'] },
          { name: 'ux_oauth2_authorization_code_hash', columnNames: ['code_hash'], isUnique: true },
        ],
        foreignKeys: [cascadeTo('fk_oauth2_authorization_code_grant', 'grant_id', 'oauth2_grant')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'oauth2_token',
        columns: [
          idColumn(),
          { name: 'grant_id', type: 'integer' },
          { name: 'kind', type: 'varchar', length: '16' },
          { name: 'token_hash', type: 'varchar', length: '64' },
          bigintColumn('expires_at'),
        ],
        indices: [
          { name: 'ix_oauth2_token_grant', columnNames: ['grant_id'] },
          { name: 'ux_oauth2_token_hash', columnNames: ['token_hash'], isUnique: true },
        ],
        foreignKeys: [cascadeTo('fk_oauth2_token_grant', 'grant_id', 'oauth2_grant')],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('oauth2_token');
    await queryRunner.dropTable('oauth2_authorization_code');
    await queryRunner.dropTable('oauth2_grant');
    await queryRunner.dropTable('oauth2_application');
  }
}
