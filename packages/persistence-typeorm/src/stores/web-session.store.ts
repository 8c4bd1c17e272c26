import { EntityManager } from 'typeorm';
import { parameterMarkers } from '../quota/in-transaction';

/** A browser's sign-in as stored: whose, and until when. */
export interface StoredWebSession {
  userId: number;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * Browser sign-in sessions (`web_session`), keyed by the sha256 of the cookie's
 * token: the server never stores the token itself. Plain SQL on one small
 * table with no entity: nothing else reads it, and no read cache covers it
 * (a sign-out must end the session at once on every instance).
 */
export class TypeOrmWebSessionStore {
  constructor(private readonly manager: EntityManager) {}

  async create(idHash: string, session: StoredWebSession): Promise<void> {
    const p = parameterMarkers(this.manager);
    await this.manager.query(`INSERT INTO web_session (id, user_id, created_at, expires_at) VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)})`, [
      idHash,
      session.userId,
      session.createdAt.getTime(),
      session.expiresAt.getTime(),
    ]);
  }

  /** The session, while it has not expired at `now`. */
  async findLive(idHash: string, now: Date): Promise<StoredWebSession | null> {
    const p = parameterMarkers(this.manager);
    const rows: { user_id: number | string; created_at: number | string; expires_at: number | string }[] = await this.manager.query(
      `SELECT user_id, created_at, expires_at FROM web_session WHERE id = ${p(1)} AND expires_at > ${p(2)}`,
      [idHash, now.getTime()],
    );
    const row = rows[0];
    if (!row) return null;
    return { userId: Number(row.user_id), createdAt: new Date(Number(row.created_at)), expiresAt: new Date(Number(row.expires_at)) };
  }

  async delete(idHash: string): Promise<void> {
    const p = parameterMarkers(this.manager);
    await this.manager.query(`DELETE FROM web_session WHERE id = ${p(1)}`, [idHash]);
  }

  /**
   * Forgets every session expired at `now`. Run at each sign-in, so the table
   * holds the live sessions and those expired since the last sign-in; the
   * expiry index makes it a range read that is empty most of the time.
   */
  async deleteExpired(now: Date): Promise<void> {
    const p = parameterMarkers(this.manager);
    await this.manager.query(`DELETE FROM web_session WHERE expires_at <= ${p(1)}`, [now.getTime()]);
  }
}
