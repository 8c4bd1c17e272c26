import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bigintColumn, booleanColumn, idColumn } from './portable-columns';

/** Users' SSH keys and repositories' deploy keys, for git over SSH (issue 13). */
export class SshKeys1763800019000 implements MigrationInterface {
  name = 'SshKeys1763800019000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'ssh_key',
        columns: [
          idColumn(),
          { name: 'owner_id', type: 'integer', isNullable: true },
          { name: 'repo_id', type: 'integer', isNullable: true },
          { name: 'scope', type: 'varchar', length: '64' },
          { name: 'title', type: 'varchar', length: '255' },
          { name: 'content', type: 'text' },
          { name: 'fingerprint', type: 'varchar', length: '128' },
          booleanColumn(queryRunner, 'read_only', false),
          bigintColumn('created_at'),
        ],
        indices: [
          { name: 'uq_ssh_key_fingerprint_scope', columnNames: ['fingerprint', 'scope'], isUnique: true },
          { name: 'uq_ssh_key_owner_title', columnNames: ['owner_id', 'title'], isUnique: true },
          { name: 'uq_ssh_key_repo_title', columnNames: ['repo_id', 'title'], isUnique: true },
        ],
        foreignKeys: [
          {
            name: 'fk_ssh_key_owner',
            columnNames: ['owner_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_ssh_key_repo',
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
    await queryRunner.dropTable('ssh_key');
  }
}
