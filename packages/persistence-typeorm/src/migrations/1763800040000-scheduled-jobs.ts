import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bigintColumn } from './portable-columns';

/** Scheduled jobs shared by every instance on the database: one row per job, claimed per due time (issue 15). */
export class ScheduledJobs1763800040000 implements MigrationInterface {
  name = 'ScheduledJobs1763800040000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'scheduled_job',
        columns: [
          { name: 'name', type: 'varchar', length: '100', isPrimary: true },
          bigintColumn('next_run_at'),
          bigintColumn('last_run_at', { isNullable: true }),
          { name: 'run_count', type: 'integer', default: 0 },
          { name: 'lease_owner', type: 'varchar', length: '200', isNullable: true },
          bigintColumn('lease_until', { isNullable: true }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('scheduled_job');
  }
}
