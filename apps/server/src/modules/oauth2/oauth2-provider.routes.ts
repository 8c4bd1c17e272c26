import { Inject, Injectable, OnModuleInit, UnauthorizedException } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { apiDocsUrl } from '../../http/api-error.filter';
import { Actor } from '../../http/auth/actor';
import { sendRawRouteError } from '../../http/raw-route-errors';
import { mountRawRoutes, parseJsonBody } from '../../http/raw-routes';
import { Authenticator } from '../auth/authenticator';
import { consentHtml, consentJson, GRANT_PATH } from './consent-page';
import { OAuth2Error } from './oauth2-provider.errors';
import { AuthorizationParameters, issuerOf, OAuth2ProviderService, RedirectedOAuth2Error, TokenRequest } from './oauth2-provider.service';
import { OidcSigningKey } from './oidc-signing-key';
import { OAuth2UserInfoService } from './oauth2-userinfo.service';

/** The forms and JSON these routes read are small. */
const BODY_LIMIT = 64 * 1024;

type Fields = Record<string, string | undefined>;

/**
 * The OAuth2 provider's web routes, beside the API as in Forgejo:
 * `GET /login/oauth/authorize`, `POST /login/oauth/grant` (the consent
 * page's answer) and `POST /login/oauth/access_token`. Plain Fastify routes in
 * their own scope, which reads form-encoded and JSON bodies.
 */
@Injectable()
export class OAuth2ProviderRoutes implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly provider: OAuth2ProviderService,
    private readonly userInfo: OAuth2UserInfoService,
    private readonly signingKey: OidcSigningKey,
    private readonly authenticator: Authenticator,
    @Inject(CONFIG) private readonly config: BellowsConfig,
  ) {}

  onModuleInit(): void {
    const docsUrl = apiDocsUrl(this.config.server.rootUrl);
    mountRawRoutes(this.adapterHost, (scope) => {
      scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, parseJsonBody);
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: BODY_LIMIT },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body.toString()))),
      );
      scope.setErrorHandler((error, request, reply) => {
        if (error instanceof RedirectedOAuth2Error) return void reply.status(303).header('location', error.location).send();
        if (error instanceof OAuth2Error) return void sendOAuth2Error(reply, error);
        sendRawRouteError(error, request, reply, docsUrl);
      });
      this.mount(scope);
    });
  }

  private mount(scope: FastifyInstance): void {
    scope.get('/login/oauth/authorize', (request, reply) => this.authorize(request, reply));
    scope.post(GRANT_PATH, (request, reply) => this.grant(request, reply));
    scope.post('/login/oauth/access_token', (request, reply) => this.accessToken(request, reply));
    scope.get('/login/oauth/userinfo', (request, reply) => this.userinfo(request, reply));
    scope.post('/login/oauth/userinfo', (request, reply) => this.userinfo(request, reply));
    scope.get('/.well-known/openid-configuration', (_request, reply) => void reply.send(this.openIdConfiguration()));
    scope.get('/login/oauth/keys', (_request, reply) => void reply.send({ keys: [this.signingKey.publicJwk()] }));
  }

  private async authorize(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const actor = await this.signedIn(request);
    const outcome = await this.provider.authorize(actor, stringFields(request.query) as AuthorizationParameters);
    if (outcome.kind === 'redirect') return void reply.status(303).header('location', outcome.location).send();
    noStore(reply);
    if (prefersHtml(request)) {
      return void reply.status(200).header('content-type', 'text/html; charset=utf-8').send(consentHtml(outcome, actor.user.name));
    }
    reply.status(200).send(consentJson(outcome));
  }

  private async grant(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const actor = await this.signedIn(request);
    const location = await this.provider.grant(actor, stringFields(request.body));
    reply.status(303).header('location', location).send();
  }

  private async accessToken(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const fields = withBasicClientCredentials(stringFields(request.body), request.headers.authorization);
    const tokens = await this.provider.token(fields);
    noStore(reply);
    reply.status(200).send(tokens);
  }

  /** OpenID Connect userinfo for an OAuth2 access token (`Authorization: Bearer`, or `?access_token=`). */
  private async userinfo(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const user = await this.userInfo.userOf(presentedBearerToken(request));
    if (!user) {
      return void reply
        .status(401)
        .header('www-authenticate', 'Bearer realm=""')
        .header('content-type', 'text/plain; charset=utf-8')
        .send('no valid authorization');
    }
    noStore(reply);
    reply.status(200).send(await this.userInfo.describe(user));
  }

  /** OpenID Connect discovery: what the provider offers, at which addresses (Forgejo's document, less what Bellows lacks). */
  private openIdConfiguration() {
    const root = this.config.server.rootUrl;
    return {
      issuer: issuerOf(root),
      authorization_endpoint: `${root}login/oauth/authorize`,
      token_endpoint: `${root}login/oauth/access_token`,
      jwks_uri: `${root}login/oauth/keys`,
      userinfo_endpoint: `${root}login/oauth/userinfo`,
      response_types_supported: ['code'],
      id_token_signing_alg_values_supported: ['RS256'],
      subject_types_supported: ['public'],
      scopes_supported: ['openid', 'profile', 'email', 'groups'],
      claims_supported: [
        'aud',
        'exp',
        'iat',
        'iss',
        'sub',
        'name',
        'preferred_username',
        'profile',
        'picture',
        'website',
        'updated_at',
        'email',
        'email_verified',
        'groups',
      ],
      code_challenge_methods_supported: ['plain', 'S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
    };
  }

  /** The user the browser signs in as (Basic, or the reverse proxy): the browser asks for credentials on the 401. */
  private async signedIn(request: FastifyRequest): Promise<Actor> {
    const actor = await this.authenticator.authenticate(request);
    if (!actor) throw new UnauthorizedException('sign in to authorize an application');
    return actor;
  }
}

