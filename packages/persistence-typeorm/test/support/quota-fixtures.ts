import { Database } from '../../src/database';
import { OwnerEntity, OwnerKind } from '../../src/entities/owner.entity';
import { newOwnerFields } from '../../src/testing/owners';

let seq = 0;

/** A user or organization row, made straight through the owner store. */
export function insertOwner(db: Database, kind: OwnerKind = 'user'): Promise<OwnerEntity> {
  return db.owners.insert(newOwnerFields(`${kind === 'user' ? 'qu' : 'qo'}${Date.now().toString(36)}${seq++}`, { kind }));
}

export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${seq++}`;
}
