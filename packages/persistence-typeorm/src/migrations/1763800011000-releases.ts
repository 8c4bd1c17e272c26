import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { bigintColumn, booleanColumn, idColumn } from './portable-columns';

/**
 * Releases (one per tag of a repository) and the lookup of a release's
 * attachments. As for issue attachments, `attachment.release_id` gets no
 * foreign key on purpose: a cascade would drop rows without taking their
 * bytes off the owner's quota ledger.
 */
export class Releases1763800011000 implements MigrationInterface {
  name = 'Releases1763800011000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'release',
        columns: [
          idColumn(),
          { name: 'repo_id', type: 'integer' },
          { name: 'tag_name', type: 'varchar', length: '255' },
          { name: 'target_commitish', type: 'varchar', length: '255' },
          { name: 'name', type: 'varchar', length: '255' },
          { name: 'body', type: 'text', default: "''" },
          booleanColumn(queryRunner, 'is_draft', false),
          booleanColumn(queryRunner, 'is_prerelease', false),
          { name: 'publisher_id', type: 'integer', isNullable: true },
          { name: 'sha1', type: 'varchar', length: '64', isNullable: true },
          bigintColumn('created_at'),
          bigintColumn('published_at', { isNullable: true }),
        ],
        indices: [
          { name: 'uq_release_repo_tag', columnNames: ['repo_id', 'tag_name'], isUnique: true },
          { name: 'ix_release_publisher', columnNames: ['publisher_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_release_repo',
            columnNames: ['repo_id'],
            referencedTableName: 'repository',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_release_publisher',
            columnNames: ['publisher_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'SET NULL',
          },
        ],
      }),
    );
    await queryRunner.createIndex('attachment', new TableIndex({ name: 'ix_attachment_release', columnNames: ['release_id'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('attachment', 'ix_attachment_release');
    await queryRunner.dropTable('release');
  }
}
