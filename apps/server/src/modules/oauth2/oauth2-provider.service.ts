import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { OAuth2Application, OAuth2ApplicationStore, OAuth2Grant, OAuth2GrantStore, OwnerStore } from '@bellows/domain';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { Actor } from '../../http/auth/actor';
import { tokenValueMatches } from '../auth/token-secret';
import { ConsentRequest, ConsentSigner } from './consent';
import { OAuth2Error } from './oauth2-provider.errors';
import { hashOAuth2Value, newAccessTokenValue, newAuthorizationCodeValue, newRefreshTokenValue } from './oauth2-secrets';
import { isCodeChallengeMethod, verifierAnswersChallenge } from './pkce';
import { isRegisteredRedirectUri } from './redirect-uri';
import { OAuth2UserInfoService } from './oauth2-userinfo.service';
import { OidcSigningKey } from './oidc-signing-key';

/** RFC 6749 section 4.1.2 asks for at most ten minutes. */
const CODE_LIFETIME_MS = 10 * 60 * 1000;

/** The parameters of `GET /login/oauth/authorize`. */
export interface AuthorizationParameters {
  client_id?: string;
  redirect_uri?: string;
  response_type?: string;
  state?: string;
  scope?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  nonce?: string;
}

/** The fields of `POST /login/oauth/access_token` (form or JSON; client credentials also by Basic). */
export interface TokenRequest {
  grant_type?: string;
  client_id?: string;
  client_secret?: string;
  redirect_uri?: string;
  code?: string;
  code_verifier?: string;
  refresh_token?: string;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  refresh_token: string;
  /** When the grant's scope has `openid`: the OpenID Connect ID token, signed RS256. */
  id_token?: string;
}

/** What the authorization endpoint answers: back to the client, or the consent page. */
export type AuthorizationOutcome =
  { kind: 'redirect'; location: string } | { kind: 'consent'; application: OAuth2Application; request: ConsentRequest; consent: string };

/** An authorization error that goes back to the client on its redirect URI. */
export class RedirectedOAuth2Error extends Error {
  constructor(readonly location: string) {
    super('authorization refused');
  }
}

/**
 * The OAuth2 provider: the authorization code flow with PKCE, as Forgejo
 * offers it (routers/web/auth/oauth.go), with opaque tokens stored hashed.
 */
@Injectable()
export class OAuth2ProviderService {
  private readonly consents: ConsentSigner;
  /** `[oauth2] ACCESS_TOKEN_EXPIRATION_TIME` (seconds) and `REFRESH_TOKEN_EXPIRATION_TIME` (hours), as in Forgejo. */
  private readonly accessTokenLifetimeS: number;
  private readonly refreshTokenLifetimeS: number;
  private readonly rootUrl: string;

  constructor(
    private readonly applications: OAuth2ApplicationStore,
    private readonly grants: OAuth2GrantStore,
    private readonly owners: OwnerStore,
    private readonly userInfo: OAuth2UserInfoService,
    private readonly signingKey: OidcSigningKey,
    @Inject(CONFIG) config: BellowsConfig,
  ) {
    this.rootUrl = config.server.rootUrl;
    this.consents = new ConsentSigner(config.security.secretKey);
    this.accessTokenLifetimeS = config.oauth2.accessTokenExpirationSeconds;
    this.refreshTokenLifetimeS = config.oauth2.refreshTokenExpirationHours * 3600;
  }

  /**
   * Checks an authorization request. Problems with the client or redirect URI
   * are answered to the browser (OAuth2Error, 400): sending the user to an
   * unregistered address would make Bellows an open redirector. Later problems
   * go back to the client on its redirect URI. A confidential client the user
   * granted before gets a code straight away; otherwise the user is asked.
   */
  async authorize(actor: Actor, parameters: AuthorizationParameters): Promise<AuthorizationOutcome> {
    const application = await this.applications.findByClientId(parameters.client_id ?? '');
    if (!application) throw new OAuth2Error('unauthorized_client', 'Client ID not registered');
    const redirectUri = parameters.redirect_uri ?? '';
    if (!isRegisteredRedirectUri(application.redirectUris, redirectUri, application.confidentialClient)) {
      throw new OAuth2Error('invalid_request', 'Unregistered Redirect URI');
    }
    const state = parameters.state ?? '';
    const refuse = (error: OAuth2Error) => new RedirectedOAuth2Error(errorRedirect(redirectUri, error, state));
    if (parameters.response_type !== 'code')
      throw refuse(new OAuth2Error('unsupported_response_type', 'Only code response type is supported.'));
    const method = parameters.code_challenge_method ?? '';
    if (method === '' && !application.confidentialClient)
      throw refuse(new OAuth2Error('invalid_request', 'PKCE is required for public clients'));
    if (method !== '' && !isCodeChallengeMethod(method))
      throw refuse(new OAuth2Error('invalid_request', 'unsupported code challenge method'));
    assertMayGrant(actor);
    const request: ConsentRequest = {
      clientId: application.clientId,
      redirectUri,
      state,
      scope: parameters.scope ?? '',
      codeChallenge: method === '' ? '' : (parameters.code_challenge ?? ''),
      codeChallengeMethod: method,
      nonce: parameters.nonce ?? '',
      userId: actor.user.id,
    };
    const grant = await this.grants.findGrant(application.id, actor.user.id);
    // RFC 6749 section 10.2: only a confidential client may skip the question once granted.
    if (application.confidentialClient && grant) return { kind: 'redirect', location: await this.codeRedirect(grant, request) };
    return { kind: 'consent', application, request, consent: this.consents.sign(request) };
  }

