import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'crypto';

/**
 * Encrypts small secrets stored in the database (TOTP secrets, actions
 * secrets) with AES-256-GCM under a key derived from `[security] SECRET_KEY`.
 *
 * Sealed form: `v1.<iv>.<ciphertext>.<tag>`, each part base64url. The version
 * prefix lets a later key or algorithm change read old values. GCM's tag makes
 * any change to the stored value (or a wrong key) fail loudly on opening
 * instead of yielding garbage.
 *
 * `context` is bound as additional authenticated data: a value sealed for one
 * context (say, one user's TOTP secret) cannot be copied into another row.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {}

export class SecretBox {
  private readonly key: Buffer;

  constructor(secretKey: string) {
    if (secretKey.length === 0) throw new SecretBoxError('the secret key must not be empty');
    // HKDF, not a slow KDF: SECRET_KEY is a generated random string, not a password.
    this.key = Buffer.from(hkdfSync('sha256', secretKey, 'bellows', 'secret-box v1 aes-256-gcm', 32));
  }

  seal(plaintext: string, context = ''): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, ciphertext, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** Throws SecretBoxError when the value is malformed, altered, sealed for another context or under another key. */
  open(sealed: string, context = ''): string {
    const parts = sealed.split('.');
    if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretBoxError('not a sealed value of a known version');
    const [iv, ciphertext, tag] = parts.slice(1).map((part) => Buffer.from(part, 'base64url'));
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretBoxError('sealed value is malformed');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('sealed value cannot be opened: altered, or sealed under another key or context');
    }
  }
}
