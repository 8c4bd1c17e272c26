import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { fastifyCookie } from '@fastify/cookie';
import { Owner, OwnerStore } from '@bellows/domain';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { SessionSettings } from '../../config/session-settings';
import { newSessionToken, sessionIdOf, WebSigner } from './session-secrets';
import { basePathOf } from './web-page';
import { WebSessionStore } from './web-session-store';

/** A browser signed in: the user, and the session's token (what its CSRF token is made from). */
export interface WebSignedIn {
  user: Owner;
  token: string;
}

/**
 * Browser sessions: a random token in an HttpOnly cookie (`[session]
 * COOKIE_NAME`), its sha256 in `web_session`, for `SESSION_LIFE_TIME` from
 * sign-in (not sliding: a stolen cookie is not kept alive by use). A session
 * signs in to the web pages only; the API keeps its own credentials (tokens,
 * Basic), so a cookie never authorizes an API call.
 */
@Injectable()
export class WebSessions {
  readonly signer: WebSigner;
  /** ROOT_URL's path, what the pages' links start with (see basePathOf). */
  readonly base: string;
  private readonly settings: SessionSettings;

  constructor(
    private readonly store: WebSessionStore,
    private readonly owners: OwnerStore,
    @Inject(CONFIG) config: BellowsConfig,
  ) {
    this.signer = new WebSigner(config.security.secretKey);
    this.settings = config.session;
    this.base = basePathOf(config.server.rootUrl);
  }

  /** Starts a session for the user; answers the Set-Cookie value carrying its token. */
  async start(user: Owner, now = new Date()): Promise<string> {
    const token = newSessionToken();
    await this.store.deleteExpired(now);
    await this.store.create(sessionIdOf(token), {
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.settings.lifetimeSeconds * 1000),
    });
    return this.cookie(this.settings.cookieName, token, this.settings.lifetimeSeconds);
  }

  /** The signed-in user of the request's session cookie, while the session lives and the user may still sign in. */
  async signedIn(request: FastifyRequest): Promise<WebSignedIn | undefined> {
    const token = cookiesOf(request)[this.settings.cookieName];
    if (!token) return undefined;
    const session = await this.store.findLive(sessionIdOf(token), new Date());
    if (!session) return undefined;
    const user = await this.owners.findById(session.userId);
    if (!user || user.kind !== 'user' || !user.isActive || user.prohibitLogin) return undefined;
    return { user, token };
  }

  /** Ends the session; answers the Set-Cookie value that removes the cookie. */
  async end(token: string): Promise<string> {
    await this.store.delete(sessionIdOf(token));
    return this.cookie(this.settings.cookieName, '', 0);
  }

  csrfTokenOf(signedIn: WebSignedIn): string {
    return this.signer.csrfTokenOf(signedIn.token);
  }

  /** HttpOnly, SameSite=Lax, Path=/, and Secure with `[session] COOKIE_SECURE` (by default when ROOT_URL is https). */
  cookie(name: string, value: string, maxAgeSeconds: number): string {
    return fastifyCookie.serialize(name, value, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: this.settings.cookieSecure,
      maxAge: maxAgeSeconds,
    });
  }
}

/** The request's cookies by name (the first of a repeated name). */
export function cookiesOf(request: FastifyRequest): Record<string, string> {
  const header = request.headers.cookie;
  return header ? fastifyCookie.parse(header) : {};
}
