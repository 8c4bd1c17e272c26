/**
 * A user's GPG public key as Forgejo keeps it: the primary key is one row and
 * each subkey another, naming its primary key. Key ids are the 16 upper-case
 * hex digits OpenPGP uses; a primary key id is held once on the whole site.
 */
export interface GpgKey {
  id: number;
  ownerId: number;
  /** The key id of the primary key this is a subkey of; '' for a primary key. */
  primaryKeyId: string;
  keyId: string;
  /** base64 of the public key packet, as Forgejo shows `public_key`. */
  content: string;
  /** The armored public key as the user gave it (primary keys only; '' for subkeys), to check signatures with. */
  armored: string;
  /** The e-mail addresses of the key's user ids, as written in the key. */
  emails: string[];
  canSign: boolean;
  canEncryptComms: boolean;
  canEncryptStorage: boolean;
  canCertify: boolean;
  /** The owner proved holding the private key by signing their verification token. */
  verified: boolean;
  createdAt: Date;
  expiresAt: Date | null;
  subkeys: GpgKey[];
}

/** What adding a key stores: the primary key with its subkeys (ids are given by the store). */
export type NewGpgKey = Omit<GpgKey, 'id' | 'subkeys'> & { subkeys: Omit<GpgKey, 'id' | 'subkeys'>[] };

/** Raised when a primary key id is already held (by any user), as Forgejo refuses it. */
export class GpgKeyIdTakenError extends Error {
  constructor(readonly keyId: string) {
    super(`a key with the same id already exists: ${keyId}`);
    this.name = 'GpgKeyIdTakenError';
  }
}

/** Port: users' GPG keys with their subkeys. */
export abstract class GpgKeyStore {
  /** The user's primary keys with their subkeys, oldest first: one page and the total. */
  abstract listForOwner(ownerId: number, skip: number, take: number): Promise<[GpgKey[], number]>;
  /** The user's primary key of that row id, with subkeys; null when the user has none such. */
  abstract findByOwnerAndId(ownerId: number, id: number): Promise<GpgKey | null>;
  /** The user's primary key whose key id (or one of whose subkeys' ids) is `keyId`. */
  abstract findByOwnerAndKeyId(ownerId: number, keyId: string): Promise<GpgKey | null>;
  /** True when some user holds a key (or subkey) of this key id. */
  abstract isKeyIdTaken(keyId: string): Promise<boolean>;
  /** Stores a primary key and its subkeys in one transaction; GpgKeyIdTakenError when its id is held. */
  abstract insert(key: NewGpgKey): Promise<GpgKey>;
  /** Marks the primary key (by row id) verified. */
  abstract markVerified(id: number): Promise<void>;
  /** Deletes the primary key of that row id and its subkeys. */
  abstract delete(id: number): Promise<void>;
}
