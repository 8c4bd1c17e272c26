import { ACCOUNTS_PORTS } from './accounts.ports';
import { QUOTA_PORTS } from './quota.ports';
import { TRANSACTION_PORTS } from './transactions.ports';

/**
 * Every port bound to its adapter, one file per area. CoreModule provides and
 * exports them to every feature module; use cases inject the port.
 */
export const PORT_PROVIDERS = [...TRANSACTION_PORTS, ...ACCOUNTS_PORTS, ...QUOTA_PORTS];
