import { AccessTokenStore, FollowStore, OwnerStore, PublicMemberStore, SshKeyStore, TeamMemberStore, TeamStore } from '@bellows/domain';
import { bindPort } from './bind-port';

/** Users, organizations, teams, access tokens, SSH keys and follows. */
export const ACCOUNTS_PORTS = [
  bindPort(OwnerStore, (db) => db.owners),
  bindPort(TeamStore, (db) => db.teams),
  bindPort(TeamMemberStore, (db) => db.teamMembers),
  bindPort(AccessTokenStore, (db) => db.accessTokens),
  bindPort(SshKeyStore, (db) => db.sshKeys),
  bindPort(FollowStore, (db) => db.follows),
  bindPort(PublicMemberStore, (db) => db.publicMembers),
];
