import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** Each repository's count of its explicit watchers (issue 14), counted from the existing `watch` rows. */
export class RepositoryWatchers1763800032000 implements MigrationInterface {
  name = 'RepositoryWatchers1763800032000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('repository', new TableColumn({ name: 'num_watches', type: 'integer', default: 0 }));
    await queryRunner.query('UPDATE repository SET num_watches = (SELECT COUNT(*) FROM watch WHERE watch.repo_id = repository.id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('repository', 'num_watches');
  }
}
