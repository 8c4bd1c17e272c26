import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bigintColumn, idColumn } from './portable-columns';

/** Branch and tag protection rules (issue 13). */
export class RefProtection1763800024000 implements MigrationInterface {
  name = 'RefProtection1763800024000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const repoKey = (table: string) => ({
      name: `fk_${table}_repo`,
      columnNames: ['repo_id'],
      referencedTableName: 'repository',
      referencedColumnNames: ['id'],
      onDelete: 'CASCADE',
    });
    await queryRunner.createTable(
      new Table({
        name: 'protected_branch',
        columns: [
          idColumn(),
          { name: 'repo_id', type: 'integer' },
          { name: 'rule_name', type: 'varchar', length: '255' },
          { name: 'settings', type: 'text' },
          bigintColumn('created_at'),
          bigintColumn('updated_at'),
        ],
        indices: [{ name: 'ux_protected_branch_repo_rule', columnNames: ['repo_id', 'rule_name'], isUnique: true }],
        foreignKeys: [repoKey('protected_branch')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'protected_tag',
        columns: [
          idColumn(),
          { name: 'repo_id', type: 'integer' },
          { name: 'name_pattern', type: 'varchar', length: '255' },
          { name: 'whitelist_user_ids', type: 'text' },
          { name: 'whitelist_team_ids', type: 'text' },
          bigintColumn('created_at'),
          bigintColumn('updated_at'),
        ],
        indices: [{ name: 'ix_protected_tag_repo', columnNames: ['repo_id'] }],
        foreignKeys: [repoKey('protected_tag')],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('protected_tag');
    await queryRunner.dropTable('protected_branch');
  }
}
