import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** The OpenID Connect nonce of a grant's last authorization, for its ID tokens (issue 14). */
export class OAuth2GrantNonce1763800037100 implements MigrationInterface {
  name = 'OAuth2GrantNonce1763800037100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('oauth2_grant', new TableColumn({ name: 'nonce', type: 'varchar', length: '255', default: "''" }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('oauth2_grant', 'nonce');
  }
}
