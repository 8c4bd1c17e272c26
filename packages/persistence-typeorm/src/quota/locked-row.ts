import { EntityManager, EntityTarget, FindOptionsWhere, ObjectLiteral } from 'typeorm';
import { ContainerGoneError, ContainerKind } from '@bellows/domain';

/**
 * Reads a row that is about to change, locked against concurrent writers on
 * PostgreSQL, so the size difference written to the ledger is computed from the
 * value actually replaced. (SQLite runs one writing transaction at a time.)
 * Must be called inside a transaction.
 */
export function findLocked<T extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  where: FindOptionsWhere<T>,
): Promise<T | null> {
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
 * On PostgreSQL each row is read `FOR UPDATE`, as the deletions read it before
 * they list what to take off the ledger: a deletion waits for a recording in
 * progress and then sees its row, or runs first and makes it fail here. (A
 * shared lock would let two uploads into one issue deadlock when both then
 * touch the update date; and uploads of one owner are serialized by
 * the owner's ledger row anyway, so the stronger lock costs nothing. The
 * recording transaction is short: the body was stored before it began.) The
 * order is always outermost first, so lockers cannot deadlock each other.
 * On SQLite, transactions run one at a time, so reading the rows is enough.
 * Answers the rows read, in the order of `links`.
 */
export async function holdContainers(manager: EntityManager, links: ContainerLink[]): Promise<ObjectLiteral[]> {
  const rows: ObjectLiteral[] = [];
  for (const link of links) {
    const row = await findLocked(manager, link.entity, { id: link.id });
    if (!row) throw new ContainerGoneError(link.kind, link.id);
    rows.push(row);
  }
  return rows;
}
