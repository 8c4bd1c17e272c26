import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bigintColumn, idColumn } from './portable-columns';

/** Repository topics (issue 13): the names, and which repositories carry them. */
export class Topics1763800025000 implements MigrationInterface {
  name = 'Topics1763800025000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'topic',
        columns: [idColumn(), { name: 'name', type: 'varchar', length: '50' }, bigintColumn('created_at'), bigintColumn('updated_at')],
        indices: [{ name: 'uq_topic_name', columnNames: ['name'], isUnique: true }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'repo_topic',
        columns: [
          { name: 'repo_id', type: 'integer', isPrimary: true },
          { name: 'topic_id', type: 'integer', isPrimary: true },
        ],
        indices: [{ name: 'ix_repo_topic_topic', columnNames: ['topic_id'] }],
        foreignKeys: [
          {
            name: 'fk_repo_topic_repo',
            columnNames: ['repo_id'],
            referencedTableName: 'repository',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_repo_topic_topic',
            columnNames: ['topic_id'],
            referencedTableName: 'topic',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('repo_topic');
    await queryRunner.dropTable('topic');
  }
}
