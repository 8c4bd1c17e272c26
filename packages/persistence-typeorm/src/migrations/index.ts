import { Accounts1763800000000 } from './1763800000000-accounts';
import { Organizations1763800001000 } from './1763800001000-organizations';

/** Every migration, oldest first. Add new ones at the end. */
export const MIGRATIONS = [Accounts1763800000000, Organizations1763800001000];
