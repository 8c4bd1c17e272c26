import { createHmac, randomBytes, timingSafeEqual } from 'crypto';
import { verifyPassword } from '../accounts/password-hasher';

/** Users whose last verified password is remembered: every active user of a large instance, a few MiB. */
const MAX_USERS = 10_000;

interface Verified {
  /** The stored hash the password was checked against: a changed password forgets the entry. */
  storedHash: string;
  /** A keyed hash of the password with this process's random key, never the password itself. */
  proof: Buffer;
}

/**
 * Password checks that scrypt has passed, remembered in this process's memory,
 * so that the several requests one git command makes with the same password
 * (three for a clone, two for a push) pay scrypt once: it is built to be slow
 * (hundreds of milliseconds under load), and a token costs an HMAC. A wrong
 * password always goes through scrypt. What is kept is an HMAC of the
 * password under a random key that never leaves the process, beside the
 * stored hash it matched; a new password (another stored hash) is checked
 * again. Nothing of it is written anywhere.
 */
export class VerifiedPasswords {
  private readonly key = randomBytes(32);
  private readonly byUser = new Map<number, Verified>();

  async verify(userId: number, password: string, storedHash: string): Promise<boolean> {
    const proof = createHmac('sha256', this.key).update(password).digest();
    const known = this.byUser.get(userId);
    if (known && known.storedHash === storedHash && timingSafeEqual(known.proof, proof)) return true;
    if (!(await verifyPassword(password, storedHash))) return false;
    this.byUser.delete(userId);
    if (this.byUser.size >= MAX_USERS) this.byUser.delete(this.byUser.keys().next().value as number);
    this.byUser.set(userId, { storedHash, proof });
    return true;
  }
}
