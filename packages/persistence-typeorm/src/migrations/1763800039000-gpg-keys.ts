import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bigintColumn, booleanColumn, idColumn } from './portable-columns';

/** Users' GPG keys, a row per primary key and per subkey (issue 14). */
export class GpgKeys1763800039000 implements MigrationInterface {
  name = 'GpgKeys1763800039000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'gpg_key',
        columns: [
          idColumn(),
          { name: 'owner_id', type: 'integer' },
          { name: 'primary_key_id', type: 'varchar', length: '16', default: "''" },
          { name: 'key_id', type: 'varchar', length: '16' },
          { name: 'content', type: 'text', default: "''" },
          { name: 'armored', type: 'text', default: "''" },
          { name: 'emails', type: 'text', default: "'[]'" },
          booleanColumn(queryRunner, 'can_sign', false),
          booleanColumn(queryRunner, 'can_encrypt_comms', false),
          booleanColumn(queryRunner, 'can_encrypt_storage', false),
          booleanColumn(queryRunner, 'can_certify', false),
          booleanColumn(queryRunner, 'verified', false),
          bigintColumn('created_at'),
          bigintColumn('expires_at', { isNullable: true }),
        ],
        indices: [
          { name: 'ux_gpg_key_key_id', columnNames: ['key_id'], isUnique: true },
          { name: 'ix_gpg_key_owner', columnNames: ['owner_id'] },
          { name: 'ix_gpg_key_primary_key_id', columnNames: ['primary_key_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_gpg_key_owner',
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
    await queryRunner.dropTable('gpg_key');
  }
}
