import { UsageBucket } from '@bellows/domain';
import { Database } from '../../src/database';
import { createTestContainers } from '../../src/testing/containers';
import { uniqueName } from './quota-fixtures';

/**
 * Stores the given bytes per bucket for the owner through the stores of sized
 * rows, as requests do: one repository carries the git, LFS, attachment and
 * artifact bytes; one package version the package bytes.
 */
export async function storeSizedBytes(db: Database, ownerId: number, bytes: Partial<Record<UsageBucket, number>>): Promise<void> {
  const size = (bucket: UsageBucket) => bytes[bucket] ?? 0;
  const repo = await db.repositories.insert({
    ownerId,
    name: uniqueName('sized'),
    gitSize: size('repos:public'),
    lfsSize: size('git:lfs'),
  });
  if (size('repos:private')) {
    await db.repositories.insert({ ownerId, name: uniqueName('private'), isPrivate: true, gitSize: size('repos:private') });
  }
  const { issueId, releaseId, runId } = await createTestContainers(db, repo.id, ownerId);
  if (size('attachments:issues'))
    await db.attachments.insert({ repoId: repo.id, issueId, name: 'i.bin', size: size('attachments:issues'), uploaderId: ownerId });
  if (size('attachments:releases')) {
    await db.attachments.insert({ repoId: repo.id, releaseId, name: 'r.bin', size: size('attachments:releases'), uploaderId: ownerId });
  }
  if (size('artifacts'))
    await db.artifacts.insert({ repoId: repo.id, runId, name: uniqueName('artifact'), compressedSize: size('artifacts') });
  if (size('packages')) {
    const pkg = await db.packages.createPackage({ ownerId, type: 'generic', name: uniqueName('pkg') });
    const version = await db.packages.createVersion(pkg.id, '1.0.0');
    const blob = await db.packages.putBlob(uniqueName('sha').padEnd(64, '0').slice(0, 64), size('packages'));
    await db.packages.addFile(version.id, blob.id, 'f.tgz');
  }
}
