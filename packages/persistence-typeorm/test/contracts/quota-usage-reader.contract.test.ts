import { quotaUsageReaderContract } from '../../../domain/test/contracts/quota-usage-reader.contract';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner } from '../support/quota-fixtures';
import { storeSizedBytes } from '../support/sized-fixtures';

describeEachEngine('TypeOrmQuotaUsageReader keeps the QuotaUsageReader contract', (ctx) => {
  quotaUsageReaderContract(() => ({
    reader: ctx().db.quotaUsage,
    newOwnerId: async () => (await insertOwner(ctx().db)).id,
    store: (ownerId, bytes) => storeSizedBytes(ctx().db, ownerId, bytes),
  }));
});
