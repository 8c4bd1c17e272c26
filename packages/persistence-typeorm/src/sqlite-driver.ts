import * as sqlite3 from 'sqlite3';
import { ObjectLiteral } from 'typeorm';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel';

/** Prepared statements kept per connection: far more than the distinct statements Bellows runs. */
const MAX_STATEMENTS = 1000;

/** Statements that change the connection's state rather than read or write rows are prepared each time. */
const PREPARED_EACH_TIME = /^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|PRAGMA|VACUUM|ATTACH|DETACH)\b/i;

/** TypeORM's `BEGIN TRANSACTION` (deferred): it takes no lock until the first write. */
const DEFERRED_BEGIN = /^\s*BEGIN(\s+DEFERRED)?(\s+TRANSACTION)?\s*;?\s*$/i;

/**
 * Transactions begin IMMEDIATE: they take SQLite's write lock when they
 * start, waiting (busy timeout) while another process holds it. A deferred
 * transaction that read first cannot take the lock later once another process
 * has committed since its read (its snapshot is out of date), and SQLite
 * answers SQLITE_BUSY at once instead of waiting: `bellows admin …` commands
 * beside a busy server failed now and then. In this process transactions run
 * one at a time anyway (TransactionSlots), so nothing here waits longer.
 */
function immediate(sql: string): string {
  return DEFERRED_BEGIN.test(sql) ? 'BEGIN IMMEDIATE TRANSACTION' : sql;
}

type Callback = (this: sqlite3.RunResult, error: Error | null, rows?: unknown[]) => void;

/**
 * A sqlite3 connection that keeps each statement it has prepared and runs it
 * again with new parameters, instead of preparing the same SQL on every
 * query. TypeORM sends the same few hundred statements over and over; SQLite
 * parsing and planning them again cost 35–60 % of a query's CPU (in process:
 * a ten-row SELECT 119 → 48 µs, the issue list's page and count 734 → 534 µs).
 *
 * sqlite3 runs the calls on one statement one after another, so two requests
 * running the same SQL at once simply take turns, as they would on the one
 * connection anyway. A statement that fails to prepare is not kept, and its
 * caller gets the error (sqlite3 itself would leave the caller waiting).
 */
export class StatementReusingDatabase extends sqlite3.Database {
  private readonly statements = new Map<string, Promise<sqlite3.Statement>>();
  /** Once closing, queries still arriving (requests finishing during shutdown) prepare their statement once, as sqlite3 does. */
  private closing = false;

  override all(sql: string, ...args: unknown[]): this {
    sql = immediate(sql);
    const call = splitCall(args);
    if (!call || this.closing || PREPARED_EACH_TIME.test(sql)) return Reflect.apply(super.all, this, [sql, ...args]) as this;
    this.statement(sql).then(
      (statement) => statement.all(call.params, call.callback),
      (error: Error) => call.callback.call({ lastID: 0, changes: 0 } as sqlite3.RunResult, error),
    );
    return this;
  }

  override run(sql: string, ...args: unknown[]): this {
    sql = immediate(sql);
    const call = splitCall(args);
    if (!call || this.closing || PREPARED_EACH_TIME.test(sql)) return Reflect.apply(super.run, this, [sql, ...args]) as this;
    this.statement(sql).then(
      (statement) => statement.run(call.params, call.callback),
      (error: Error) => call.callback.call({ lastID: 0, changes: 0 } as sqlite3.RunResult, error),
    );
    return this;
  }

  /** The connection cannot close while statements are prepared: they are finalized first. */
  override close(callback?: (error: Error | null) => void): void {
    this.closing = true;
    const open = [...this.statements.values()];
    this.statements.clear();
    const finalized = open.map((ready) => ready.then((statement) => new Promise<void>((done) => statement.finalize(() => done()))));
    void Promise.allSettled(finalized).then(() => super.close(callback));
  }

  private statement(sql: string): Promise<sqlite3.Statement> {
    const kept = this.statements.get(sql);
    if (kept) {
      // Most recently used last: the first entry is the one to drop when the map is full.
      this.statements.delete(sql);
      this.statements.set(sql, kept);
      return kept;
    }
    const ready = new Promise<sqlite3.Statement>((resolve, reject) => {
      const statement: sqlite3.Statement = this.prepare(sql, (error: Error | null) => {
        if (!error) return resolve(statement);
        this.statements.delete(sql);
        reject(error);
      });
    });
    this.statements.set(sql, ready);
    if (this.statements.size > MAX_STATEMENTS) this.dropOldest();
    return ready;
  }

