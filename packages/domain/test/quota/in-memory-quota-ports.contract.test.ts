import { InMemoryQuotaLimitStore } from '../../src/quota';
import { quotaLimitStoreContract } from '../contracts/quota-limit-store.contract';

/** The in-memory store the package exports keeps the same contract as the TypeORM adapter. */
describe('InMemoryQuotaLimitStore keeps the QuotaLimitStore contract', () => {
  let store: InMemoryQuotaLimitStore;
  let nextOwner = 0;
  beforeEach(() => {
    store = new InMemoryQuotaLimitStore();
  });
  quotaLimitStoreContract(() => ({ store, newOwnerId: async () => ++nextOwner }));
});
