import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { bigintColumn, booleanColumn, idColumn } from './portable-columns';

/**
 * Labels (of a repository or of an organization), the labels on issues, and
 * what issue and comment attachments need: lookups by issue and by comment and
 * a download counter. Attachments get no foreign key to issues or comments on
 * purpose: a cascade would drop rows without taking their bytes off the owner's
 * quota ledger, so they are deleted through the attachment store instead.
 */
export class LabelsAndIssueAttachments1763800009000 implements MigrationInterface {
  name = 'LabelsAndIssueAttachments1763800009000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'label',
        columns: [
          idColumn(),
          { name: 'repo_id', type: 'integer', isNullable: true },
          { name: 'org_id', type: 'integer', isNullable: true },
          { name: 'name', type: 'varchar', length: '255' },
          { name: 'color', type: 'varchar', length: '7' },
          { name: 'description', type: 'text', default: "''" },
          booleanColumn(queryRunner, 'exclusive', false),
          booleanColumn(queryRunner, 'is_archived', false),
        ],
        indices: [
          { name: 'ix_label_repo', columnNames: ['repo_id'] },
          { name: 'ix_label_org', columnNames: ['org_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_label_repo',
            columnNames: ['repo_id'],
            referencedTableName: 'repository',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_label_org',
            columnNames: ['org_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'issue_label',
        columns: [idColumn(), { name: 'issue_id', type: 'integer' }, { name: 'label_id', type: 'integer' }],
        indices: [
          { name: 'uq_issue_label', columnNames: ['issue_id', 'label_id'], isUnique: true },
          { name: 'ix_issue_label_label', columnNames: ['label_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_issue_label_issue',
            columnNames: ['issue_id'],
            referencedTableName: 'issue',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_issue_label_label',
            columnNames: ['label_id'],
            referencedTableName: 'label',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await queryRunner.addColumn('attachment', new TableColumn(bigintColumn('download_count', { default: 0 })));
    await queryRunner.createIndex('attachment', new TableIndex({ name: 'ix_attachment_issue', columnNames: ['issue_id'] }));
    await queryRunner.createIndex('attachment', new TableIndex({ name: 'ix_attachment_comment', columnNames: ['comment_id'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('attachment', 'ix_attachment_comment');
    await queryRunner.dropIndex('attachment', 'ix_attachment_issue');
    await queryRunner.dropColumn('attachment', 'download_count');
    await queryRunner.dropTable('issue_label');
    await queryRunner.dropTable('label');
  }
}
