import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bigintColumn } from './portable-columns';

/** Git LFS: the objects (content-addressed by oid) and which repositories reference them. */
export class LfsObjects1763800006000 implements MigrationInterface {
  name = 'LfsObjects1763800006000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'lfs_object',
        columns: [
          { name: 'oid', type: 'varchar', length: '64', isPrimary: true },
          bigintColumn('size', { default: 0 }),
          bigintColumn('created_at'),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'lfs_object_repository',
        columns: [
          { name: 'repo_id', type: 'integer', isPrimary: true, primaryKeyConstraintName: 'pk_lfs_object_repository' },
          { name: 'oid', type: 'varchar', length: '64', isPrimary: true, primaryKeyConstraintName: 'pk_lfs_object_repository' },
        ],
        indices: [{ name: 'ix_lfs_object_repository_oid', columnNames: ['oid'] }],
        foreignKeys: [
          {
            name: 'fk_lfs_object_repository_repo',
            columnNames: ['repo_id'],
            referencedTableName: 'repository',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_lfs_object_repository_object',
            columnNames: ['oid'],
            referencedTableName: 'lfs_object',
            referencedColumnNames: ['oid'],
            onDelete: 'RESTRICT',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('lfs_object_repository');
    await queryRunner.dropTable('lfs_object');
  }
}
