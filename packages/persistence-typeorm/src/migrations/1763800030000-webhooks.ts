import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bigintColumn, booleanColumn, idColumn } from './portable-columns';

/** Webhooks, their delivery queue and the attempts made (issue 14). */
export class Webhooks1763800030000 implements MigrationInterface {
  name = 'Webhooks1763800030000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'webhook',
        columns: [
          idColumn(),
          { name: 'repo_id', type: 'integer', isNullable: true },
          { name: 'owner_id', type: 'integer', isNullable: true },
          booleanColumn(queryRunner, 'is_system', false),
          { name: 'type', type: 'varchar', length: '16' },
          { name: 'url', type: 'text' },
          { name: 'content_type', type: 'varchar', length: '8' },
          { name: 'events', type: 'text' },
          { name: 'branch_filter', type: 'text', default: "''" },
          booleanColumn(queryRunner, 'active', true),
          { name: 'secret_sealed', type: 'text', default: "''" },
          { name: 'authorization_header_sealed', type: 'text', default: "''" },
          { name: 'last_status', type: 'varchar', length: '8', default: "'none'" },
          bigintColumn('created_at'),
          bigintColumn('updated_at'),
        ],
        indices: [
          { name: 'ix_webhook_repo', columnNames: ['repo_id'] },
          { name: 'ix_webhook_owner', columnNames: ['owner_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_webhook_repo',
            columnNames: ['repo_id'],
            referencedTableName: 'repository',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_webhook_owner',
            columnNames: ['owner_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'hook_delivery',
        columns: [
          idColumn(),
          { name: 'hook_id', type: 'integer' },
          { name: 'uuid', type: 'varchar', length: '36' },
          { name: 'event', type: 'varchar', length: '64' },
          { name: 'payload', type: 'text' },
          { name: 'state', type: 'varchar', length: '16', default: "'pending'" },
          { name: 'attempts', type: 'integer', default: 0 },
          bigintColumn('next_attempt_at'),
          bigintColumn('leased_until', { isNullable: true }),
          bigintColumn('created_at'),
        ],
        indices: [
          { name: 'ix_hook_delivery_hook', columnNames: ['hook_id'] },
          { name: 'ix_hook_delivery_due', columnNames: ['state', 'next_attempt_at'] },
        ],
        foreignKeys: [
          {
            name: 'fk_hook_delivery_hook',
            columnNames: ['hook_id'],
            referencedTableName: 'webhook',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'hook_delivery_attempt',
        columns: [
          idColumn(),
          { name: 'delivery_id', type: 'integer' },
          bigintColumn('started_at'),
          { name: 'duration_ms', type: 'integer' },
          { name: 'request_url', type: 'text' },
          { name: 'request_headers', type: 'text' },
          { name: 'request_body', type: 'text' },
          { name: 'response_status', type: 'integer', isNullable: true },
          { name: 'response_body', type: 'text', default: "''" },
          { name: 'error', type: 'text', isNullable: true },
        ],
        indices: [{ name: 'ix_hook_delivery_attempt_delivery', columnNames: ['delivery_id'] }],
        foreignKeys: [
          {
            name: 'fk_hook_delivery_attempt_delivery',
            columnNames: ['delivery_id'],
            referencedTableName: 'hook_delivery',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('hook_delivery_attempt');
    await queryRunner.dropTable('hook_delivery');
    await queryRunner.dropTable('webhook');
  }
}
