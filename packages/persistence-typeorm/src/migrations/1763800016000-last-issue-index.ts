import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * The highest issue number a repository ever gave out, so that a number is
 * never given again after its issue is deleted (as in Forgejo). Filled from the
 * issues there are.
 */
export class LastIssueIndex1763800016000 implements MigrationInterface {
  name = 'LastIssueIndex1763800016000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('repository', new TableColumn({ name: 'last_issue_index', type: 'integer', default: 0 }));
    await queryRunner.query(
      'UPDATE repository SET last_issue_index = COALESCE((SELECT MAX(issue."index") FROM issue WHERE issue.repo_id = repository.id), 0)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('repository', 'last_issue_index');
  }
}
