import { createHash, randomUUID } from 'crypto';
import { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { QuotaGroup, QuotaRule } from '@bellows/domain';
import {
  AttachmentEntity,
  createTestContainers,
  Database,
  PackageBlobEntity,
  PackageEntity,
  PackageFileEntity,
  PackageVersionEntity,
  RepositoryEntity,
} from '@bellows/persistence-typeorm';
import { createBenchUser } from '../support/bench-user';

/** How many objects the big owner stores (issue 3: 100 000 attachments, 20 000 package files, 2 000 repositories). */
export interface SeedScale {
  attachments: number;
  packageFiles: number;
  repositories: number;
}

export const FULL_SCALE: SeedScale = { attachments: 100_000, packageFiles: 20_000, repositories: 2_000 };

/** An owner the bench calls the API as. */
export interface SeededOwner {
  id: number;
  name: string;
  token: string;
  /** Repositories + attachments + package files it stores. */
  objects: number;
}

/** Rows per INSERT statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK_ROWS = 500;
const FILES_PER_VERSION = 10;
const VERSIONS_PER_PACKAGE = 10;
const DISTINCT_BLOBS = 100;
const MIB = 1024 * 1024;

export const BENCH_GROUP = 'bench-group';

/**
 * The big owner's rows are bulk-inserted (chunked INSERTs, one transaction per
 * table) without touching the usage ledger, and the ledger is then rewritten by
 * the recount: the way an operator would repair it, and far faster than
 * 122 000 single inserts. The small owner goes through the stores, the way the
 * application writes. Afterwards the recount must find nothing to fix.
 */
export async function seedOwners(
  db: Database,
  scale: SeedScale,
): Promise<{ big: SeededOwner; small: SeededOwner; ledgerRowsFixed: number }> {
  const big = await createOwner(db, 'bench-big');
  const small = await createOwner(db, 'bench-small');
  const bigObjects = await bulkSeed(db, big.id, scale);
  const smallObjects = await seedThroughStores(db, small.id);
  const fixed = await db.quotaRecount.fix();
  const left = await db.quotaRecount.differences();
  if (left.length > 0) throw new Error(`the usage ledger does not match a recount after seeding: ${JSON.stringify(left)}`);
  if (fixed.some((d) => d.ownerId === small.id))
    throw new Error(`the stores left the small owner's ledger wrong: ${JSON.stringify(fixed)}`);
  await assignQuotaGroup(db, [big.id, small.id]);
  return { big: { ...big, objects: bigObjects }, small: { ...small, objects: smallObjects }, ledgerRowsFixed: fixed.length };
}

async function createOwner(db: Database, name: string): Promise<Omit<SeededOwner, 'objects'>> {
  const { owner, token } = await createBenchUser(db, name, 'read:user');
  return { id: owner.id, name, token };
}

/** Two rules so that the check evaluates real limits: a generous total, and 100 MiB of assets that the big owner breaks and the small one does not. */
export const BENCH_RULE_LIMITS = [10 * 1024 ** 4, 100 * MIB];

async function assignQuotaGroup(db: Database, ownerIds: number[]): Promise<void> {
  const group = QuotaGroup.create(BENCH_GROUP, [
    QuotaRule.create({ name: 'bench-total', limit: BENCH_RULE_LIMITS[0], subjects: ['size:all'] }),
    QuotaRule.create({
      name: 'bench-assets',
      limit: BENCH_RULE_LIMITS[1],
      subjects: ['size:assets:packages:all', 'size:assets:attachments:all'],
    }),
  ]);
  if ((await db.quotaLimits.createGroup(group)) !== 'ok') throw new Error(`could not create quota group ${BENCH_GROUP}`);
  for (const ownerId of ownerIds) {
    if ((await db.quotaLimits.replaceAssignments(ownerId, [BENCH_GROUP])) !== 'ok') throw new Error(`could not assign ${BENCH_GROUP}`);
  }
}

async function bulkSeed(db: Database, ownerId: number, scale: SeedScale): Promise<number> {
  const now = new Date();
  const repoIds = await inTransaction(db, async (manager) => {
    await insertChunked(
      manager,
      RepositoryEntity,
      range(scale.repositories).map((i) => ({
        ownerId,
        name: `repo-${i}`,
        lowerName: `repo-${i}`,
        isPrivate: i % 3 === 0,
        gitSize: sizeOf(i, 50 * MIB),
        lfsSize: i % 4 === 0 ? sizeOf(i, 200 * MIB) : 0,
        createdAt: now,
        updatedAt: now,
      })),
    );
    return (await manager.getRepository(RepositoryEntity).find({ select: { id: true }, where: { ownerId } })).map((r) => r.id);
  });
  // Real containers (an issue and a release of the first repository): attachments never hang on nothing.
  const { issueId, releaseId } = await createTestContainers(db, repoIds[0], ownerId);
  await inTransaction(db, (manager) =>
    insertChunked(
      manager,
      AttachmentEntity,
      range(scale.attachments).map((i) => ({
        uuid: randomUUID(),
        repoId: repoIds[0],
        name: `file-${i}.bin`,
        size: sizeOf(i, 2 * MIB),
        uploaderId: ownerId,
        // Half on the issue, half on the release, so both attachment buckets are large.
        issueId: i % 2 === 0 ? issueId : null,
        commentId: null,
        releaseId: i % 2 === 1 ? releaseId : null,
        createdAt: now,
      })),
    ),
  );
  await inTransaction(db, (manager) => bulkPackageFiles(manager, ownerId, scale.packageFiles, now));
  return scale.repositories + scale.attachments + scale.packageFiles;
}

/** `count` package files: packages of ten versions of ten files, sharing a hundred blobs. */
async function bulkPackageFiles(manager: EntityManager, ownerId: number, count: number, now: Date): Promise<void> {
  const versionCount = Math.ceil(count / FILES_PER_VERSION);
  const packageCount = Math.ceil(versionCount / VERSIONS_PER_PACKAGE);
  await insertChunked(
    manager,
    PackageEntity,
    range(packageCount).map((i) => ({ ownerId, repoId: null, type: 'generic', name: `pkg-${i}`, lowerName: `pkg-${i}` })),
  );
  const packageIds = (
    await manager.getRepository(PackageEntity).find({ select: { id: true }, where: { ownerId }, order: { id: 'ASC' } })
  ).map((p) => p.id);
  await insertChunked(
    manager,
    PackageVersionEntity,
    range(versionCount).map((i) => ({
      packageId: packageIds[Math.floor(i / VERSIONS_PER_PACKAGE)],
      version: `1.0.${i % VERSIONS_PER_PACKAGE}`,
      createdAt: now,
    })),
  );
  const versionIds = (
    await manager
      .getRepository(PackageVersionEntity)
      .createQueryBuilder('v')
      .innerJoin(PackageEntity, 'p', 'p.id = v.package_id')
      .where('p.owner_id = :ownerId', { ownerId })
      .orderBy('v.id')
      .getMany()
  ).map((v) => v.id);
  const blobs = range(DISTINCT_BLOBS).map((i) => ({ sha256: sha256(`bench-blob-${ownerId}-${i}`), size: sizeOf(i, 20 * MIB) }));
  await insertChunked(manager, PackageBlobEntity, blobs);
  const blobRows = await manager.getRepository(PackageBlobEntity).find({ where: blobs.map((b) => ({ sha256: b.sha256 })) });
  await insertChunked(
    manager,
    PackageFileEntity,
    range(count).map((i) => {
      const blob = blobRows[i % blobRows.length];
      return {
        versionId: versionIds[Math.floor(i / FILES_PER_VERSION)],
        blobId: blob.id,
        name: `file-${i % FILES_PER_VERSION}.tgz`,
        size: blob.size,
      };
    }),
  );
}

/** Ten objects written the way the application writes them: 2 repositories, 5 attachments, 3 package files. */
async function seedThroughStores(db: Database, ownerId: number): Promise<number> {
  const repos = [
    await db.repositories.insert({ ownerId, name: 'small-public', gitSize: 3 * MIB, lfsSize: MIB }),
    await db.repositories.insert({ ownerId, name: 'small-private', isPrivate: true, gitSize: 2 * MIB }),
  ];
  const containers = [await createTestContainers(db, repos[0].id, ownerId), await createTestContainers(db, repos[1].id, ownerId)];
  for (let i = 0; i < 5; i++) {
    const { issueId, releaseId } = containers[i % 2];
    await db.attachments.insert({
      repoId: repos[i % 2].id,
      name: `small-${i}.txt`,
      size: 1000 * (i + 1),
      uploaderId: ownerId,
      ...(i < 3 ? { issueId } : { releaseId }),
    });
  }
  const pkg = await db.packages.createPackage({ ownerId, type: 'generic', name: 'small-pkg' });
  const version = await db.packages.createVersion(pkg.id, '1.0.0');
  for (let i = 0; i < 3; i++) {
    const blob = await db.packages.putBlob(sha256(`bench-small-${i}`), 4096 * (i + 1));
    await db.packages.addFile(version.id, blob.id, `small-${i}.tgz`);
  }
  return repos.length + 5 + 3;
}

/**
 * A transaction straight on the data source: seeding runs before any request,
 * so nothing competes with it for SQLite's single writer.
 */
function inTransaction<T>(db: Database, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  return db.dataSource.transaction(work);
}

async function insertChunked<T extends ObjectLiteral>(manager: EntityManager, entity: EntityTarget<T>, rows: Partial<T>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    await manager
      .createQueryBuilder()
      .insert()
      .into(entity)
      .values(rows.slice(start, start + CHUNK_ROWS) as never)
      .updateEntity(false)
      .execute();
  }
}

function range(count: number): number[] {
  return Array.from({ length: count }, (_, i) => i);
}

/** A deterministic size between 1 KiB and `max` bytes, varied by index. */
function sizeOf(i: number, max: number): number {
  return 1024 + ((i * 2_654_435_761) % (max - 1024));
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
