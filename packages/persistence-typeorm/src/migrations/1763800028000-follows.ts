import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';
import { bigintColumn, idColumn } from './portable-columns';

/** Users following users, and each user's counters of them (issue 14). */
export class Follows1763800028000 implements MigrationInterface {
  name = 'Follows1763800028000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('owner', [
      new TableColumn({ name: 'num_followers', type: 'integer', default: 0 }),
      new TableColumn({ name: 'num_following', type: 'integer', default: 0 }),
    ]);
    await queryRunner.createTable(
      new Table({
        name: 'follow',
        columns: [idColumn(), { name: 'user_id', type: 'integer' }, { name: 'follow_id', type: 'integer' }, bigintColumn('created_at')],
        indices: [
          { name: 'ux_follow_user_follow', columnNames: ['user_id', 'follow_id'], isUnique: true },
          { name: 'ix_follow_follow', columnNames: ['follow_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_follow_user',
            columnNames: ['user_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_follow_follow',
            columnNames: ['follow_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('follow');
    await queryRunner.dropColumn('owner', 'num_following');
    await queryRunner.dropColumn('owner', 'num_followers');
  }
}
