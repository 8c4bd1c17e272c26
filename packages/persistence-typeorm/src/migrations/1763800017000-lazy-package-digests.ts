import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** A package blob's digests besides its sha256, with their lengths in hex. */
const DIGESTS = [
  { name: 'md5', length: '32' },
  { name: 'sha1', length: '40' },
  { name: 'sha512', length: '128' },
];

/**
 * A package blob's md5, sha1 and sha512 are computed when an answer first
 * needs them, no longer during every upload (issue 12): until then they are
 * null. The empty strings that stood for "not known" before become null.
 */
export class LazyPackageDigests1763800017000 implements MigrationInterface {
  name = 'LazyPackageDigests1763800017000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const { name, length } of DIGESTS) {
      await queryRunner.changeColumn('package_blob', name, new TableColumn({ name, type: 'varchar', length, isNullable: true }));
      await queryRunner.query(`UPDATE package_blob SET ${name} = NULL WHERE ${name} = ''`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const { name, length } of DIGESTS) {
      await queryRunner.query(`UPDATE package_blob SET ${name} = '' WHERE ${name} IS NULL`);
      await queryRunner.changeColumn('package_blob', name, new TableColumn({ name, type: 'varchar', length, default: "''" }));
    }
  }
}
