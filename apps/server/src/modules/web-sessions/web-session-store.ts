/** A browser's sign-in as stored: whose, and until when. */
export interface WebSessionRecord {
  userId: number;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * Port: browser sign-in sessions, keyed by the sha256 of the cookie's token
 * (the token itself is never stored). Bound to the TypeORM adapter in
 * app/ports/web-pages.ports.ts.
 */
export abstract class WebSessionStore {
  abstract create(idHash: string, session: WebSessionRecord): Promise<void>;
  /** The session, while it has not expired at `now`. */
  abstract findLive(idHash: string, now: Date): Promise<WebSessionRecord | null>;
  abstract delete(idHash: string): Promise<void>;
  /** Forgets every session expired at `now`. */
  abstract deleteExpired(now: Date): Promise<void>;
}
