import { OwnerStore } from './accounts/owner-store';

/**
 * The stores as seen inside one transaction. Each field is a port; add a store
 * here when its port exists, so use cases can change it atomically with others.
 */
export interface TransactionStores {
  owners: OwnerStore;
}

/**
 * Port: a transaction boundary. `run` gives `work` the stores bound to one
 * transaction: everything `work` writes is stored, or nothing is (it throws).
 */
export abstract class UnitOfWork {
  abstract run<T>(work: (stores: TransactionStores) => Promise<T>): Promise<T>;
}
