import { ForbiddenException, Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import {
  AccessToken,
  AccessTokenStore,
  apiScopesOfGrant,
  OAuth2GrantStore,
  Owner,
  OwnerStore,
  parseTokenScopes,
  TokenScope,
} from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { Authenticate } from '../../http/auth/authenticate';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { authenticateBasic, BellowsBasicStrategy } from './basic-auth.strategy';
import { hashOAuth2Value, isOAuth2AccessToken } from '../oauth2/oauth2-secrets';
import { mayActAsAnotherUser } from './token-scope-limits';
import { tokenValueMatches } from './token-secret';
import { TotpCodeVerdict, TotpSecrets } from './two-factor';
import { VerifiedPasswords } from './verified-passwords';

/** The 401's message for a wrong login or password (the other refusal is an account that may not sign in). */
export const WRONG_CREDENTIALS = 'invalid username or password';

/** Timestamps of use are refreshed at most this often, so busy clients do not write on every request. */
const USAGE_RECORD_INTERVAL_MS = 60_000;

/** Basic passwords git clients send when the username carries the token instead. */
const TOKEN_IN_USERNAME_PASSWORDS = new Set(['', 'x-oauth-basic']);

/** How a request may be authenticated, beyond the usual credentials. */
export interface AuthenticationOptions {
  /**
   * Whether a user with two-factor sign-in on may sign in with a password and
   * a one-time code (default true). Git over HTTP says no: one git command
   * makes several requests with the same credentials, and a code is accepted
   * once, so there such users sign in with a token (Forgejo refuses them alike).
   */
  passwordWithOneTimeCode?: boolean;
}

interface FoundToken {
  user: Owner;
  scopes: readonly TokenScope[];
  /** The personal access token's id (none for an OAuth2 access token). */
  tokenId?: number;
}

/** Parsed scope lists by their stored text: a few distinct lists serve every request, so each is parsed once. */
const parsedScopes = new Map<string, readonly TokenScope[]>();
const MAX_PARSED_SCOPE_LISTS = 1000;

function scopesOf(stored: string): readonly TokenScope[] {
  let scopes = parsedScopes.get(stored);
  if (!scopes) {
    scopes = Object.freeze(parseTokenScopes(stored));
    if (parsedScopes.size < MAX_PARSED_SCOPE_LISTS) parsedScopes.set(stored, scopes);
  }
  return scopes;
}

/**
 * Works out who is calling from the credentials on a request, in Forgejo's
 * order: `Authorization` (token/Bearer/Basic), then `?token=`/`?access_token=`
 * (accepted with no deprecation header and no setting to refuse them), then the
 * reverse-proxy header when enabled. `Sudo` is applied last. No credentials
 * means an anonymous caller (undefined); wrong credentials are a 401, never a
 * silent fall-back to anonymous.
 */
@Injectable()
export class Authenticator implements Authenticate {
  private readonly basic = new BellowsBasicStrategy((request, username, secret) => this.checkBasic(request, username, secret, true));
  /** Basic for git over HTTP: no password sign-in for a user with two-factor on. */
  private readonly basicWithoutOneTimeCode = new BellowsBasicStrategy((request, username, secret) =>
    this.checkBasic(request, username, secret, false),
  );
  private readonly totp: TotpSecrets;
  /** Git sends the same password with each of a command's requests: scrypt runs once for them. */
  private readonly passwords = new VerifiedPasswords();

  constructor(
    private readonly owners: OwnerStore,
    private readonly tokens: AccessTokenStore,
    private readonly oauth2Grants: OAuth2GrantStore,
    @Inject(CONFIG) private readonly config: BellowsConfig,
  ) {
    this.totp = new TotpSecrets(config.security.secretKey, (userId, step) => owners.recordTotpUse(userId, step));
  }

  async authenticate(request: FastifyRequest, options: AuthenticationOptions = {}): Promise<Actor | undefined> {
    const actor = (await this.byCredentials(request, options)) ?? (await this.byReverseProxy(request));
    return this.applySudo(actor, request);
  }

  private async byCredentials(request: FastifyRequest, options: AuthenticationOptions): Promise<Actor | undefined> {
    const authorization = request.headers.authorization;
    if (authorization) {
      const [scheme, ...rest] = authorization.trim().split(/\s+/);
      switch (scheme.toLowerCase()) {
        case 'token':
        case 'bearer':
          return this.byToken(rest.join(' '), 'token');
        case 'basic':
          return authenticateBasic(options.passwordWithOneTimeCode === false ? this.basicWithoutOneTimeCode : this.basic, request);
        default:
          throw new UnauthorizedException(`unsupported authorization scheme "${scheme}"`);
      }
    }
    const query = (request.query ?? {}) as Record<string, unknown>;
    const queryToken = firstString(query.token) ?? firstString(query.access_token);
    return queryToken !== undefined ? this.byToken(queryToken, 'token') : undefined;
  }

  private async byToken(value: string, method: 'token' | 'basic-token'): Promise<Actor> {
    const found = await this.findToken(value);
    if (!found) throw new UnauthorizedException('invalid access token');
    return { user: found.user, method, scopes: found.scopes, tokenId: found.tokenId };
  }

  /**
   * The Basic handler, used by every route that accepts Basic (API, git,
   * packages). A token as password (or as username, with an empty password)
   * signs in by token; otherwise it is a password sign-in, which for a user
   * with TOTP on also needs the current code, used up by this sign-in (or is
   * refused outright where `oneTimeCodes` is false): the two-factor check lives
   * here so that no Basic route can skip it.
   */
  private async checkBasic(request: FastifyRequest, username: string, secret: string, oneTimeCodes: boolean): Promise<Actor> {
    if (TOKEN_IN_USERNAME_PASSWORDS.has(secret)) return this.byToken(username, 'basic-token');
    const token = await this.findToken(secret);
    if (token) {
      if (username !== '' && username.toLowerCase() !== 'oauth2' && token.user.lowerName !== username.toLowerCase()) {
        throw new UnauthorizedException('token does not belong to the given user');
      }
      return { user: token.user, method: 'basic-token', scopes: token.scopes, tokenId: token.tokenId };
    }
    const user = await this.userWithPassword(username, secret);
    if (user.totpEnabled && !oneTimeCodes) {
      throw new UnauthorizedException(
        'two-factor authentication is enabled: use an access token as the password here (a one-time code serves one request, a git command makes several)',
      );
    }
    await this.totp.requireCode(user, request.headers);
    await this.recordLogin(user);
    return { user, method: 'basic-password', scopes: null };
  }

  /**
   * The password half of every password sign-in (Basic here, the browser's
   * sign-in form in modules/web-sessions): the user `login` names (user name
   * or e-mail address) when the password is theirs and they may sign in;
   * otherwise 401. The second factor is the caller's: `requireCode` for
   * Basic's header, `consumeOneTimeCode` for a form's field.
   */
  async userWithPassword(login: string, password: string): Promise<Owner> {
    const user = await this.findUserByLogin(login);
    if (!user || !user.passwordHash || !(await this.passwords.verify(user.id, password, user.passwordHash))) {
      throw new UnauthorizedException(WRONG_CREDENTIALS);
    }
    assertMaySignIn(user);
    return user;
  }

  /** A one-time code offered as the second factor of `user`'s password sign-in: used up when accepted (see TotpSecrets.consume). */
  consumeOneTimeCode(user: Owner, code: string): Promise<TotpCodeVerdict> {
    return this.totp.consume(user, code);
  }

  /** Notes a completed sign-in on the user's row (at most once a minute). */
  async recordSignIn(user: Owner): Promise<void> {
    await this.recordLogin(user);
  }

  /** Basic's username may be the user name or, as in Forgejo, the e-mail address. */
  private async findUserByLogin(login: string): Promise<Owner | null> {
    const user = login.includes('@') ? await this.owners.findUserByEmail(login) : await this.owners.findByName(login);
    return user?.kind === 'user' ? user : null;
  }

  /**
   * `[service] ENABLE_REVERSE_PROXY_AUTHENTICATION_API`: the proxy in front
   * has authenticated the user and names them in a header. Off by default,
   * and then the header is ignored entirely. When on, the proxy must also
   * protect against cross-site request forgery.
   */
  private async byReverseProxy(request: FastifyRequest): Promise<Actor | undefined> {
    if (!this.config.service.enableReverseProxyAuthenticationApi) return undefined;
    const headerName = this.config.security.reverseProxyAuthenticationUser.toLowerCase();
    const name = firstString(request.headers[headerName])?.trim();
    if (!name) return undefined;
    const user = await this.owners.findByName(name);
    if (!user || user.kind !== 'user') throw new UnauthorizedException(`reverse proxy user "${name}" does not exist`);
    assertMaySignIn(user);
    return { user, method: 'reverse-proxy', scopes: null };
  }

  /**
   * `Sudo` header or `sudo` query parameter: a site administrator acts as the
   * named user. Forgejo lets any admin credential do this; the scope list has a
   * `sudo` scope, so a token must hold `sudo` or `all` (everything) to use it:
   * an admin can still hand out narrow tokens that cannot impersonate. The
   * token's scopes keep limiting what the impersonated request may do.
   */
  private async applySudo(actor: Actor | undefined, request: FastifyRequest): Promise<Actor | undefined> {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const target = (firstString(query.sudo) ?? firstString(request.headers.sudo))?.trim();
    if (!target) return actor;
    if (!actor?.user.isAdmin) throw new ForbiddenException('only site administrators may use Sudo');
    if (!mayActAsAnotherUser(actor.scopes)) {
      throw new ForbiddenException('token does not have at least one of required scope(s): [sudo]');
    }
    const user = await this.owners.findByName(target);
    if (!user || user.kind !== 'user') throw new NotFoundException(`user "${target}" does not exist`);
    return { ...actor, user, realUser: actor.user };
  }

  private async findToken(value: string): Promise<FoundToken | null> {
    if (isOAuth2AccessToken(value)) return this.findOAuth2Token(value);
    if (value.length < 8) return null;
    for (const candidate of await this.tokens.findByLastEight(value.slice(-8))) {
      if (!tokenValueMatches(value, candidate)) continue;
      const user = await this.owners.findById(candidate.ownerId);
      if (!user) return null;
      assertMaySignIn(user);
      await this.recordTokenUse(candidate);
      return { user, scopes: scopesOf(candidate.scopes), tokenId: candidate.id };
    }
    return null;
  }

  /**
   * An access token the OAuth2 provider issued: valid while unexpired and while
   * its grant stands (deleting the application deletes it), with the API
   * scopes of the grant (all, unless the user granted narrower ones).
   */
  private async findOAuth2Token(value: string): Promise<FoundToken | null> {
    const grant = await this.oauth2Grants.findGrantOfToken(hashOAuth2Value(value), 'access', new Date());
    if (!grant) return null;
    const user = await this.owners.findById(grant.userId);
    if (!user) return null;
    assertMaySignIn(user);
    return { user, scopes: scopesOf(apiScopesOfGrant(grant.scope).join(',')) };
  }

  private async recordTokenUse(token: AccessToken): Promise<void> {
    const now = new Date();
    if (token.lastUsedAt && now.getTime() - token.lastUsedAt.getTime() < USAGE_RECORD_INTERVAL_MS) return;
    await this.tokens.markUsed(token.id, now);
  }

  private async recordLogin(user: Owner): Promise<void> {
    const now = new Date();
    if (user.lastLoginAt && now.getTime() - user.lastLoginAt.getTime() < USAGE_RECORD_INTERVAL_MS) return;
    await this.owners.recordLogin(user.id, now);
    user.lastLoginAt = now;
  }
}

function assertMaySignIn(user: Owner): void {
  if (!user.isActive || user.prohibitLogin) throw new UnauthorizedException('this account may not sign in');
}

function firstString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}
