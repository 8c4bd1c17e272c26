import { Provider } from '@nestjs/common';
import { QuotaEngine, QuotaLimitStore, QuotaUsageReader } from '@bellows/domain';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';

/** The domain's QuotaEngine over its two ports and the `[quota]` settings. */
export const quotaEngineProvider: Provider = {
  provide: QuotaEngine,
  inject: [QuotaUsageReader, QuotaLimitStore, CONFIG],
  useFactory: (usage: QuotaUsageReader, limits: QuotaLimitStore, config: BellowsConfig) =>
    new QuotaEngine(usage, limits, { defaultGroups: config.quota.defaultGroups, defaultTotal: config.quota.defaultTotal }),
};
