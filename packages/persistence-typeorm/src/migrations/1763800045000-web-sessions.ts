import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bigintColumn } from './portable-columns';

/**
 * Browser sign-in sessions (issue 16, the storage page): a row per signed-in
 * browser, keyed by the sha256 of the cookie's token, so a copy of the table
 * signs nobody in. Deleting the user ends its sessions.
 */
export class WebSessions1763800045000 implements MigrationInterface {
  name = 'WebSessions1763800045000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'web_session',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'user_id', type: 'integer' },
          bigintColumn('created_at'),
          bigintColumn('expires_at'),
        ],
        indices: [
          { name: 'ix_web_session_user', columnNames: ['user_id'] },
          { name: 'ix_web_session_expires', columnNames: ['expires_at'] },
        ],
        foreignKeys: [
          {
            name: 'fk_web_session_user',
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
    await queryRunner.dropTable('web_session');
  }
}
