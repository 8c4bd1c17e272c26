import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** The step of the last TOTP code each user used, so that a code is accepted once (issue 9). */
export class TotpLastUsedStep1763800015000 implements MigrationInterface {
  name = 'TotpLastUsedStep1763800015000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('owner', new TableColumn({ name: 'totp_last_used_step', type: 'integer', isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('owner', 'totp_last_used_step');
  }
}
