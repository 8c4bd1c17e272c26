import { Injectable } from '@nestjs/common';
import { isUserKey, Owner, OwnerStore, SshKey, SshKeyStore } from '@bellows/domain';
import { sshFingerprint } from '../keys/ssh-public-key';

/** Who an SSH connection signed in as: a user (through one of their keys) or a deploy key (of one or more repositories). */
export type SshIdentity = { kind: 'user'; user: Owner } | { kind: 'deploy'; keys: SshKey[] };

/**
 * Finds whose a public key offered to the SSH server is, by its fingerprint.
 * A user's key of an account that may not sign in (disabled, login
 * prohibited) opens nothing; an unknown key opens nothing.
 */
@Injectable()
export class SshSignIn {
  constructor(
    private readonly keys: SshKeyStore,
    private readonly owners: OwnerStore,
  ) {}

  async identify(keyBlob: Buffer): Promise<SshIdentity | null> {
    const keys = await this.keys.findByFingerprint(sshFingerprint(keyBlob));
    const userKey = keys.find(isUserKey);
    if (!userKey) return keys.length > 0 ? { kind: 'deploy', keys } : null;
    const user = await this.owners.findById(userKey.ownerId);
    return user && user.isActive && !user.prohibitLogin ? { kind: 'user', user } : null;
  }
}
