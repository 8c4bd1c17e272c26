import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** Uploaded avatars of owners and repositories: the sha256 of the image blob (issue 14). */
export class Avatars1763800038000 implements MigrationInterface {
  name = 'Avatars1763800038000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('owner', new TableColumn({ name: 'avatar', type: 'varchar', length: '64', isNullable: true }));
    await queryRunner.addColumn('repository', new TableColumn({ name: 'avatar', type: 'varchar', length: '64', isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('repository', 'avatar');
    await queryRunner.dropColumn('owner', 'avatar');
  }
}
