import { EntityManager } from 'typeorm';

/**
 * Runs work in one transaction (joining the current one when there is one).
 * Stores that change sized rows use it so that a row and the usage ledger
 * change together even when the caller did not open a transaction.
 */
export type InTransaction = <T>(work: (manager: EntityManager) => Promise<T>) => Promise<T>;

/**
 * The marker of the n-th (from 1) bound parameter in hand-written SQL for the
 * manager's engine: `$n` on PostgreSQL, `?n` on SQLite. Both are numbered, so
 * one value may stand in several places and the parameter list is the same
 * on both engines.
 */
export function sqlParam(manager: EntityManager, n: number): string {
  return manager.connection.options.type === 'postgres' ? `$${n}` : `?${n}`;
}

/** {@link sqlParam} for one manager, for statements with many parameters. */
export function parameterMarkers(manager: EntityManager): (n: number) => string {
  return (n) => sqlParam(manager, n);
}

/** `FOR UPDATE` on PostgreSQL, where transactions run side by side; SQLite already has a single writer. */
export function rowLockClause(manager: EntityManager): string {
  return manager.connection.options.type === 'postgres' ? ' FOR UPDATE' : '';
}
