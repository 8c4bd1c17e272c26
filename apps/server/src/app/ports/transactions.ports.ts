import { TransactionStores, UnitOfWork } from '@bellows/domain';
import { Database } from '@bellows/persistence-typeorm';
import { bindPort } from './bind-port';

/** The unit of work on TypeORM: the transaction's Database holds every store, bound to that transaction. */
class DatabaseUnitOfWork extends UnitOfWork {
  constructor(private readonly db: Database) {
    super();
  }

  run<T>(work: (stores: TransactionStores) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }
}

export const TRANSACTION_PORTS = [bindPort(UnitOfWork, (db) => new DatabaseUnitOfWork(db))];
