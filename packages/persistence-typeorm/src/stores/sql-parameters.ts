import { EntityManager } from 'typeorm';

/**
 * The marker of the n-th (from 1) bound parameter in hand-written SQL for the
 * manager's engine: `$n` on PostgreSQL, `?n` on SQLite. Both are numbered, so
 * one value may stand in several places and the parameter list is the same
 * on both engines.
 */
export function parameterMarkers(manager: EntityManager): (n: number) => string {
  return manager.connection.options.type === 'postgres' ? (n) => `$${n}` : (n) => `?${n}`;
}
