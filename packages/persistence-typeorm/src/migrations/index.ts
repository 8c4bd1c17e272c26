import { Accounts1763800000000 } from './1763800000000-accounts';

/** Every migration, oldest first. Add new ones at the end. */
export const MIGRATIONS = [Accounts1763800000000];
