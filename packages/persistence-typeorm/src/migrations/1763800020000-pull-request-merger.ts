import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** Who merged a pull request (Forgejo's `merged_by`); the other merge columns exist since 1763800007000. */
export class PullRequestMerger1763800020000 implements MigrationInterface {
  name = 'PullRequestMerger1763800020000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('pull_request', new TableColumn({ name: 'merger_id', type: 'integer', isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('pull_request', 'merger_id');
  }
}
