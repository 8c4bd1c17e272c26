import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** Pinned issues and pull requests: their place, from 1 (0: not pinned; issue 14). */
export class IssuePins1763800032400 implements MigrationInterface {
  name = 'IssuePins1763800032400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('issue', new TableColumn({ name: 'pin_order', type: 'integer', default: 0 }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('issue', 'pin_order');
  }
}
