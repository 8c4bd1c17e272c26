import { MigrationInterface, QueryRunner, Table, TableColumn, TableForeignKey, TableIndex } from 'typeorm';
import { bigintColumn } from './portable-columns';

/**
 * Forks and transfers (issue 13): a repository's parent (null once the parent
 * is deleted) and its number of forks; transfers waiting for their recipient,
 * or whose files on disk must still follow the new owner.
 */
export class ForksAndTransfers1763800021000 implements MigrationInterface {
  name = 'ForksAndTransfers1763800021000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('repository', [
      new TableColumn({ name: 'fork_id', type: 'integer', isNullable: true }),
      new TableColumn({ name: 'num_forks', type: 'integer', default: 0 }),
    ]);
    await queryRunner.createIndex('repository', new TableIndex({ name: 'ix_repository_fork', columnNames: ['fork_id'] }));
    await queryRunner.createForeignKey(
      'repository',
      new TableForeignKey({
        name: 'fk_repository_fork',
        columnNames: ['fork_id'],
        referencedTableName: 'repository',
        referencedColumnNames: ['id'],
        onDelete: 'SET NULL',
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'repo_transfer',
        columns: [
          { name: 'repo_id', type: 'integer', isPrimary: true, primaryKeyConstraintName: 'pk_repo_transfer' },
          { name: 'doer_id', type: 'integer' },
          { name: 'recipient_id', type: 'integer' },
          { name: 'team_ids', type: 'varchar', length: '1024', default: "''" },
          { name: 'moving_from', type: 'varchar', length: '255', isNullable: true },
          bigintColumn('created_at'),
        ],
        foreignKeys: [
          {
            name: 'fk_repo_transfer_repo',
            columnNames: ['repo_id'],
            referencedTableName: 'repository',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_repo_transfer_recipient',
            columnNames: ['recipient_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('repo_transfer');
    await queryRunner.dropForeignKey('repository', 'fk_repository_fork');
    await queryRunner.dropIndex('repository', 'ix_repository_fork');
    await queryRunner.dropColumn('repository', 'num_forks');
    await queryRunner.dropColumn('repository', 'fork_id');
  }
}
