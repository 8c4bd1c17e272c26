import { quotaLimitStoreContract } from '../contracts/quota-limit-store.contract';
import { InMemoryLimitStore } from './in-memory-quota-ports';

/** The fake the domain's tests use keeps the same contract as the TypeORM adapter. */
describe('InMemoryLimitStore keeps the QuotaLimitStore contract', () => {
  let store: InMemoryLimitStore;
  let nextOwner = 0;
  beforeEach(() => {
    store = new InMemoryLimitStore();
  });
  quotaLimitStoreContract(() => ({ store, newOwnerId: async () => ++nextOwner }));
});
