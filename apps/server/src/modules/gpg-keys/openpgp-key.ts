import * as openpgp from 'openpgp';

/** Raised for text that is not an armored OpenPGP public key, or a signature that cannot be read. */
export class InvalidGpgInputError extends Error {}

/** What Bellows keeps of one OpenPGP key (primary or subkey). */
export interface ParsedGpgKey {
  keyId: string;
  /** base64 of the public key packet, as Forgejo shows `public_key`. */
  content: string;
  canSign: boolean;
  canEncryptComms: boolean;
  canEncryptStorage: boolean;
  canCertify: boolean;
  createdAt: Date;
  expiresAt: Date | null;
}

export interface ParsedGpgPrimaryKey extends ParsedGpgKey {
  /** The e-mail addresses of the key's user ids (lower-cased, as Forgejo compares them). */
  emails: string[];
  subkeys: ParsedGpgKey[];
  /** The parsed key, to check signatures with. */
  key: openpgp.PublicKey;
}

// RFC 4880 key flags (first octet).
const CERTIFY = 0x01;
const SIGN = 0x02;
const ENCRYPT_COMMS = 0x04;
const ENCRYPT_STORAGE = 0x08;

/** Reads the first public key of an armored block; its user ids' e-mails, subkeys, capabilities and expiry. */
export async function parseArmoredGpgKey(armored: string): Promise<ParsedGpgPrimaryKey> {
  let key: openpgp.Key;
  try {
    key = await openpgp.readKey({ armoredKey: armored });
  } catch (error) {
    throw new InvalidGpgInputError(`the armored public key cannot be read: ${(error as Error).message}`);
  }
  if (key.isPrivate()) throw new InvalidGpgInputError('this is a private key; give the armored PUBLIC key');
  const publicKey = key as openpgp.PublicKey;
  const selfFlags = publicKey.users.flatMap((user) => user.selfCertifications).find((sig) => sig.keyFlags?.length)?.keyFlags?.[0] ?? 0;
  const emails = [
    ...new Set(publicKey.users.map((user) => user.userID?.email?.trim().toLowerCase()).filter((email): email is string => !!email)),
  ];
  const subkeys: ParsedGpgKey[] = [];
  for (const subkey of publicKey.subkeys) {
    const flags = subkey.bindingSignatures.find((sig) => sig.keyFlags?.length)?.keyFlags?.[0] ?? 0;
    subkeys.push({ ...describe(subkey.keyPacket, flags), expiresAt: await expiryOf(subkey) });
  }
  return { ...describe(publicKey.keyPacket, selfFlags), expiresAt: await expiryOf(publicKey), emails, subkeys, key: publicKey };
}

/**
 * True when the armored detached signature is the key's (primary or subkey)
 * over one of the texts; as Forgejo, the token may have been signed with a
 * line ending after it.
 */
export async function isSignatureOf(key: openpgp.PublicKey, armoredSignature: string, texts: readonly string[]): Promise<boolean> {
  let signature: openpgp.Signature;
  try {
    signature = await openpgp.readSignature({ armoredSignature });
  } catch (error) {
    throw new InvalidGpgInputError(`the armored signature cannot be read: ${(error as Error).message}`);
  }
  for (const text of texts) {
    const message = await openpgp.createMessage({ binary: new TextEncoder().encode(text) });
    try {
      const result = await openpgp.verify({ message, signature, verificationKeys: key, expectSigned: true });
      await result.signatures[0].verified;
      return true;
    } catch {
      // not this text (or not this key): try the next
    }
  }
  return false;
}

function describe(
  packet: openpgp.PublicKeyPacket | openpgp.PublicSubkeyPacket | openpgp.SecretKeyPacket | openpgp.SecretSubkeyPacket,
  flags: number,
): Omit<ParsedGpgKey, 'expiresAt'> {
  const packets = new openpgp.PacketList<openpgp.AnyPacket>();
  packets.push(packet);
  return {
    keyId: packet.getKeyID().toHex().toUpperCase(),
    content: Buffer.from(packets.write()).toString('base64'),
    canSign: (flags & SIGN) !== 0,
    canEncryptComms: (flags & ENCRYPT_COMMS) !== 0,
    canEncryptStorage: (flags & ENCRYPT_STORAGE) !== 0,
    canCertify: (flags & CERTIFY) !== 0,
    createdAt: packet.getCreationTime(),
  };
}

async function expiryOf(key: openpgp.PublicKey | openpgp.Subkey): Promise<Date | null> {
  try {
    const expiry = await key.getExpirationTime();
    return expiry instanceof Date ? expiry : null;
  } catch {
    return null; // no valid self-signature to read a lifetime from: treat as not expiring
  }
}
