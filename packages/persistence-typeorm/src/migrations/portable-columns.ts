import { QueryRunner, TableColumnOptions } from 'typeorm';

/** Column definitions for migrations that mean the same on SQLite and PostgreSQL. */

export function idColumn(name = 'id'): TableColumnOptions {
  return { name, type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' };
}

/** Millisecond timestamps and byte sizes (see ../columns.ts). */
export function bigintColumn(name: string, options: Partial<TableColumnOptions> = {}): TableColumnOptions {
  return { name, type: 'bigint', ...options };
}

/**
 * A boolean with a default. TypeORM writes entity defaults for booleans as 0/1 on
 * SQLite and true/false on PostgreSQL; the migration must say the same or the
 * schema would drift from the entities.
 */
export function booleanColumn(queryRunner: QueryRunner, name: string, defaultValue: boolean): TableColumnOptions {
  const isSqlite = queryRunner.connection.options.type === 'sqlite';
  return { name, type: 'boolean', default: isSqlite ? (defaultValue ? 1 : 0) : defaultValue };
}
