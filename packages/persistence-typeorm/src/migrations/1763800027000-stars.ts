import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';
import { bigintColumn, idColumn } from './portable-columns';

/** Users' stars on repositories, and each repository's count of them (issue 14). */
export class Stars1763800027000 implements MigrationInterface {
  name = 'Stars1763800027000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('repository', new TableColumn({ name: 'num_stars', type: 'integer', default: 0 }));
    await queryRunner.createTable(
      new Table({
        name: 'star',
        columns: [idColumn(), { name: 'user_id', type: 'integer' }, { name: 'repo_id', type: 'integer' }, bigintColumn('created_at')],
        indices: [
          { name: 'ux_star_user_repo', columnNames: ['user_id', 'repo_id'], isUnique: true },
          { name: 'ix_star_repo', columnNames: ['repo_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_star_user',
            columnNames: ['user_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_star_repo',
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
    await queryRunner.dropTable('star');
    await queryRunner.dropColumn('repository', 'num_stars');
  }
}
