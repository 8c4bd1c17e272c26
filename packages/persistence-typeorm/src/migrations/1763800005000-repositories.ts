import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';
import { booleanColumn, idColumn } from './portable-columns';

/**
 * Repositories beyond their sizes (issue 4): description, website, default
 * branch, whether any commit exists yet; who else may use a repository
 * (collaborators with a mode) and which repositories a team that does not
 * include all of its organization's repositories has access to.
 */
export class Repositories1763800005000 implements MigrationInterface {
  name = 'Repositories1763800005000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('repository', [
      new TableColumn({ name: 'description', type: 'varchar', length: '2048', default: "''" }),
      new TableColumn({ name: 'website', type: 'varchar', length: '1024', default: "''" }),
      new TableColumn({ name: 'default_branch', type: 'varchar', length: '255', default: "'main'" }),
      new TableColumn(booleanColumn(queryRunner, 'is_empty', true)),
      new TableColumn(booleanColumn(queryRunner, 'is_archived', false)),
    ]);
    await queryRunner.createTable(
      new Table({
        name: 'collaboration',
        columns: [
          idColumn(),
          { name: 'repo_id', type: 'integer' },
          { name: 'user_id', type: 'integer' },
          { name: 'mode', type: 'varchar', length: '16' },
        ],
        indices: [
          { name: 'uq_collaboration_repo_user', columnNames: ['repo_id', 'user_id'], isUnique: true },
          { name: 'ix_collaboration_user', columnNames: ['user_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_collaboration_repo',
            columnNames: ['repo_id'],
            referencedTableName: 'repository',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_collaboration_user',
            columnNames: ['user_id'],
            referencedTableName: 'owner',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'team_repository',
        columns: [idColumn(), { name: 'team_id', type: 'integer' }, { name: 'repo_id', type: 'integer' }],
        indices: [
          { name: 'uq_team_repository_team_repo', columnNames: ['team_id', 'repo_id'], isUnique: true },
          { name: 'ix_team_repository_repo', columnNames: ['repo_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_team_repository_team',
            columnNames: ['team_id'],
            referencedTableName: 'team',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_team_repository_repo',
            columnNames: ['repo_id'],
            referencedTableName: 'repository',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('team_repository');
    await queryRunner.dropTable('collaboration');
    for (const column of ['is_archived', 'is_empty', 'default_branch', 'website', 'description']) {
      await queryRunner.dropColumn('repository', column);
    }
  }
}