  /**
   * The user's answer on the consent page. The signed consent token must come
   * back with it, for this user; the form's other fields must agree with it.
   */
  async grant(actor: Actor, form: Record<string, string | undefined>): Promise<string> {
    assertMayGrant(actor);
    const request = this.consents.verify(form.consent ?? '', actor.user.id);
    if (!request || !sameWhereGiven(form, request)) {
      throw new OAuth2Error(
        'invalid_request',
        'the consent is missing, expired, or not for this request: ask the application to start again',
      );
    }
    const refuse = (error: OAuth2Error) => new RedirectedOAuth2Error(errorRedirect(request.redirectUri, error, request.state));
    if (form.granted !== 'true') throw refuse(new OAuth2Error('access_denied', 'the request is denied'));
    const application = await this.applications.findByClientId(request.clientId);
    if (!application) throw refuse(new OAuth2Error('unauthorized_client', 'Client ID not registered'));
    const grant = await this.grants.grantFor(application.id, actor.user.id, request.scope);
    if (grant.scope !== request.scope) throw refuse(new OAuth2Error('server_error', 'a grant exists with different scope'));
    return this.codeRedirect(grant, request);
  }

  /** `POST /login/oauth/access_token`: the authorization_code and refresh_token grants. */
  async token(request: TokenRequest): Promise<TokenResponse> {
    switch (request.grant_type) {
      case 'authorization_code':
        return this.exchangeCode(request);
      case 'refresh_token':
        return this.refresh(request);
      default:
        throw new OAuth2Error('unsupported_grant_type', 'Only refresh_token or authorization_code grant type is supported');
    }
  }

  private async exchangeCode(request: TokenRequest): Promise<TokenResponse> {
    const application = await this.authenticatedClient(request, 'unauthorized_client');
    if (request.redirect_uri && !isRegisteredRedirectUri(application.redirectUris, request.redirect_uri, application.confidentialClient)) {
      throw new OAuth2Error('unauthorized_client', 'unexpected redirect URI');
    }
    // Taking the code deletes it: a second exchange of the same code finds nothing, whatever else fails below.
    const taken = await this.grants.takeCode(hashOAuth2Value(request.code ?? ''), new Date());
    if (!taken) throw new OAuth2Error('unauthorized_client', 'client is not authorized');
    if (!verifierAnswersChallenge(taken.code.codeChallengeMethod, taken.code.codeChallenge, request.code_verifier ?? '')) {
      throw new OAuth2Error('unauthorized_client', 'failed PKCE code challenge');
    }
    if (taken.code.redirectUri !== '' && request.redirect_uri !== taken.code.redirectUri) {
      throw new OAuth2Error('unauthorized_client', 'redirect_uri does not match the authorization request');
    }
    if (taken.grant.applicationId !== application.id) throw new OAuth2Error('invalid_grant', 'invalid grant');
    return this.issueTokens(taken.grant, application);
  }

  private async refresh(request: TokenRequest): Promise<TokenResponse> {
    const application = await this.authenticatedClient(request, 'invalid_client');
    const grant = await this.grants.takeRefreshToken(hashOAuth2Value(request.refresh_token ?? ''), new Date());
    if (!grant) throw new OAuth2Error('unauthorized_client', 'the refresh token is unknown, expired or was already used');
    if (grant.applicationId !== application.id) throw new OAuth2Error('invalid_grant', 'refresh token was not issued to this client');
    return this.issueTokens(grant, application);
  }

