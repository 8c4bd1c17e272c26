import { CountedObjects } from '@bellows/domain';
import { createTestContainers } from '../../src/testing/containers';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner, uniqueName } from '../support/quota-fixtures';
import { storeSizedBytes } from '../support/sized-fixtures';

/** The CountedObjects port on TypeORM, on both engines, through the port type. */
describeEachEngine('TypeOrmCountedObjects keeps the CountedObjects contract', (ctx) => {
  const counted = (): CountedObjects => ctx().db.countedObjects;

  it('lists an owner’s counted attachments biggest first, one page at a time, with the number of all', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const repo = await db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo') });
    const { issueId, commentId, releaseId } = await createTestContainers(db, repo.id, owner.id);
    await db.attachments.insert({ repoId: repo.id, issueId, name: 'small', size: 1, uploaderId: owner.id });
    await db.attachments.insert({ repoId: repo.id, releaseId, name: 'big', size: 300, uploaderId: owner.id });
    await db.attachments.insert({ repoId: repo.id, issueId, commentId, name: 'middle', size: 20, uploaderId: owner.id });
    await db.attachments.insert({ repoId: repo.id, name: 'unattached', size: 9000, uploaderId: owner.id });
    const [first, total] = await counted().attachments(owner.id, 0, 2);
    expect(total).toBe(3);
    expect(first.map((a) => [a.name, a.size])).toEqual([
      ['big', 300],
      ['middle', 20],
    ]);
    expect(first[0]).toMatchObject({ releaseId, repoName: repo.name, ownerName: owner.name });
    const [rest] = await counted().attachments(owner.id, 2, 2);
    expect(rest.map((a) => a.name)).toEqual(['small']);
  });

  it('lists package versions by the sum of their files, biggest first', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const pkg = await db.packages.createPackage({ ownerId: owner.id, type: 'generic', name: uniqueName('pkg') });
    const [one, two] = [await db.packages.createVersion(pkg.id, '1.0.0'), await db.packages.createVersion(pkg.id, '2.0.0')];
    const blob = (n: number) => db.packages.putBlob(uniqueName(`b${n}`).padEnd(64, '0').slice(0, 64), n);
    await db.packages.addFile(one.id, (await blob(10)).id, 'a');
    await db.packages.addFile(two.id, (await blob(7)).id, 'a');
    await db.packages.addFile(two.id, (await blob(8)).id, 'b');
    const [versions, total] = await counted().packageVersions(owner.id, 0, 10);
    expect(total).toBe(2);
    expect(versions.map((v) => [v.version, v.size])).toEqual([
      ['2.0.0', 15],
      ['1.0.0', 10],
    ]);
  });

  it('lists only active artifacts, and nothing of another owner', async () => {
    const { db } = ctx();
    const [owner, other] = [await insertOwner(db), await insertOwner(db)];
    const repo = await db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo') });
    const { runId } = await createTestContainers(db, repo.id, owner.id);
    await db.artifacts.insert({ repoId: repo.id, runId, name: 'kept', compressedSize: 5 });
    const expired = await db.artifacts.insert({ repoId: repo.id, runId, name: 'expired', compressedSize: 50 });
    await db.artifacts.markExpired(expired.id);
    await storeSizedBytes(db, other.id, { artifacts: 99, packages: 99, 'attachments:issues': 99 });
    const [artifacts, total] = await counted().artifacts(owner.id, 0, 10);
    expect([artifacts.map((a) => a.name), total]).toEqual([['kept'], 1]);
    expect(await counted().packageVersions(owner.id, 0, 10)).toEqual([[], 0]);
    expect((await counted().attachments(owner.id, 0, 10))[1]).toBe(0);
  });
});
