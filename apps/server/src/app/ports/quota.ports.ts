import {
  CountedObjects,
  LedgerCorrections,
  OwnerQuotaSummaryStore,
  QuotaLimitStore,
  QuotaOutbox,
  QuotaUsageReader,
  QuotaWarningStore,
} from '@bellows/domain';
import { QuotaSnapshotStore } from '@bellows/domain';
import { bindPort } from './bind-port';

/** The quota engine's ports and the listing of counted objects. */
export const QUOTA_PORTS = [
  bindPort(QuotaUsageReader, (db) => db.quotaUsage),
  bindPort(QuotaLimitStore, (db) => db.quotaLimits),
  bindPort(QuotaSnapshotStore, (db) => db.quotaSnapshots),
  bindPort(CountedObjects, (db) => db.countedObjects),
  bindPort(OwnerQuotaSummaryStore, (db) => db.ownerQuotaSummaries),
  bindPort(LedgerCorrections, (db) => db.ledgerCorrections),
  bindPort(QuotaOutbox, (db) => db.quotaOutbox),
  bindPort(QuotaWarningStore, (db) => db.quotaWarnings),
];
