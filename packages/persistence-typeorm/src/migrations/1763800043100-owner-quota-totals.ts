import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bigintColumn } from './portable-columns';

/** The leaf columns of `owner_quota_summary` (one per ledger bucket): the totals keep their sums. */
const LEAF_COLUMNS = [
  'size_repos_public',
  'size_repos_private',
  'size_git_lfs',
  'size_assets_attachments_issues',
  'size_assets_attachments_releases',
  'size_assets_artifacts',
  'size_assets_packages_all',
];

/**
 * The overview's sums kept by the database (issue 16): one row per (kind,
 * over_quota) with the number of owners and their bytes per leaf, which
 * triggers on `owner_quota_summary` move with every row inserted, changed or
 * deleted (deleted by the owner's cascade too). So the instance totals and the
 * counts of the unfiltered and `over`/`type`-filtered pages are a read of at
 * most four rows instead of a scan of every owner's row.
 *
 * Writers of summaries lock these rows in key order first (see
 * TypeOrmOwnerQuotaSummaryStore.write), so two refreshes cannot deadlock on them.
 */
export class OwnerQuotaTotals1763800043100 implements MigrationInterface {
  name = 'OwnerQuotaTotals1763800043100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'owner_quota_summary_total',
        columns: [
          { name: 'kind', type: 'varchar', length: '16', isPrimary: true },
          { name: 'over_quota', type: 'boolean', isPrimary: true },
          bigintColumn('owners', { default: 0 }),
          ...LEAF_COLUMNS.map((column) => bigintColumn(column, { default: 0 })),
        ],
      }),
    );
    // All four rows exist from the start, so the triggers only ever UPDATE (and writers can lock them all, in order).
    await queryRunner.query(
      "INSERT INTO owner_quota_summary_total (kind, over_quota) VALUES ('user', FALSE), ('user', TRUE), ('organization', FALSE), ('organization', TRUE)",
    );
    const ofItsKey =
      'FROM owner_quota_summary s WHERE s.kind = owner_quota_summary_total.kind AND s.over_quota = owner_quota_summary_total.over_quota';
    await queryRunner.query(
      `UPDATE owner_quota_summary_total SET owners = (SELECT COUNT(*) ${ofItsKey}), ` +
        LEAF_COLUMNS.map((c) => `${c} = (SELECT COALESCE(SUM(s.${c}), 0) ${ofItsKey})`).join(', '),
    );
    if (queryRunner.connection.options.type === 'postgres') await this.postgresTriggers(queryRunner);
    else await this.sqliteTriggers(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'postgres') {
      await queryRunner.query('DROP TRIGGER owner_quota_summary_total_follow ON owner_quota_summary');
      await queryRunner.query('DROP FUNCTION owner_quota_summary_total_follow()');
    } else {
      for (const op of ['insert', 'update', 'delete']) await queryRunner.query(`DROP TRIGGER owner_quota_summary_total_${op}`);
    }
    await queryRunner.dropTable('owner_quota_summary_total');
  }

  /** Moves a row's figures into (`+`) or out of (`-`) its (kind, over_quota) total. */
  private follow(row: 'NEW' | 'OLD', sign: '+' | '-'): string {
    return (
      `UPDATE owner_quota_summary_total SET owners = owners ${sign} 1, ${LEAF_COLUMNS.map((c) => `${c} = ${c} ${sign} ${row}.${c}`).join(', ')} ` +
      `WHERE kind = ${row}.kind AND over_quota = ${row}.over_quota`
    );
  }

  private async sqliteTriggers(queryRunner: QueryRunner): Promise<void> {
    const [add, subtract] = [this.follow('NEW', '+'), this.follow('OLD', '-')];
    await queryRunner.query(`CREATE TRIGGER owner_quota_summary_total_insert AFTER INSERT ON owner_quota_summary BEGIN ${add}; END`);
    await queryRunner.query(
      `CREATE TRIGGER owner_quota_summary_total_update AFTER UPDATE ON owner_quota_summary BEGIN ${subtract}; ${add}; END`,
    );
    await queryRunner.query(`CREATE TRIGGER owner_quota_summary_total_delete AFTER DELETE ON owner_quota_summary BEGIN ${subtract}; END`);
  }

  private async postgresTriggers(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE FUNCTION owner_quota_summary_total_follow() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ' +
        `IF TG_OP IN ('UPDATE', 'DELETE') THEN ${this.follow('OLD', '-')}; END IF; ` +
        `IF TG_OP IN ('UPDATE', 'INSERT') THEN ${this.follow('NEW', '+')}; END IF; ` +
        'RETURN NULL; END $$',
    );
    await queryRunner.query(
      'CREATE TRIGGER owner_quota_summary_total_follow AFTER INSERT OR UPDATE OR DELETE ON owner_quota_summary ' +
        'FOR EACH ROW EXECUTE FUNCTION owner_quota_summary_total_follow()',
    );
  }
}
