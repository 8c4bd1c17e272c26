import { AccessTokenStore, OwnerStore, TeamMemberStore, TeamStore } from '@bellows/domain';
import { bindPort } from './bind-port';

/** Users, organizations, teams and access tokens. */
export const ACCOUNTS_PORTS = [
  bindPort(OwnerStore, (db) => db.owners),
  bindPort(TeamStore, (db) => db.teams),
  bindPort(TeamMemberStore, (db) => db.teamMembers),
  bindPort(AccessTokenStore, (db) => db.accessTokens),
];
