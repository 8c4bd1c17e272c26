import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';
import { bigintColumn, booleanColumn, idColumn } from './portable-columns';

/** Users' added e-mail addresses, and their settings on the account row (issue 14). */
export class UserEmailsAndSettings1763800034000 implements MigrationInterface {
  name = 'UserEmailsAndSettings1763800034000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('owner', [
      new TableColumn(booleanColumn(queryRunner, 'keep_email_private', true)),
      new TableColumn(booleanColumn(queryRunner, 'keep_activity_private', false)),
      new TableColumn(booleanColumn(queryRunner, 'keep_pronouns_private', false)),
      new TableColumn({ name: 'pronouns', type: 'varchar', length: '255', default: "''" }),
      new TableColumn({ name: 'language', type: 'varchar', length: '16', default: "''" }),
      new TableColumn({ name: 'theme', type: 'varchar', length: '255', default: "'forgejo-auto'" }),
      new TableColumn({ name: 'diff_view_style', type: 'varchar', length: '16', default: "''" }),
      new TableColumn(booleanColumn(queryRunner, 'enable_repo_unit_hints', true)),
    ]);
    await queryRunner.createTable(
      new Table({
        name: 'email_address',
        columns: [
          idColumn(),
          { name: 'user_id', type: 'integer' },
          { name: 'email', type: 'varchar', length: '255' },
          { name: 'lower_email', type: 'varchar', length: '255' },
          booleanColumn(queryRunner, 'is_activated', false),
          bigintColumn('created_at'),
        ],
        indices: [
          { name: 'ux_email_address_lower_email', columnNames: ['lower_email'], isUnique: true },
          { name: 'ix_email_address_user', columnNames: ['user_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_email_address_user',
            columnNames: ['user_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('email_address');
    for (const column of [
      'enable_repo_unit_hints',
      'diff_view_style',
      'theme',
      'language',
      'pronouns',
      'keep_pronouns_private',
      'keep_activity_private',
      'keep_email_private',
    ]) {
      await queryRunner.dropColumn('owner', column);
    }
  }
}
