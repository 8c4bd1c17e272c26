import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bigintColumn, idColumn } from './portable-columns';

/** Quota rules and groups, their links and assignments, and the per-owner usage ledger. */
export class QuotaLimits1763800003000 implements MigrationInterface {
  name = 'QuotaLimits1763800003000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'quota_rule',
        columns: [
          idColumn(),
          { name: 'name', type: 'varchar', length: '255' },
          { name: 'lower_name', type: 'varchar', length: '255' },
          bigintColumn('limit_bytes', { default: 0 }),
          { name: 'subjects', type: 'text' },
        ],
        indices: [{ name: 'uq_quota_rule_lower_name', columnNames: ['lower_name'], isUnique: true }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'quota_group',
        columns: [idColumn(), { name: 'name', type: 'varchar', length: '255' }, { name: 'lower_name', type: 'varchar', length: '255' }],
        indices: [{ name: 'uq_quota_group_lower_name', columnNames: ['lower_name'], isUnique: true }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'quota_group_rule',
        columns: [idColumn(), { name: 'group_id', type: 'integer' }, { name: 'rule_id', type: 'integer' }],
        indices: [
          { name: 'uq_quota_group_rule_group_rule', columnNames: ['group_id', 'rule_id'], isUnique: true },
          { name: 'ix_quota_group_rule_rule', columnNames: ['rule_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_quota_group_rule_group',
            columnNames: ['group_id'],
            referencedTableName: 'quota_group',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_quota_group_rule_rule',
            columnNames: ['rule_id'],
            referencedTableName: 'quota_rule',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'quota_group_owner',
        columns: [idColumn(), { name: 'group_id', type: 'integer' }, { name: 'owner_id', type: 'integer' }],
        indices: [
          { name: 'uq_quota_group_owner_owner_group', columnNames: ['owner_id', 'group_id'], isUnique: true },
          { name: 'ix_quota_group_owner_group', columnNames: ['group_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_quota_group_owner_group',
            columnNames: ['group_id'],
            referencedTableName: 'quota_group',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_quota_group_owner_owner',
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
        name: 'owner_quota_usage',
        columns: [
          { name: 'owner_id', type: 'integer', isPrimary: true },
          { name: 'bucket', type: 'varchar', length: '32', isPrimary: true },
          bigintColumn('bytes', { default: 0 }),
        ],
        foreignKeys: [
          {
            name: 'fk_owner_quota_usage_owner',
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
    for (const table of ['owner_quota_usage', 'quota_group_owner', 'quota_group_rule', 'quota_group', 'quota_rule']) {
      await queryRunner.dropTable(table);
    }
  }
}
