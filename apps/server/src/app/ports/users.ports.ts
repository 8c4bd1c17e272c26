import { EmailAddressStore } from '@bellows/domain';
import { bindPort } from './bind-port';

/** Users' own things beside the account: added e-mail addresses. */
export const USERS_PORTS = [bindPort(EmailAddressStore, (db) => db.emailAddresses)];
