import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { idColumn } from './portable-columns';

/** Flags site admins put on repositories (issue 14). */
export class RepoFlags1763800036000 implements MigrationInterface {
  name = 'RepoFlags1763800036000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'repo_flag',
        columns: [idColumn(), { name: 'repo_id', type: 'integer' }, { name: 'name', type: 'varchar', length: '255' }],
        indices: [{ name: 'ux_repo_flag_repo_name', columnNames: ['repo_id', 'name'], isUnique: true }],
        foreignKeys: [
          {
            name: 'fk_repo_flag_repo',
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
    await queryRunner.dropTable('repo_flag');
  }
}
