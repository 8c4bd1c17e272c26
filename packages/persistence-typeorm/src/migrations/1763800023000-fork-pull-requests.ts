import { MigrationInterface, QueryRunner, TableColumn, TableForeignKey, TableIndex } from 'typeorm';

/**
 * Pull requests from forks (issue 13): the repository a pull request's head
 * branch lives in. Existing pull requests propose a branch of their own
 * repository; null marks a head repository that was deleted.
 */
export class ForkPullRequests1763800023000 implements MigrationInterface {
  name = 'ForkPullRequests1763800023000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('pull_request', new TableColumn({ name: 'head_repo_id', type: 'integer', isNullable: true }));
    await queryRunner.query(
      'UPDATE pull_request SET head_repo_id = (SELECT issue.repo_id FROM issue WHERE issue.id = pull_request.issue_id)',
    );
    await queryRunner.createIndex('pull_request', new TableIndex({ name: 'ix_pull_request_head_repo', columnNames: ['head_repo_id'] }));
    await queryRunner.createForeignKey(
      'pull_request',
      new TableForeignKey({
        name: 'fk_pull_request_head_repo',
        columnNames: ['head_repo_id'],
        referencedTableName: 'repository',
        referencedColumnNames: ['id'],
        onDelete: 'SET NULL',
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropForeignKey('pull_request', 'fk_pull_request_head_repo');
    await queryRunner.dropIndex('pull_request', 'ix_pull_request_head_repo');
    await queryRunner.dropColumn('pull_request', 'head_repo_id');
  }
}