  /**
   * The client of the request; a confidential client must prove it with its
   * secret. Forgejo answers a wrong secret `unauthorized_client` when
   * exchanging a code and `invalid_client` when refreshing.
   */
  private async authenticatedClient(
    request: TokenRequest,
    wrongSecret: 'unauthorized_client' | 'invalid_client',
  ): Promise<OAuth2Application> {
    const clientId = request.client_id ?? '';
    const application = await this.applications.findByClientId(clientId);
    if (!application) throw new OAuth2Error('invalid_client', `cannot load client with client id: '${clientId}'`);
    if (application.confidentialClient) {
      const secret = request.client_secret ?? '';
      if (!secret) throw new OAuth2Error(wrongSecret, 'invalid empty client secret');
      if (!tokenValueMatches(secret, { tokenHash: application.clientSecretHash, tokenSalt: application.clientSecretSalt })) {
        throw new OAuth2Error(wrongSecret, 'invalid client secret');
      }
    }
    return application;
  }

  private async issueTokens(grant: OAuth2Grant, application: OAuth2Application): Promise<TokenResponse> {
    const accessToken = newAccessTokenValue();
    const refreshToken = newRefreshTokenValue();
    const now = Date.now();
    await this.grants.insertTokens([
      {
        grantId: grant.id,
        kind: 'access',
        tokenHash: hashOAuth2Value(accessToken),
        expiresAt: new Date(now + this.accessTokenLifetimeS * 1000),
      },
      {
        grantId: grant.id,
        kind: 'refresh',
        tokenHash: hashOAuth2Value(refreshToken),
        expiresAt: new Date(now + this.refreshTokenLifetimeS * 1000),
      },
    ]);
    const idToken = await this.idToken(grant, application, now);
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: this.accessTokenLifetimeS,
      refresh_token: refreshToken,
      ...(idToken ? { id_token: idToken } : {}),
    };
  }

  /** An ID token when the user granted `openid`, with the claims of the other granted OpenID scopes. */
  private async idToken(grant: OAuth2Grant, application: OAuth2Application, now: number): Promise<string | undefined> {
    const scope = grant.scope.split(/\s+/);
    if (!scope.includes('openid')) return undefined;
    const user = await this.owners.findById(grant.userId);
    if (!user) throw new OAuth2Error('invalid_grant', 'the user of the grant does not exist');
    const issuedAt = Math.floor(now / 1000);
    return this.signingKey.signJwt({
      iss: issuerOf(this.rootUrl),
      sub: String(user.id),
      aud: [application.clientId],
      exp: issuedAt + this.accessTokenLifetimeS,
      iat: issuedAt,
      ...(grant.nonce ? { nonce: grant.nonce } : {}),
      ...(await this.userInfo.idTokenClaims(user, scope)),
    });
  }

  private async codeRedirect(grant: OAuth2Grant, request: ConsentRequest): Promise<string> {
    if (request.nonce) await this.grants.setNonce(grant.id, request.nonce);
    const code = newAuthorizationCodeValue();
    await this.grants.insertCode({
      grantId: grant.id,
      codeHash: hashOAuth2Value(code),
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      codeChallengeMethod: request.codeChallengeMethod,
      expiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
    });
    return withQuery(request.redirectUri, { code, state: request.state });
  }
}

/**
 * Granting access hands an application the user's account, so it takes the
 * user's own sign-in (password, or the reverse proxy's), not a token: a token
 * limited to some scopes must not be able to mint a broader one.
 */
function assertMayGrant(actor: Actor): void {
  if (actor.method !== 'basic-password' && actor.method !== 'reverse-proxy') {
    throw new ForbiddenException('sign in with your password to grant an application access to your account');
  }
}

/** The consent form's visible fields, where present, must be those of the signed request (Forgejo checks them against the session). */
function sameWhereGiven(form: Record<string, string | undefined>, request: ConsentRequest): boolean {
  const pairs: [string | undefined, string][] = [
    [form.client_id, request.clientId],
    [form.redirect_uri, request.redirectUri],
    [form.state, request.state],
    [form.scope, request.scope],
  ];
  return pairs.every(([given, signed]) => given === undefined || given === signed);
}

/** The OpenID issuer: ROOT_URL without its final slash, as Forgejo says it. */
export function issuerOf(rootUrl: string): string {
  return rootUrl.replace(/\/$/, '');
}

function errorRedirect(redirectUri: string, error: OAuth2Error, state: string): string {
  return withQuery(redirectUri, { error: error.code, error_description: error.description, state });
}

function withQuery(uri: string, parameters: Record<string, string>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  return url.toString();
}
