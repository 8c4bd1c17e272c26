import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bigintColumn, idColumn } from './portable-columns';

/**
 * Quota warnings (issue 16): the outbox of owners to look at again, the
 * thresholds fired per rule, the recorded crossings, and the fingerprint of
 * the settings the fired state was computed under.
 */
export class QuotaWarnings1763800042000 implements MigrationInterface {
  name = 'QuotaWarnings1763800042000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Append-only, written in every transaction that changes the usage ledger: no foreign key (a deleted
    // owner's rows are skipped by the worker) and no index but the key, so a write costs one small INSERT.
    await queryRunner.createTable(
      new Table({
        name: 'quota_owner_outbox',
        columns: [idColumn(), { name: 'owner_id', type: 'integer' }, bigintColumn('created_at')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'quota_warning_state',
        columns: [
          { name: 'owner_id', type: 'integer', isPrimary: true },
          { name: 'group_name', type: 'varchar', length: '255', isPrimary: true },
          { name: 'rule_name', type: 'varchar', length: '255', isPrimary: true },
          { name: 'threshold', type: 'integer', isPrimary: true },
          bigintColumn('created_at'),
        ],
        foreignKeys: [ownerForeignKey('fk_quota_warning_state_owner')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'quota_event',
        columns: [
          idColumn(),
          { name: 'owner_id', type: 'integer' },
          { name: 'group_name', type: 'varchar', length: '255' },
          { name: 'rule_name', type: 'varchar', length: '255' },
          { name: 'subjects', type: 'varchar', length: '1024' },
          bigintColumn('limit_bytes'),
          bigintColumn('usage_bytes'),
          { name: 'threshold', type: 'integer' },
          { name: 'direction', type: 'varchar', length: '8' },
          bigintColumn('created_at'),
        ],
        indices: [{ name: 'ix_quota_event_owner_id', columnNames: ['owner_id', 'id'] }],
        foreignKeys: [ownerForeignKey('fk_quota_event_owner')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'quota_warning_setting',
        columns: [
          { name: 'name', type: 'varchar', length: '64', isPrimary: true },
          { name: 'value', type: 'varchar', length: '4096' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('quota_warning_setting');
    await queryRunner.dropTable('quota_event');
    await queryRunner.dropTable('quota_warning_state');
    await queryRunner.dropTable('quota_owner_outbox');
  }
}

function ownerForeignKey(name: string) {
  return { name, columnNames: ['owner_id'], referencedTableName: 'owner', referencedColumnNames: ['id'], onDelete: 'CASCADE' };
}
