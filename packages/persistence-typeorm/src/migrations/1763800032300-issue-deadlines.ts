import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** Issues' deadlines (Forgejo's `due_date`, issue 14). */
export class IssueDeadlines1763800032300 implements MigrationInterface {
  name = 'IssueDeadlines1763800032300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('issue', new TableColumn({ name: 'deadline', type: 'bigint', isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('issue', 'deadline');
  }
}
