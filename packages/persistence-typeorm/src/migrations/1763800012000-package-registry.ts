import { MigrationInterface, QueryRunner, Table, TableColumn, TableForeignKey } from 'typeorm';
import { idColumn } from './portable-columns';

/**
 * What the package registries need beyond the sized rows: the other digests of
 * a blob (package files show md5, sha1, sha256 and sha512; npm checks sha512),
 * who published a version and its registry metadata (npm's version manifest),
 * and npm's dist-tags.
 */
export class PackageRegistry1763800012000 implements MigrationInterface {
  name = 'PackageRegistry1763800012000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('package_blob', [
      new TableColumn({ name: 'md5', type: 'varchar', length: '32', default: "''" }),
      new TableColumn({ name: 'sha1', type: 'varchar', length: '40', default: "''" }),
      new TableColumn({ name: 'sha512', type: 'varchar', length: '128', default: "''" }),
    ]);
    await queryRunner.addColumns('package_version', [
      new TableColumn({ name: 'creator_id', type: 'integer', isNullable: true }),
      new TableColumn({ name: 'metadata', type: 'text', isNullable: true }),
    ]);
    await queryRunner.createForeignKey(
      'package_version',
      new TableForeignKey({
        name: 'fk_package_version_creator',
        columnNames: ['creator_id'],
        referencedTableName: 'owner',
        referencedColumnNames: ['id'],
        onDelete: 'SET NULL',
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'package_dist_tag',
        columns: [
          idColumn(),
          { name: 'package_id', type: 'integer' },
          { name: 'name', type: 'varchar', length: '255' },
          { name: 'version_id', type: 'integer' },
        ],
        indices: [
          { name: 'uq_package_dist_tag_package_name', columnNames: ['package_id', 'name'], isUnique: true },
          { name: 'ix_package_dist_tag_version', columnNames: ['version_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_package_dist_tag_package',
            columnNames: ['package_id'],
            referencedTableName: 'package',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_package_dist_tag_version',
            columnNames: ['version_id'],
            referencedTableName: 'package_version',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('package_dist_tag');
    await queryRunner.dropForeignKey('package_version', 'fk_package_version_creator');
    await queryRunner.dropColumns('package_version', ['creator_id', 'metadata']);
    await queryRunner.dropColumns('package_blob', ['md5', 'sha1', 'sha512']);
  }
}
