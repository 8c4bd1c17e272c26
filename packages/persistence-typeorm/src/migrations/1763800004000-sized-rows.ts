import { MigrationInterface, QueryRunner, Table, TableForeignKeyOptions } from 'typeorm';
import { bigintColumn, booleanColumn, idColumn } from './portable-columns';

/**
 * The rows whose sizes the quota engine counts, in their minimal form:
 * repositories, attachments, packages (versions, blobs, files) and actions
 * artifacts. Later issues add columns with their own migrations.
 */
export class SizedRows1763800004000 implements MigrationInterface {
  name = 'SizedRows1763800004000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'repository',
        columns: [
          idColumn(),
          { name: 'owner_id', type: 'integer' },
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'lower_name', type: 'varchar', length: '100' },
          booleanColumn(queryRunner, 'is_private', false),
          bigintColumn('git_size', { default: 0 }),
          bigintColumn('lfs_size', { default: 0 }),
          bigintColumn('created_at'),
          bigintColumn('updated_at'),
        ],
        indices: [{ name: 'uq_repository_owner_lower_name', columnNames: ['owner_id', 'lower_name'], isUnique: true }],
        foreignKeys: [cascade('fk_repository_owner', 'owner_id', 'owner')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'attachment',
        columns: [
          idColumn(),
          { name: 'uuid', type: 'varchar', length: '40' },
          { name: 'repo_id', type: 'integer' },
          { name: 'issue_id', type: 'integer', isNullable: true },
          { name: 'comment_id', type: 'integer', isNullable: true },
          { name: 'release_id', type: 'integer', isNullable: true },
          { name: 'uploader_id', type: 'integer', isNullable: true },
          { name: 'name', type: 'varchar', length: '255' },
          bigintColumn('size', { default: 0 }),
          bigintColumn('created_at'),
        ],
        indices: [
          { name: 'uq_attachment_uuid', columnNames: ['uuid'], isUnique: true },
          { name: 'ix_attachment_repo', columnNames: ['repo_id'] },
        ],
        foreignKeys: [
          cascade('fk_attachment_repo', 'repo_id', 'repository'),
          {
            name: 'fk_attachment_uploader',
            columnNames: ['uploader_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'SET NULL',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'package',
        columns: [
          idColumn(),
          { name: 'owner_id', type: 'integer' },
          { name: 'repo_id', type: 'integer', isNullable: true },
          { name: 'type', type: 'varchar', length: '32' },
          { name: 'name', type: 'varchar', length: '255' },
          { name: 'lower_name', type: 'varchar', length: '255' },
        ],
        indices: [
          { name: 'uq_package_owner_type_lower_name', columnNames: ['owner_id', 'type', 'lower_name'], isUnique: true },
          { name: 'ix_package_repo', columnNames: ['repo_id'] },
        ],
        foreignKeys: [
          cascade('fk_package_owner', 'owner_id', 'owner'),
          {
            name: 'fk_package_repo',
            columnNames: ['repo_id'],
            referencedTableName: 'repository',
            referencedColumnNames: ['id'],
            onDelete: 'SET NULL',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'package_version',
        columns: [
          idColumn(),
          { name: 'package_id', type: 'integer' },
          { name: 'version', type: 'varchar', length: '255' },
          bigintColumn('created_at'),
        ],
        indices: [{ name: 'uq_package_version_package_version', columnNames: ['package_id', 'version'], isUnique: true }],
        foreignKeys: [cascade('fk_package_version_package', 'package_id', 'package')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'package_blob',
        columns: [idColumn(), { name: 'sha256', type: 'varchar', length: '64' }, bigintColumn('size', { default: 0 })],
        indices: [{ name: 'uq_package_blob_sha256', columnNames: ['sha256'], isUnique: true }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'package_file',
        columns: [
          idColumn(),
          { name: 'version_id', type: 'integer' },
          { name: 'blob_id', type: 'integer' },
          { name: 'name', type: 'varchar', length: '255' },
          bigintColumn('size', { default: 0 }),
        ],
        indices: [
          { name: 'uq_package_file_version_name', columnNames: ['version_id', 'name'], isUnique: true },
          { name: 'ix_package_file_blob', columnNames: ['blob_id'] },
        ],
        foreignKeys: [
          cascade('fk_package_file_version', 'version_id', 'package_version'),
          {
            name: 'fk_package_file_blob',
            columnNames: ['blob_id'],
            referencedTableName: 'package_blob',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'action_artifact',
        columns: [
          idColumn(),
          { name: 'repo_id', type: 'integer' },
          { name: 'run_id', type: 'integer' },
          { name: 'name', type: 'varchar', length: '255' },
          bigintColumn('compressed_size', { default: 0 }),
          bigintColumn('expires_at', { isNullable: true }),
          { name: 'status', type: 'varchar', length: '16', default: "'active'" },
        ],
        indices: [{ name: 'ix_action_artifact_repo', columnNames: ['repo_id'] }],
        foreignKeys: [cascade('fk_action_artifact_repo', 'repo_id', 'repository')],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['action_artifact', 'package_file', 'package_blob', 'package_version', 'package', 'attachment', 'repository']) {
      await queryRunner.dropTable(table);
    }
  }
}

function cascade(name: string, column: string, table: string): TableForeignKeyOptions {
  return { name, columnNames: [column], referencedTableName: table, referencedColumnNames: ['id'], onDelete: 'CASCADE' };
}
