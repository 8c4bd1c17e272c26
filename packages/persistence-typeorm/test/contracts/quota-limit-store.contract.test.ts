import { quotaLimitStoreContract } from '../../../domain/test/contracts/quota-limit-store.contract';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner } from '../support/quota-fixtures';

describeEachEngine('TypeOrmQuotaLimitStore keeps the QuotaLimitStore contract', (ctx) => {
  quotaLimitStoreContract(() => ({ store: ctx().db.quotaLimits, newOwnerId: async () => (await insertOwner(ctx().db)).id }));
});
