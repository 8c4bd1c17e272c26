import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * The usage ledger gets a `stripe` column in its primary key (issue 15): one
 * owner's figure for a bucket may be spread over several rows, summed on
 * read, so concurrent writers of one owner need not queue on one row. The
 * rows there are become stripe 0; their sums are unchanged.
 */
export class UsageLedgerStripes1763800041000 implements MigrationInterface {
  name = 'UsageLedgerStripes1763800041000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A primary column added to the key: both engines rebuild the key (SQLite the table) with the rows as they are.
    await queryRunner.addColumn('owner_quota_usage', new TableColumn({ name: 'stripe', type: 'integer', default: 0, isPrimary: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Back to one row per owner and bucket: every stripe's bytes are added into stripe 0 first.
    await queryRunner.query(
      'INSERT INTO owner_quota_usage (owner_id, bucket, stripe, bytes) SELECT DISTINCT owner_id, bucket, 0, 0 FROM owner_quota_usage u ' +
        'WHERE NOT EXISTS (SELECT 1 FROM owner_quota_usage z WHERE z.owner_id = u.owner_id AND z.bucket = u.bucket AND z.stripe = 0)',
    );
    await queryRunner.query(
      'UPDATE owner_quota_usage SET bytes = (SELECT SUM(s.bytes) FROM owner_quota_usage s ' +
        'WHERE s.owner_id = owner_quota_usage.owner_id AND s.bucket = owner_quota_usage.bucket) WHERE stripe = 0',
    );
    await queryRunner.query('DELETE FROM owner_quota_usage WHERE stripe <> 0');
    await queryRunner.dropColumn('owner_quota_usage', 'stripe');
  }
}
