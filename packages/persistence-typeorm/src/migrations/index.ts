import { Accounts1763800000000 } from './1763800000000-accounts';
import { Organizations1763800001000 } from './1763800001000-organizations';
import { QuotaLimits1763800003000 } from './1763800003000-quota-limits';
import { SizedRows1763800004000 } from './1763800004000-sized-rows';

/** Every migration, oldest first. Add new ones at the end. */
export const MIGRATIONS = [Accounts1763800000000, Organizations1763800001000, QuotaLimits1763800003000, SizedRows1763800004000];
