import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bigintColumn, booleanColumn } from './portable-columns';

/**
 * Subject columns of `owner_quota_summary`, in QUOTA_SUBJECTS order without
 * `size:wiki` (the wiki is not tracked). Kept literal here: a migration must
 * not change when the domain's list does later.
 */
const SUBJECT_COLUMNS = [
  'size_all',
  'size_repos_all',
  'size_repos_public',
  'size_repos_private',
  'size_git_all',
  'size_git_lfs',
  'size_assets_all',
  'size_assets_attachments_all',
  'size_assets_attachments_issues',
  'size_assets_attachments_releases',
  'size_assets_artifacts',
  'size_assets_packages_all',
];

/** Which subject columns sum which ledger buckets (as the domain's leavesOf says). */
const BUCKETS_OF_COLUMN: Record<string, string[]> = {
  size_all: ['repos:public', 'repos:private', 'git:lfs', 'attachments:issues', 'attachments:releases', 'artifacts', 'packages'],
  size_repos_all: ['repos:public', 'repos:private'],
  size_repos_public: ['repos:public'],
  size_repos_private: ['repos:private'],
  size_git_all: ['repos:public', 'repos:private', 'git:lfs'],
  size_git_lfs: ['git:lfs'],
  size_assets_all: ['attachments:issues', 'attachments:releases', 'artifacts', 'packages'],
  size_assets_attachments_all: ['attachments:issues', 'attachments:releases'],
  size_assets_attachments_issues: ['attachments:issues'],
  size_assets_attachments_releases: ['attachments:releases'],
  size_assets_artifacts: ['artifacts'],
  size_assets_packages_all: ['packages'],
};

/**
 * The operators' overview (issue 16): one derived row per owner with its bytes
 * per subject, its effective groups and whether it is over quota for
 * `size:all`, so a sorted, filtered page of every owner is one indexed read
 * instead of a ledger sum and a group evaluation per owner.
 *
 * Each subject column has an index on (column, owner_id): a page in either
 * direction is a walk along it (ties by owner id in the same direction), never
 * a sort of every row. The two commonest filters of the default order have
 * their own. `kind` is copied from `owner` (it never changes) so the type
 * filter needs no join. Existing owners are backfilled from the ledger with
 * `refreshed_at` NULL: the server's start-up pass then fills in their groups
 * and over_quota.
 */
export class OwnerQuotaSummary1763800043000 implements MigrationInterface {
  name = 'OwnerQuotaSummary1763800043000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'owner_quota_summary',
        columns: [
          { name: 'owner_id', type: 'integer', isPrimary: true },
          { name: 'kind', type: 'varchar', length: '16' },
          ...SUBJECT_COLUMNS.map((column) => bigintColumn(column, { default: 0 })),
          booleanColumn(queryRunner, 'over_quota', false),
          { name: 'groups', type: 'text', default: "'[]'" },
          bigintColumn('refreshed_at', { isNullable: true }),
        ],
        indices: [
          ...SUBJECT_COLUMNS.map((column) => ({ name: `ix_owner_quota_summary_${column}`, columnNames: [column, 'owner_id'] })),
          { name: 'ix_owner_quota_summary_over_size_all', columnNames: ['over_quota', 'size_all', 'owner_id'] },
          { name: 'ix_owner_quota_summary_kind_size_all', columnNames: ['kind', 'size_all', 'owner_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_owner_quota_summary_owner',
            columnNames: ['owner_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    // The start-up pass looks for rows never refreshed: normally none, so a partial index keeps that look-up free.
    await queryRunner.query('CREATE INDEX ix_owner_quota_summary_unrefreshed ON owner_quota_summary (owner_id) WHERE refreshed_at IS NULL');
    const sums = SUBJECT_COLUMNS.map(
      (column) =>
        `COALESCE((SELECT SUM(u.bytes) FROM owner_quota_usage u WHERE u.owner_id = o.id AND u.bucket IN (${BUCKETS_OF_COLUMN[column]
          .map((bucket) => `'${bucket}'`)
          .join(', ')})), 0)`,
    );
    await queryRunner.query(
      `INSERT INTO owner_quota_summary (owner_id, kind, ${SUBJECT_COLUMNS.join(', ')}) SELECT o.id, o.kind, ${sums.join(', ')} FROM owner o`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('owner_quota_summary');
  }
}
