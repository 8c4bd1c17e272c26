import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bigintColumn, idColumn } from './portable-columns';

/** Users blocked by users or organizations (issue 14). */
export class UserBlocks1763800034100 implements MigrationInterface {
  name = 'UserBlocks1763800034100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'user_block',
        columns: [idColumn(), { name: 'blocker_id', type: 'integer' }, { name: 'blocked_id', type: 'integer' }, bigintColumn('created_at')],
        indices: [
          { name: 'ux_user_block_blocker_blocked', columnNames: ['blocker_id', 'blocked_id'], isUnique: true },
          { name: 'ix_user_block_blocked', columnNames: ['blocked_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_user_block_blocker',
            columnNames: ['blocker_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_user_block_blocked',
            columnNames: ['blocked_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('user_block');
  }
}
