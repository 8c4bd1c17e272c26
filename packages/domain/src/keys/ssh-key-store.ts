import { NewSshKey, SshKey } from './ssh-key';

/** Port: where users' SSH keys and repositories' deploy keys are kept. */
export abstract class SshKeyStore {
  /**
   * Stores a new key; SshKeyInUseError when a user's key with that fingerprint
   * exists (any user's), or, for a deploy key, when its repository has it already;
   * SshKeyTitleTakenError when its user (or repository) has a key of that title.
   */
  abstract insert(key: NewSshKey): Promise<SshKey>;
  /** Every stored key with that fingerprint (a user's key, or the deploy keys of several repositories). */
  abstract findByFingerprint(fingerprint: string): Promise<SshKey[]>;
  /** One page of the user's keys, oldest first, and the number of all; `fingerprint` narrows to one. */
  abstract listForOwner(ownerId: number, page: SshKeyPage): Promise<[SshKey[], number]>;
  /** One page of the repository's deploy keys, oldest first, and the number of all. */
  abstract listForRepository(repoId: number, page: SshKeyPage): Promise<[SshKey[], number]>;
  /** The user's key of that id, or null (also for an id no key can have). */
  abstract findByOwnerAndId(ownerId: number, id: number): Promise<SshKey | null>;
  /** The repository's deploy key of that id, or null. */
  abstract findByRepositoryAndId(repoId: number, id: number): Promise<SshKey | null>;
  /** Deletes the key; deleting a missing key changes nothing. */
  abstract delete(id: number): Promise<void>;
}

export interface SshKeyPage {
  skip: number;
  take: number;
  /** Only the key with this fingerprint. */
  fingerprint?: string;
}
