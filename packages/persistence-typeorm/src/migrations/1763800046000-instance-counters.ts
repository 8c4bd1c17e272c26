import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bigintColumn } from './portable-columns';

/**
 * Counters kept in the database rather than in a process (issue 16, metrics):
 * what `bellows admin quota recalculate` corrects happens in a CLI process
 * that no scrape ever sees, so the recount adds to these rows in its own
 * transaction and every server reads the instance's whole count. The two
 * counters the recount uses start at 0.
 */
export class InstanceCounters1763800046000 implements MigrationInterface {
  name = 'InstanceCounters1763800046000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'instance_counter',
        columns: [{ name: 'name', type: 'varchar', length: '64', isPrimary: true }, bigintColumn('value', { default: 0 })],
      }),
    );
    await queryRunner.query(
      "INSERT INTO instance_counter (name, value) VALUES ('quota_ledger_corrections', 0), ('quota_ledger_corrected_bytes', 0)",
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('instance_counter');
  }
}
