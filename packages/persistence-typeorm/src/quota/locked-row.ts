import { EntityManager, EntityTarget, FindOptionsWhere, ObjectLiteral } from 'typeorm';

/**
 * Reads a row that is about to change, locked against concurrent writers on
 * PostgreSQL, so the size difference written to the ledger is computed from the
 * value actually replaced. (SQLite runs one writing transaction at a time.)
 * Must be called inside a transaction.
 */
export function findLocked<T extends ObjectLiteral>(manager: EntityManager, entity: EntityTarget<T>, where: FindOptionsWhere<T>): Promise<T | null> {
  const lock = manager.connection.options.type === 'postgres' ? { lock: { mode: 'pessimistic_write' as const } } : {};
  return manager.getRepository(entity).findOne({ where, ...lock });
}
