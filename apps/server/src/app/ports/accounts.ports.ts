import { OwnerStore } from '@bellows/domain';
import { bindPort } from './bind-port';

/** Users, organizations, teams and access tokens. */
export const ACCOUNTS_PORTS = [bindPort(OwnerStore, (db) => db.owners)];
