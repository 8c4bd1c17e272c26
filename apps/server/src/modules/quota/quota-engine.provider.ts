import { Provider } from '@nestjs/common';
import { QuotaEngine } from '@bellows/domain';
import { Database } from '@bellows/persistence-typeorm';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';

/** The domain's QuotaEngine over the persistence adapter's ports and `[quota]` settings. */
export const quotaEngineProvider: Provider = {
  provide: QuotaEngine,
  inject: [Database, CONFIG],
  useFactory: (db: Database, config: BellowsConfig) =>
    new QuotaEngine(db.quotaUsage, db.quotaLimits, { defaultGroups: config.quota.defaultGroups, defaultTotal: config.quota.defaultTotal }),
};
