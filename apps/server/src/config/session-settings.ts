import { ConfigError } from './config-error';
import { SectionReader } from './section-reader';

/** Forgejo's `[session]` keys that the browser sign-in reads (see docs/configuration.md). */
export interface SessionSettings {
  /** [session] COOKIE_NAME: the session cookie's name (Forgejo's `i_like_gitea`). */
  cookieName: string;
  /**
   * [session] SESSION_LIFE_TIME: seconds a session lasts from sign-in (not
   * sliding). Bellows' default is 14 days; Forgejo's is one day, beside a
   * "remember me" cookie Bellows does not have.
   */
  lifetimeSeconds: number;
  /** [session] COOKIE_SECURE: send the cookie over https only (default: when ROOT_URL is https). */
  cookieSecure: boolean;
}

/** A cookie name is an RFC 6265 token: letters, digits and a few marks, nothing a header would split on. */
const COOKIE_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

export function readSessionSettings(session: SectionReader, rootUrl: string): SessionSettings {
  const cookieName = session.string('COOKIE_NAME', 'i_like_gitea').trim();
  if (!COOKIE_NAME.test(cookieName)) {
    throw new ConfigError('[session] COOKIE_NAME', `"${cookieName}" is not a cookie name (letters, digits, - _ . and no spaces)`);
  }
  return {
    cookieName,
    lifetimeSeconds: session.integer('SESSION_LIFE_TIME', 14 * 24 * 60 * 60, 60, 10 * 365 * 24 * 60 * 60),
    cookieSecure: session.boolean('COOKIE_SECURE', rootUrl.startsWith('https:')),
  };
}
