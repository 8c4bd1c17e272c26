import { Injectable, OnModuleInit, UnauthorizedException } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Owner, OwnerStore } from '@bellows/domain';
import { mountRawRoutes } from '../../http/raw-routes';
import { Authenticator, WRONG_CREDENTIALS } from '../auth/authenticator';
import { safeRedirectTarget } from './safe-redirect';
import { newLoginCsrfValue, WebSigner } from './session-secrets';
import { LOGIN_PATH, SignInForm, signInPage } from './sign-in-page';
import { sendWebError } from './web-errors';
import { LOGOUT_PATH, WEB_PAGE_HEADERS } from './web-page';
import { cookiesOf, WebSessions } from './web-sessions.service';
import { STYLESHEET, STYLESHEET_PATH } from './web-stylesheet';

/** The sign-in form's body is a few short fields. */
const FORM_BODY_LIMIT = 16 * 1024;

/**
 * The sign-in form's CSRF cookie (double submit): the form carries the same
 * random value, which a page of another site cannot read, so it cannot post
 * the form for the browser (signing it in to the attacker's account). The
 * session cookie's SameSite=Lax stops cross-site posts too; this holds also
 * where SameSite does not.
 */
const LOGIN_CSRF_COOKIE = '_csrf';
const LOGIN_CSRF_LIFETIME_S = 24 * 60 * 60;

/** How long the second step (the one-time code) may wait after the password. */
const SECOND_STEP_MS = 5 * 60 * 1000;

type Fields = Record<string, string | undefined>;

/**
 * `GET`/`POST {ROOT_URL}user/login` and `POST {ROOT_URL}user/logout`: the
 * browser's sign-in, with the same password and two-factor rules as Basic
 * (Authenticator.userWithPassword, then the one-time code), in a raw-route
 * scope that reads url-encoded forms. A refused sign-in answers 401 with the
 * form again (Forgejo answers 200; a status says what happened to scripts and
 * tests) and starts no session.
 */
