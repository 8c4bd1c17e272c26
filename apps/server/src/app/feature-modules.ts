import { HealthModule } from '../modules/health/health.module';
import { AccountsModule } from '../modules/accounts/accounts.module';
import { AuthModule } from '../modules/auth/auth.module';
import { QuotaModule } from '../modules/quota/quota.module';

/**
 * The feature modules the server is made of: one per area of the forge.
 * Add a module here to mount its routes.
 */
export const FEATURE_MODULES = [HealthModule, AuthModule, AccountsModule, QuotaModule];
