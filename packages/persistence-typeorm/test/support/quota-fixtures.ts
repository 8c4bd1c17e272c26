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

/** An owner with a 300-byte public repository and a 40-byte package file: two buckets the recount counts. */
export async function insertOwnerWithUsage(db: Database): Promise<OwnerEntity> {
  const owner = await insertOwner(db);
  await db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo'), gitSize: 300 });
  const pkg = await db.packages.createPackage({ ownerId: owner.id, type: 'generic', name: uniqueName('p') });
  const version = await db.packages.createVersion(pkg.id, '1');
  const blob = await db.packages.putBlob(Buffer.from(uniqueName('b')).toString('hex').padEnd(64, '0').slice(0, 64), 40);
  await db.packages.addFile(version.id, blob.id, 'f');
  return owner;
}

/** Sets a ledger figure behind the stores' back, as a bug or a crash between two writes would leave it. */
export function tamperWithLedger(db: Database, ownerId: number, bucket: string, bytes: number): Promise<unknown> {
  return db.dataSource.query(`UPDATE owner_quota_usage SET bytes = ${bytes} WHERE owner_id = ${ownerId} AND bucket = '${bucket}'`);
}
