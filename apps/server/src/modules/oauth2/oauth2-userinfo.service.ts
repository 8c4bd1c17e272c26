import { Inject, Injectable } from '@nestjs/common';
import { OAuth2GrantStore, Owner, OwnerStore, TeamStore } from '@bellows/domain';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { avatarUrl } from '../accounts/dto/user.dto';
import { hashOAuth2Value, isOAuth2AccessToken } from './oauth2-secrets';

/** Forgejo's userinfo answer (OpenID Connect standard claims it fills). */
export interface UserInfo {
  sub: string;
  name: string;
  preferred_username: string;
  email: string;
  picture: string;
  groups: string[];
}

/** Teams a user may be in; more than this many are not named in `groups`. */
const MAX_GROUP_TEAMS = 1000;

/**
 * `/login/oauth/userinfo`: who the holder of an OAuth2 access token acts for.
 * Only the provider's own access tokens are accepted, as in Forgejo (a personal
 * access token is no OpenID Connect grant).
 */
@Injectable()
export class OAuth2UserInfoService {
  constructor(
    private readonly grants: OAuth2GrantStore,
    private readonly owners: OwnerStore,
    private readonly teams: TeamStore,
    @Inject(CONFIG) private readonly config: BellowsConfig,
  ) {}

  /** The user of a valid access token, or null (unknown, expired or revoked token, or not an OAuth2 token). */
  async userOf(accessToken: string): Promise<Owner | null> {
    if (!isOAuth2AccessToken(accessToken)) return null;
    const grant = await this.grants.findGrantOfToken(hashOAuth2Value(accessToken), 'access', new Date());
    const user = grant ? await this.owners.findById(grant.userId) : null;
    return user && user.isActive && !user.prohibitLogin ? user : null;
  }

  /**
   * The claims of an ID token for the grant's scope, as Forgejo fills them:
   * `profile` adds the profile, `email` the address, `groups` the groups.
   */
  async idTokenClaims(user: Owner, scope: readonly string[]): Promise<Record<string, unknown>> {
    const claims: Record<string, unknown> = {};
    if (scope.includes('profile')) {
      Object.assign(claims, {
        name: user.fullName || user.name,
        preferred_username: user.name,
        profile: `${this.config.server.rootUrl}${encodeURIComponent(user.name)}`,
        picture: avatarUrl(user, { rootUrl: this.config.server.rootUrl }),
        website: user.website,
        updated_at: Math.floor(user.updatedAt.getTime() / 1000),
      });
    }
    if (scope.includes('email')) Object.assign(claims, { email: user.email, email_verified: user.isActive });
    if (scope.includes('groups')) claims.groups = await this.groupsOf(user);
    return claims;
  }

  /** The claims, with `groups` as Forgejo names them: each organization, and `org:team` for each team the user is in. */
  async describe(user: Owner): Promise<UserInfo> {
    return {
      sub: String(user.id),
      name: user.fullName || user.name,
      preferred_username: user.name,
      email: user.email,
      picture: avatarUrl(user, { rootUrl: this.config.server.rootUrl }),
      groups: await this.groupsOf(user),
    };
  }

  private async groupsOf(user: Owner): Promise<string[]> {
    const [teams] = await this.teams.listForUser(user.id, 0, MAX_GROUP_TEAMS);
    const orgNames = new Map<number, string>();
    for (const orgId of new Set(teams.map((team) => team.orgId))) {
      const org = await this.owners.findById(orgId);
      if (org) orgNames.set(orgId, org.name);
    }
    const groups: string[] = [];
    for (const [orgId, orgName] of orgNames) {
      groups.push(orgName);
      for (const team of teams) if (team.orgId === orgId) groups.push(`${orgName}:${team.lowerName}`);
    }
    return groups;
  }
}
