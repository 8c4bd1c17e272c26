/**
 * An SSH public key allowed to sign in to the built-in SSH server: a user's key
 * (it acts as that user) or a repository's deploy key (it reaches that
 * repository only, read-only or read-write). Only the public half is stored.
 */
export interface SshKey {
  id: number;
  /** The user the key signs in as; null for a deploy key. */
  ownerId: number | null;
  /** The repository a deploy key opens; null for a user's key. */
  repoId: number | null;
  title: string;
  /** The key as `<algorithm> <base64 blob>` (no comment). */
  content: string;
  /** `SHA256:` and the unpadded base64 of the blob's SHA-256, as `ssh-keygen -l` prints it. */
  fingerprint: string;
  /** A deploy key that may only fetch; a user's key is never read-only (its owner's permission applies). */
  readOnly: boolean;
  createdAt: Date;
}

/** What creating a key takes: every column but the id. */
export type NewSshKey = Omit<SshKey, 'id'>;

/** Raised by the store when the same key is already stored where it would be added. */
export class SshKeyInUseError extends Error {
  constructor(readonly fingerprint: string) {
    super(`the key ${fingerprint} has been added already`);
    this.name = 'SshKeyInUseError';
  }
}

/** Raised by the store when the user (or, for a deploy key, the repository) already has a key with that title. */
export class SshKeyTitleTakenError extends Error {
  constructor(readonly title: string) {
    super(`key title "${title}" has been used`);
    this.name = 'SshKeyTitleTakenError';
  }
}
