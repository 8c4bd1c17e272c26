import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * What the timeline's time and dependency entries refer to (issue 14): the
 * tracked time an add/stop/delete entry is about, and the other issue of a
 * dependency entry. Plain columns, as in Forgejo: a removed time stays as a
 * row, and an entry whose issue is gone is left out when shown.
 */
export class TimelineTimeAndDependency1763800033100 implements MigrationInterface {
  name = 'TimelineTimeAndDependency1763800033100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('comment', [
      new TableColumn({ name: 'time_id', type: 'integer', isNullable: true }),
      new TableColumn({ name: 'dependent_issue_id', type: 'integer', isNullable: true }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('comment', 'dependent_issue_id');
    await queryRunner.dropColumn('comment', 'time_id');
  }
}
