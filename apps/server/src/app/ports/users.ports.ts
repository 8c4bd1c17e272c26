import { EmailAddressStore, UserBlockStore } from '@bellows/domain';
import { bindPort } from './bind-port';

/** Users' own things beside the account: added e-mail addresses, blocked users. */
export const USERS_PORTS = [bindPort(EmailAddressStore, (db) => db.emailAddresses), bindPort(UserBlockStore, (db) => db.userBlocks)];
