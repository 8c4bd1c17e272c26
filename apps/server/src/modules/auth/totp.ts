import { createHmac, randomBytes, timingSafeEqual } from 'crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP): HMAC-SHA1,
 * 6 digits, 30-second steps, the form every authenticator app speaks.
 * A code from the step before or after the current one is accepted too, to
 * allow for clock drift between the phone and the server: a code is valid for
 * 90 seconds, from 30 seconds before its own step begins to 30 seconds after
 * it ends. That it is accepted only once is the caller's part (see
 * TotpSecrets.consume), which is why matchTotpStep says which step matched.
 */
export const TOTP_DIGITS = 6;
export const TOTP_STEP_SECONDS = 30;
const ACCEPTED_DRIFT_STEPS = 1;
const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export interface TotpOptions {
  digits?: number;
  algorithm?: 'sha1' | 'sha256' | 'sha512';
}

/** A new random 160-bit secret (RFC 4226's recommended length), base32 without padding. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** HOTP value for one counter (RFC 4226 section 5.3, dynamic truncation). */
export function hotp(key: Buffer, counter: bigint, options: TotpOptions = {}): string {
  const digits = options.digits ?? TOTP_DIGITS;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(counter);
  const mac = createHmac(options.algorithm ?? 'sha1', key)
    .update(message)
    .digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code for the step containing `at`. */
export function totpCode(secretBase32: string, at: Date = new Date(), options: TotpOptions = {}): string {
  return hotp(base32Decode(secretBase32), stepOf(at), options);
}

/** Whether `code` is valid now (or one step before/after). */
export function verifyTotpCode(secretBase32: string, code: string, at: Date = new Date()): boolean {
  return matchTotpStep(secretBase32, code, at) !== null;
}

/**
 * The step (30-second counter) whose code `code` is, when it is valid at `at`
 * (the current step or one either side; the latest, should two share a code),
 * else null.
 */
export function matchTotpStep(secretBase32: string, code: string, at: Date = new Date()): number | null {
  const trimmed = code.trim();
  if (!/^\d{6}$/.test(trimmed)) return null;
  const key = base32Decode(secretBase32);
  const step = stepOf(at);
  let matched: bigint | null = null;
  // Check every window without stopping early, so timing says nothing about which matched.
  for (let drift = -ACCEPTED_DRIFT_STEPS; drift <= ACCEPTED_DRIFT_STEPS; drift++) {
    const expected = Buffer.from(hotp(key, step + BigInt(drift)));
    if (timingSafeEqual(expected, Buffer.from(trimmed))) matched = step + BigInt(drift);
  }
  return matched === null ? null : Number(matched);
}

/** The `otpauth://` URI authenticator apps read (usually from a QR code). */
export function totpUri(issuer: string, account: string, secretBase32: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  return `otpauth://totp/${label}?secret=${secretBase32}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_STEP_SECONDS}`;
}

function stepOf(at: Date): bigint {
  return BigInt(Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS));
}

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes RFC 4648 base32; case, spaces and padding are ignored, as apps display secrets in groups. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`invalid base32 character "${char}"`);
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}
