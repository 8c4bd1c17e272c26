import { createHash, createPublicKey } from 'node:crypto';
import { utils } from 'ssh2';

/** A public key as given to the API, checked and reduced to what is stored. */
export interface ParsedSshPublicKey {
  /** The key's algorithm, e.g. `ssh-ed25519`. */
  algorithm: string;
  /** `<algorithm> <base64 blob>`, without the comment. */
  content: string;
  /** `SHA256:<unpadded base64>`, as `ssh-keygen -l` prints it. */
  fingerprint: string;
}

/** Raised for text that is not an acceptable SSH public key; the message names the problem. */
export class InvalidSshKeyError extends Error {
  constructor(problem: string) {
    super(`invalid key content: ${problem}`);
    this.name = 'InvalidSshKeyError';
  }
}

/**
 * Forgejo's default smallest key sizes ([ssh.minimum_key_sizes]): RSA below
 * 3072 bits is refused, DSA not at all accepted.
 */
const MINIMUM_RSA_BITS = 3071;
const ACCEPTED = /^(ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp(256|384|521)|sk-ssh-ed25519@openssh\.com|sk-ecdsa-sha2-nistp256@openssh\.com)$/;

/** Longest key text read (a 16384-bit RSA key is about 2.8 KiB in OpenSSH's format). */
const MAX_KEY_TEXT = 16 * 1024;

/**
 * Reads one public key in OpenSSH's `authorized_keys` form (`ssh-ed25519
 * AAAA… comment`), with the SSH library: it must be a public key of an
 * accepted algorithm and size. Private keys are refused, so that nobody hands
 * their secret to the server by mistake.
 */
export function parseSshPublicKey(text: string): ParsedSshPublicKey {
  const trimmed = text.trim();
  if (trimmed.length === 0) throw new InvalidSshKeyError('the key is empty');
  if (trimmed.length > MAX_KEY_TEXT) throw new InvalidSshKeyError(`the key is longer than ${MAX_KEY_TEXT} characters`);
  if (trimmed.includes('PRIVATE KEY')) throw new InvalidSshKeyError('this is a private key: add the public key (the .pub file)');
  const parsed = utils.parseKey(trimmed.split(/\r?\n/)[0]);
  if (parsed instanceof Error) throw new InvalidSshKeyError(`not an SSH public key (${parsed.message})`);
  const key = Array.isArray(parsed) ? parsed[0] : parsed;
  if (key.isPrivateKey()) throw new InvalidSshKeyError('this is a private key: add the public key (the .pub file)');
  if (!ACCEPTED.test(key.type)) throw new InvalidSshKeyError(`keys of type ${key.type} are not accepted`);
  if (key.type === 'ssh-rsa') requireRsaBits(key.getPublicPEM());
  const blob = key.getPublicSSH();
  return {
    algorithm: key.type,
    content: `${key.type} ${blob.toString('base64')}`,
    fingerprint: sshFingerprint(blob),
  };
}

/** OpenSSH's SHA256 fingerprint of a key blob (the decoded base64 of the key). */
export function sshFingerprint(blob: Buffer): string {
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

function requireRsaBits(pem: string): void {
  const bits = createPublicKey(pem).asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MINIMUM_RSA_BITS) throw new InvalidSshKeyError(`an RSA key must have at least 3072 bits, this one has ${bits}`);
}
