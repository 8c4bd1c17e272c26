import { OAuth2ApplicationStore, OAuth2GrantStore } from '@bellows/domain';
import { bindPort } from './bind-port';

/** OAuth2 applications, and users' grants to them with their codes and tokens. */
export const OAUTH2_PORTS = [
  bindPort(OAuth2ApplicationStore, (db) => db.oauth2Applications),
  bindPort(OAuth2GrantStore, (db) => db.oauth2Grants),
];