  private dropOldest(): void {
    const [sql, ready] = this.statements.entries().next().value as [string, Promise<sqlite3.Statement>];
    this.statements.delete(sql);
    // sqlite3 finalizes after the calls already queued on the statement.
    ready.then(
      (statement) => statement.finalize(),
      () => undefined,
    );
  }
}

/** `(params, callback)` or `(callback)`: the two ways TypeORM calls; anything else goes to sqlite3 unchanged. */
function splitCall(args: unknown[]): { params: unknown[]; callback: Callback } | undefined {
  const callback = args[args.length - 1];
  if (typeof callback !== 'function') return undefined;
  const params = args.length === 2 && Array.isArray(args[0]) ? args[0] : args.length === 1 ? [] : undefined;
  return params ? { params, callback: callback as Callback } : undefined;
}

/**
 * The sqlite3 driver as TypeORM should load it:
 * - connections reuse their prepared statements (StatementReusingDatabase);
 * - `verbose()` changes nothing. TypeORM calls it on the driver it loads, which
 *   switches on sqlite3's long stack traces for the whole process: every call
 *   then captures a stack and `util.inspect`s its SQL and parameters, whether
 *   or not it fails. That cost a sixth of the CPU of a read (profile of
 *   GET /user/quota). Errors still carry their SQL through TypeORM's
 *   QueryFailedError.
 */
export const sqlite3ForTypeOrm = Object.create(sqlite3, {
  Database: { value: StatementReusingDatabase },
  verbose: { value: () => sqlite3ForTypeOrm },
}) as typeof sqlite3;

type EscapeQuery = (sql: string, parameters: ObjectLiteral, nativeParameters: ObjectLiteral) => [string, unknown[]];

/**
 * Makes TypeORM's SQLite driver bind number parameters instead of writing
 * them into the SQL. It writes `:id` as `5` (`WHERE id = 5`), so every id,
 * timestamp or size made a statement text of its own: the prepared-statement
 * cache (StatementReusingDatabase) prepared it again, kept it, and pushed the
 * statements that do repeat out of the cache. Bound, `WHERE id = ?` is one
 * statement for every id, as on PostgreSQL.
 *
 * The driver passes values it does not know on as they are: a number is
 * handed to it boxed (a Number object) and unboxed in the parameter list.
 */
export function bindNumberParameters(driver: { escapeQueryWithParameters: EscapeQuery }): void {
  const escape = driver.escapeQueryWithParameters.bind(driver);
  driver.escapeQueryWithParameters = (sql, parameters, nativeParameters) => {
    const boxed: ObjectLiteral = {};
    for (const [key, value] of Object.entries(parameters ?? {})) boxed[key] = typeof value === 'number' ? new Number(value) : value;
    const [text, values] = escape(sql, boxed, nativeParameters);
    return [text, values.map((value) => (value instanceof Number ? value.valueOf() : value))];
  };
}

/** What recoverFailedBegins needs of TypeORM's SQLite query runner. */
interface TransactionStarter {
  isTransactionActive: boolean;
  transactionDepth: number;
  startTransaction(isolationLevel?: IsolationLevel): Promise<void>;
}

/**
 * TypeORM's SQLite query runner marks itself in a transaction before it sends
 * BEGIN, and leaves the mark when BEGIN fails. Since transactions begin
 * IMMEDIATE, BEGIN fails (SQLITE_BUSY) when another process holds the write
 * lock past the busy timeout; the one query runner the whole process shares
 * then believed a transaction was open that SQLite never began, and every
 * transaction after it waited for it to end: the server hung. The failed
 * transaction must fail alone, so the mark is taken back.
 */
export function recoverFailedBegins(driver: { createQueryRunner(mode: 'master'): unknown }): void {
  const runner = driver.createQueryRunner('master') as TransactionStarter;
  const start = runner.startTransaction.bind(runner);
  runner.startTransaction = async (isolationLevel) => {
    const outermost = runner.transactionDepth === 0;
    try {
      await start(isolationLevel);
    } catch (error) {
      if (outermost && runner.transactionDepth === 0) runner.isTransactionActive = false;
      throw error;
    }
  };
}