@Injectable()
export class WebSignInRoutes implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly sessions: WebSessions,
    private readonly authenticator: Authenticator,
    private readonly owners: OwnerStore,
  ) {}

  onModuleInit(): void {
    mountRawRoutes(this.adapterHost, (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_r, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body.toString()))),
      );
      scope.setErrorHandler((error, request, reply) => sendWebError(error, request, reply, this.sessions.base));
      this.mount(scope);
    });
  }

  private mount(scope: FastifyInstance): void {
    scope.get(LOGIN_PATH, (request, reply) => this.showForm(request, reply));
    scope.post(LOGIN_PATH, (request, reply) => this.signIn(request, reply));
    scope.post(LOGOUT_PATH, (request, reply) => this.signOut(request, reply));
    scope.get(STYLESHEET_PATH, (_request, reply) =>
      reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(STYLESHEET),
    );
  }

  private async showForm(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const redirectTo = safeRedirectTarget(fieldsOf(request.query).redirect_to, this.sessions.base);
    if (await this.sessions.signedIn(request)) return void reply.status(303).header('location', redirectTo).send();
    this.sendForm(request, reply, 200, { redirectTo });
  }

  private async signIn(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const fields = fieldsOf(request.body);
    const redirectTo = safeRedirectTarget(fields.redirect_to, this.sessions.base);
    const csrf = cookiesOf(request)[LOGIN_CSRF_COOKIE];
    if (!csrf || fields._csrf !== csrf) {
      return this.sendForm(request, reply, 403, {
        redirectTo,
        error: 'The form has expired or was not sent from this site. Please try again.',
      });
    }
    if (fields.pending !== undefined) return this.secondStep(request, reply, fields, redirectTo);
    let user: Owner;
    try {
      user = await this.authenticator.userWithPassword(fields.user_name ?? '', fields.password ?? '');
    } catch (error) {
      if (!(error instanceof UnauthorizedException)) throw error;
      const message = error.message === WRONG_CREDENTIALS ? 'Wrong username or password.' : 'This account may not sign in.';
      return this.sendForm(request, reply, 401, { redirectTo, login: fields.user_name, error: message });
    }
    if (user.totpEnabled) {
      const pendingPass = this.sessions.signer.pendingPass(user.id, user.passwordHash ?? '', Date.now() + SECOND_STEP_MS);
      return this.sendForm(request, reply, 200, { redirectTo, pendingPass });
    }
    await this.complete(user, reply, redirectTo);
  }

  /** The one-time code, after the right password: the pass must hold, the user may still sign in, the code is unused. */
  private async secondStep(request: FastifyRequest, reply: FastifyReply, fields: Fields, redirectTo: string): Promise<void> {
    const pass = fields.pending ?? '';
    const userId = WebSigner.pendingPassUserId(pass);
    const user = userId === undefined ? null : await this.owners.findById(userId);
    const mayContinue =
      user?.kind === 'user' && user.isActive && !user.prohibitLogin && user.totpEnabled && user.passwordHash
        ? this.sessions.signer.pendingPassHolds(pass, user.passwordHash, Date.now())
        : false;
    if (!user || !mayContinue) {
      return this.sendForm(request, reply, 401, {
        redirectTo,
        error: 'The sign-in took too long or is no longer valid. Please sign in again.',
      });
    }
    const code = (fields.passcode ?? '').trim();
    const verdict = code ? await this.authenticator.consumeOneTimeCode(user, code) : 'invalid';
    if (verdict !== 'accepted') {
      const error =
        verdict === 'already-used' ? 'That passcode was already used. Wait for the next one.' : 'Wrong passcode. Enter the current one.';
      return this.sendForm(request, reply, 401, { redirectTo, pendingPass: pass, error });
    }
    await this.complete(user, reply, redirectTo);
  }

  private async complete(user: Owner, reply: FastifyReply, redirectTo: string): Promise<void> {
    await this.authenticator.recordSignIn(user);
    const sessionCookie = await this.sessions.start(user);
    reply
      .status(303)
      .header('set-cookie', [sessionCookie, this.sessions.cookie(LOGIN_CSRF_COOKIE, '', 0)])
      .header('cache-control', 'no-store')
      .header('location', redirectTo)
      .send();
  }

  /** Sign-out needs the session's CSRF token: a cross-site post cannot end (or probe) a session. */
  private async signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const signedIn = await this.sessions.signedIn(request);
    if (!signedIn)
      return void reply
        .status(303)
        .header('location', this.sessions.base + LOGIN_PATH)
        .send();
    if (!this.sessions.signer.csrfTokenMatches(signedIn.token, fieldsOf(request.body)._csrf)) {
      throw Object.assign(new Error('The sign-out was not sent from this site (missing or wrong CSRF token); you are still signed in.'), {
        statusCode: 403,
      });
    }
    const cleared = await this.sessions.end(signedIn.token);
    reply
      .status(303)
      .header('set-cookie', cleared)
      .header('location', this.sessions.base + LOGIN_PATH)
      .send();
  }

  /** The form, with this browser's CSRF cookie (kept while it lasts, else a new one). */
  private sendForm(request: FastifyRequest, reply: FastifyReply, status: number, form: Omit<SignInForm, 'csrf' | 'base'>): void {
    const csrf = cookiesOf(request)[LOGIN_CSRF_COOKIE] || newLoginCsrfValue();
    reply
      .status(status)
      .headers(WEB_PAGE_HEADERS)
      .header('set-cookie', this.sessions.cookie(LOGIN_CSRF_COOKIE, csrf, LOGIN_CSRF_LIFETIME_S))
      .send(signInPage({ ...form, csrf, base: this.sessions.base }));
  }
}

function fieldsOf(body: unknown): Fields {
  if (!body || typeof body !== 'object') return {};
  const fields: Fields = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === 'string') fields[name] = value;
    else if (Array.isArray(value) && typeof value[0] === 'string') fields[name] = value[0];
  }
  return fields;
}
