import { EntityManager, EntityTarget, FindOptionsWhere, ObjectLiteral } from 'typeorm';
import { ContainerGoneError, ContainerKind } from '@bellows/domain';

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

/** One container of a sized row: which table, which id, and what to call it when it is gone. */
export interface ContainerLink<T extends ObjectLiteral = ObjectLiteral> {
  kind: ContainerKind;
  entity: EntityTarget<T>;
  id: number;
}

/**
 * Holds the containers of a sized row that is about to be recorded (outermost
 * first: repository, then issue, then comment) for the rest of the
 * transaction, or throws ContainerGoneError for the first one that is gone.
 *
 * On PostgreSQL each row is read `FOR SHARE`: uploads into the same container
 * still run side by side, while a deletion (which locks the container
 * `FOR UPDATE` before it lists what to take off the ledger) waits for them and
 * then sees their rows, or runs first and makes them fail here. The order is
 * always outermost first, as in the deletions, so the two cannot deadlock.
 * On SQLite, transactions run one at a time, so reading the rows is enough.
 */
export async function holdContainers(manager: EntityManager, links: ContainerLink[]): Promise<void> {
  const lock = manager.connection.options.type === 'postgres' ? { lock: { mode: 'pessimistic_read' as const } } : {};
  for (const link of links) {
    const row = await manager.getRepository(link.entity).findOne({ where: { id: link.id } as FindOptionsWhere<ObjectLiteral>, select: { id: true } as never, ...lock });
    if (!row) throw new ContainerGoneError(link.kind, link.id);
  }
}