/**
 * Client credentials by Basic, as Forgejo reads them: used where the body
 * lacks the client id or secret, and refused when the body names another.
 */
function withBasicClientCredentials(fields: Fields, authorization: string | undefined): TokenRequest {
  if (fields.client_id && fields.client_secret) return fields;
  const [scheme, encoded] = (authorization ?? '').trim().split(/\s+/, 2);
  if (scheme?.toLowerCase() !== 'basic' || !encoded) return fields;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OAuth2Error('invalid_request', 'cannot parse basic auth header');
  const clientId = safeDecode(decoded.slice(0, colon));
  const clientSecret = safeDecode(decoded.slice(colon + 1));
  if (fields.client_id && fields.client_id !== clientId) {
    throw new OAuth2Error('invalid_request', 'client_id in request body inconsistent with Authorization header');
  }
  if (fields.client_secret && fields.client_secret !== clientSecret) {
    throw new OAuth2Error('invalid_request', 'client_secret in request body inconsistent with Authorization header');
  }
  return { ...fields, client_id: clientId, client_secret: clientSecret };
}

/** RFC 6749 section 2.3.1 form-encodes the Basic credentials; most clients send them plain, which decodes to itself. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The token of `Authorization: Bearer|token …`, else of `?access_token=`; empty when there is none. */
function presentedBearerToken(request: FastifyRequest): string {
  const [scheme, value] = (request.headers.authorization ?? '').trim().split(/\s+/, 2);
  if (value && ['bearer', 'token'].includes(scheme.toLowerCase())) return value;
  return stringFields(request.query).access_token ?? '';
}

/** Only string fields count (a repeated query parameter or a JSON object is as if absent). */
function stringFields(source: unknown): Fields {
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return {};
  return Object.fromEntries(Object.entries(source).filter(([, value]) => typeof value === 'string')) as Fields;
}

function prefersHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/** Tokens and consent tokens must not be kept by caches (RFC 6749 section 5.1). */
function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
}

function sendOAuth2Error(reply: FastifyReply, error: OAuth2Error): void {
  noStore(reply);
  reply.status(400).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(error.toJSON()));
}
