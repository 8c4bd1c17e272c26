import { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { sqlParam } from '../quota/in-transaction';

/**
 * Inserts one row in one statement and answers the entity as stored, with its
 * generated id. `Repository.save` sends the INSERT and then, on SQLite, reads
 * the row back for its defaults, and builds both statements through the query
 * builder: twice the round trips and most of the CPU of a small write, inside
 * the transaction that holds the lock. Here every column is written
 * explicitly (the given value, else the column's default, else null), so the
 * answer needs no read-back and equals what a later read finds.
 *
 * Only for entities with one generated `id` and literal defaults.
 */
export async function insertRow<T extends ObjectLiteral & { id: number }>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  values: Partial<T>,
): Promise<T> {
  const { table, columns, params, row } = rowToInsert(manager, entity, values);
  const postgres = manager.connection.options.type === 'postgres';
  const placeholders = params.map((_, i) => sqlParam(manager, i + 1)).join(', ');
  const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${placeholders})`;
  // SQLite answers the new rowid of an INSERT; PostgreSQL the RETURNING rows.
  const answer: unknown = await manager.query(postgres ? `${sql} RETURNING "id"` : sql, params);
  const id = postgres ? Number((answer as { id: number | string }[])[0].id) : Number(answer);
  return manager.create(entity, { ...row, id } as unknown as T);
}

/** What `insertRow` writes, for statements that wrap the INSERT: every column but the generated id, in the same order. */
export interface RowToInsert {
  /** The table's name, escaped. */
  table: string;
  /** The columns' names, escaped. */
  columns: string[];
  /** Each column's value as the driver binds it. */
  params: unknown[];
  /** Each column's value by property, as the entity reads it. */
  row: Record<string, unknown>;
}

/** Each column's value: the given one, else the column's literal default, else null (an error when the column is not nullable). */
export function rowToInsert<T extends ObjectLiteral>(manager: EntityManager, entity: EntityTarget<T>, values: Partial<T>): RowToInsert {
  const metadata = manager.connection.getMetadata(entity);
  const driver = manager.connection.driver;
  const row: Record<string, unknown> = {};
  const columns: string[] = [];
  const params: unknown[] = [];
  for (const column of metadata.columns) {
    if (column.isGenerated) continue;
    const value = valueOf(column.propertyName, values, column.default, column.isNullable);
    row[column.propertyName] = value;
    columns.push(driver.escape(column.databaseName));
    params.push(driver.preparePersistentValue(value, column));
  }
  return { table: driver.escape(metadata.tableName), columns, params, row };
}

function valueOf(property: string, values: ObjectLiteral, fallback: unknown, nullable: boolean): unknown {
  const given = values[property];
  if (given !== undefined) return given;
  if (fallback !== undefined && typeof fallback !== 'function') return fallback;
  if (nullable) return null;
  throw new Error(`insertRow: no value for ${property}, which has no literal default and is not nullable`);
}
