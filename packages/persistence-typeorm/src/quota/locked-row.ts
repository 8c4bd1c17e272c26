import { EntityManager, EntityTarget, FindOptionsWhere, ObjectLiteral } from 'typeorm';
import { ContainerGoneError, ContainerKind } from '@bellows/domain';
import { RepositoryEntity } from '../entities/repository.entity';
import { parameterMarkers } from './in-transaction';

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
 * On SQLite, transactions run one at a time, so reading the rows is enough,
 * and all of them are read in one statement.
 *
 * Written out, reading only what is needed: these holds run in every upload's
 * transaction, where a query-builder read of the whole row cost four times
 * the CPU (SQLite) and twice (PostgreSQL) of the statement itself.
 */
export async function holdContainers(manager: EntityManager, links: ContainerLink[]): Promise<void> {
  await heldValues(
    manager,
    links.map((link) => ({ link, column: 'id' })),
  );
}

/**
 * Holds the repository and then the containers inside it (`inside`,
 * outermost first) as `holdContainers` does, and answers the repository's
 * owner as stored now: the one whose usage a sized row in it counts toward.
 */
export async function holdRepositoryAnd(manager: EntityManager, repoId: number, inside: ContainerLink[]): Promise<{ ownerId: number }> {
  const repository: ContainerLink = { kind: 'repository', entity: RepositoryEntity, id: repoId };
  const [ownerId] = await heldValues(manager, [
    { link: repository, column: 'owner_id' },
    ...inside.map((link) => ({ link, column: 'id' })),
  ]);
  return { ownerId: Number(ownerId) };
}

/** What to read of a held row: its link, and the column to answer (`id` when only its presence counts). */
interface HeldColumn {
  link: ContainerLink;
  column: string;
}

/** One column of each row, in the order of `wanted`; ContainerGoneError for the first row that is gone. */
function heldValues(manager: EntityManager, wanted: HeldColumn[]): Promise<unknown[]> {
  return manager.connection.options.type === 'postgres' ? heldOneByOne(manager, wanted) : readAtOnce(manager, wanted);
}

/** PostgreSQL: each row locked `FOR UPDATE` in its own statement, outermost first (one statement would lock in the plan's order). */
async function heldOneByOne(manager: EntityManager, wanted: HeldColumn[]): Promise<unknown[]> {
  const values: unknown[] = [];
  for (const { link, column } of wanted) {
    const [row] = (await manager.query(`SELECT ${column} AS value FROM ${tableOf(manager, link)} WHERE id = $1 FOR UPDATE`, [
      link.id,
    ])) as Row[];
    if (!row) throw new ContainerGoneError(link.kind, link.id);
    values.push(row.value);
  }
  return values;
}

/** SQLite: no row locks, so every row is read in one statement, one subquery each. */
async function readAtOnce(manager: EntityManager, wanted: HeldColumn[]): Promise<unknown[]> {
  const p = parameterMarkers(manager);
  const reads = wanted.map(({ link, column }, n) => `(SELECT ${column} FROM ${tableOf(manager, link)} WHERE id = ${p(n + 1)}) AS v${n}`);
  const ids = wanted.map(({ link }) => link.id);
  const [row] = (await manager.query(`SELECT ${reads.join(', ')}`, ids)) as Row[];
  const values = wanted.map((_, n) => row[`v${n}`]);
  const gone = values.findIndex((value) => value === null || value === undefined);
  if (gone >= 0) throw new ContainerGoneError(wanted[gone].link.kind, wanted[gone].link.id);
  return values;
}

function tableOf(manager: EntityManager, link: ContainerLink): string {
  return manager.connection.driver.escape(manager.connection.getMetadata(link.entity).tableName);
}

type Row = Record<string, unknown>;
