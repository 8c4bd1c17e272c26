import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { idColumn } from './portable-columns';

/** Members of organizations who show their membership publicly (issue 14). */
export class OrgPublicMembers1763800035000 implements MigrationInterface {
  name = 'OrgPublicMembers1763800035000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'org_public_member',
        columns: [idColumn(), { name: 'org_id', type: 'integer' }, { name: 'user_id', type: 'integer' }],
        indices: [
          { name: 'ux_org_public_member_org_user', columnNames: ['org_id', 'user_id'], isUnique: true },
          { name: 'ix_org_public_member_user', columnNames: ['user_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_org_public_member_org',
            columnNames: ['org_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_org_public_member_user',
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
    await queryRunner.dropTable('org_public_member');
  }
}
