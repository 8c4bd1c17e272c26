import { EntityManager } from 'typeorm';

/**
 * Runs work in one transaction (joining the current one when there is one).
 * Stores that change sized rows use it so that a row and the usage ledger
 * change together even when the caller did not open a transaction.
 */
export type InTransaction = <T>(work: (manager: EntityManager) => Promise<T>) => Promise<T>;

/** Positional parameter `n` (1-based) in the manager's SQL dialect. */
export function sqlParam(manager: EntityManager, n: number): string {
  return manager.connection.options.type === 'postgres' ? `$${n}` : '?';
}

/** `FOR UPDATE` on PostgreSQL, where transactions run side by side; SQLite already has a single writer. */
export function rowLockClause(manager: EntityManager): string {
  return manager.connection.options.type === 'postgres' ? ' FOR UPDATE' : '';
}
