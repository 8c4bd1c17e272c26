import { Database } from '../../src/database';
import { OwnerEntity, OwnerKind } from '../../src/entities/owner.entity';

let seq = 0;

/** A user or organization row, made straight through the owner store. */
export function insertOwner(db: Database, kind: OwnerKind = 'user'): Promise<OwnerEntity> {
  const now = new Date();
  return db.owners.insert({
    name: `${kind === 'user' ? 'qu' : 'qo'}${Date.now().toString(36)}${seq++}`,
    kind,
    fullName: '',
    email: '',
    passwordHash: null,
    isAdmin: false,
    isActive: true,
    prohibitLogin: false,
    visibility: 'public',
    description: '',
    website: '',
    location: '',
    totpSecret: null,
    totpEnabled: false,
    createdAt: now,
    updatedAt: now,
    lastLoginAt: null,
  });
}

export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${seq++}`;
}
