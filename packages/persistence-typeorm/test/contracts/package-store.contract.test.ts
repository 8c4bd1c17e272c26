import { createHash } from 'crypto';
import { ContainerGoneError, PackageStore, QuotaUsageReader } from '@bellows/domain';
import { Database } from '../../src/database';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner, uniqueName } from '../support/quota-fixtures';

/** The PackageStore port: what every implementation must answer (run on SQLite and PostgreSQL). */
describeEachEngine('PackageStore contract', (ctx) => {
  const sha = () => createHash('sha256').update(uniqueName('blob')).digest('hex');
  const digests = { md5: 'a'.repeat(32), sha1: 'b'.repeat(40), sha512: 'c'.repeat(128) };
  const store = (): PackageStore => ctx().db.packages;
  const usage = (): QuotaUsageReader => ctx().db.quotaUsage;
  const packagesBytes = async (ownerId: number) => (await usage().usageOf(ownerId)).bytesIn('packages');

  async function ownerWithPackage(db: Database, type = 'generic') {
    const owner = await insertOwner(db);
    const pkg = await store().createPackage({ ownerId: owner.id, type, name: uniqueName('Pkg') });
    return { owner, pkg };
  }

  async function fileOf(versionId: number, size: number, name = 'a.bin') {
    const blob = await store().putBlob(sha(), size, digests);
    return { blob, file: await store().addFile(versionId, blob.id, name) };
  }

  describe('packages', () => {
    it('creates a package and finds it by owner, type and name case-insensitively', async () => {
      const { owner, pkg } = await ownerWithPackage(ctx().db);
      expect(pkg).toMatchObject({ ownerId: owner.id, type: 'generic', lowerName: pkg.name.toLowerCase(), repoId: null });
      expect(await store().findPackage(owner.id, 'generic', pkg.name.toUpperCase())).toMatchObject({ id: pkg.id });
      expect(await store().findPackage(owner.id, 'npm', pkg.name)).toBeNull();
    });

    it('refuses to link a package to a repository of another owner', async () => {
      const { db } = ctx();
      const owner = await insertOwner(db);
      const other = await insertOwner(db);
      const repo = await db.repositories.insert({ ownerId: other.id, name: uniqueName('repo') });
      await expect(store().createPackage({ ownerId: owner.id, type: 'generic', name: uniqueName('p'), repoId: repo.id })).rejects.toThrow();
      const pkg = await store().createPackage({ ownerId: owner.id, type: 'generic', name: uniqueName('p') });
      await expect(store().setRepository(pkg.id, repo.id)).rejects.toThrow();
    });

    it('links and unlinks a repository of the owner, and lists the linked repositories once each', async () => {
      const { db } = ctx();
      const { owner, pkg } = await ownerWithPackage(db);
      const second = await store().createPackage({ ownerId: owner.id, type: 'npm', name: uniqueName('p') });
      const repo = await db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo') });
      await store().setRepository(pkg.id, repo.id);
      await store().setRepository(second.id, repo.id);
      expect((await store().findPackage(owner.id, 'generic', pkg.name))?.repoId).toBe(repo.id);
      expect(await store().linkedRepositoryIds(owner.id)).toEqual([repo.id]);
      await store().setRepository(pkg.id, null);
      await store().setRepository(second.id, null);
      expect(await store().linkedRepositoryIds(owner.id)).toEqual([]);
    });

    it('finds or creates a package: concurrent callers get the same row', async () => {
      const owner = await insertOwner(ctx().db);
      const name = uniqueName('p');
      const found = await Promise.all(
        Array.from({ length: 3 }, () => store().findOrCreatePackage({ ownerId: owner.id, type: 'npm', name })),
      );
      expect(new Set(found.map((pkg) => pkg.id)).size).toBe(1);
    });
  });

  describe('versions', () => {
    it('creates versions, finds them by id and name, and lists them oldest first', async () => {
      const { pkg } = await ownerWithPackage(ctx().db);
      const one = await store().createVersion(pkg.id, '1.0.0', { metadata: '{"a":1}' });
      const two = await store().createVersion(pkg.id, '2.0.0');
      expect(one).toMatchObject({ packageId: pkg.id, version: '1.0.0', metadata: '{"a":1}', creatorId: null });
      expect(await store().findVersionById(two.id)).toMatchObject({ version: '2.0.0' });
      expect(await store().findVersion(pkg.id, '1.0.0')).toMatchObject({ id: one.id });
      expect(await store().findVersion(pkg.id, '3.0.0')).toBeNull();
      expect(await store().findVersionById(-1)).toBeNull();
      expect((await store().listVersions(pkg.id)).map((v) => v.version)).toEqual(['1.0.0', '2.0.0']);
    });

    it('finds or creates a version: exactly one caller creates it', async () => {
      const { pkg } = await ownerWithPackage(ctx().db);
      const results = await Promise.all(Array.from({ length: 3 }, () => store().findOrCreateVersion(pkg.id, '1.0.0')));
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results.map((r) => r.version.id)).size).toBe(1);
    });

    it('answers ContainerGoneError when the package is gone', async () => {
      const { pkg } = await ownerWithPackage(ctx().db);
      await store().deletePackage(pkg.id);
      await expect(store().createVersion(pkg.id, '1.0.0')).rejects.toBeInstanceOf(ContainerGoneError);
      await expect(store().findOrCreateVersion(pkg.id, '1.0.0')).rejects.toBeInstanceOf(ContainerGoneError);
    });

    it("lists an owner's versions newest first with their packages, filtered, paged, with the total", async () => {
      const { db } = ctx();
      const owner = await insertOwner(db);
      const alpha = await store().createPackage({ ownerId: owner.id, type: 'generic', name: 'alpha_1' });
      const beta = await store().createPackage({ ownerId: owner.id, type: 'npm', name: 'beta' });
      const repo = await db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo') });
      await store().setRepository(beta.id, repo.id);
      const a1 = await store().createVersion(alpha.id, '1');
      const b1 = await store().createVersion(beta.id, '1');
      const a2 = await store().createVersion(alpha.id, '2');
      const [page, total] = await store().listVersionsOfOwner(owner.id, {}, 0, 2);
      expect(total).toBe(3);
      expect(page.map((row) => row.version.id)).toEqual([a2.id, b1.id]);
      expect(page[1].pkg).toMatchObject({ id: beta.id, name: 'beta' });
      expect((await store().listVersionsOfOwner(owner.id, {}, 2, 2))[0].map((row) => row.version.id)).toEqual([a1.id]);
      expect((await store().listVersionsOfOwner(owner.id, { type: 'npm' }, 0, 10))[1]).toBe(1);
      expect((await store().listVersionsOfOwner(owner.id, { nameContains: 'ALPHA' }, 0, 10))[1]).toBe(2);
      expect((await store().listVersionsOfOwner(owner.id, { nameContains: 'a%' }, 0, 10))[1]).toBe(0);
      expect((await store().listVersionsOfOwner(owner.id, { nameContains: 'a_' }, 0, 10))[1]).toBe(2);
      expect((await store().listVersionsOfOwner(owner.id, { hiddenRepoIds: [repo.id] }, 0, 10))[1]).toBe(2);
    });
  });

  describe('blobs and files', () => {
    it('keeps one blob per sha256, and finds it by digest', async () => {
      const sha256 = sha();
      const first = await store().putBlob(sha256, 10, digests);
      expect(await store().putBlob(sha256, 10)).toMatchObject({ id: first.id, ...digests });
      expect(await store().findBlobBySha256(sha256)).toMatchObject({ id: first.id, size: 10 });
      expect(await store().findBlobBySha256(sha())).toBeNull();
    });

    it("adds files: each counts in the owner's packages bucket, and is listed by name with its blob", async () => {
      const { owner, pkg } = await ownerWithPackage(ctx().db);
      const version = await store().createVersion(pkg.id, '1.0.0');
      const b = await fileOf(version.id, 20, 'b.bin');
      const a = await fileOf(version.id, 5, 'a.bin');
      expect(b.file).toMatchObject({ versionId: version.id, blobId: b.blob.id, name: 'b.bin', size: 20 });
      expect(await packagesBytes(owner.id)).toBe(25);
      expect(await store().countFiles(version.id)).toBe(2);
      expect((await store().listFiles(version.id)).map(({ file, blob }) => [file.name, blob.sha256])).toEqual([
        ['a.bin', a.blob.sha256],
        ['b.bin', b.blob.sha256],
      ]);
      expect(await store().findFile(version.id, 'a.bin')).toMatchObject({ file: { id: a.file.id }, blob: { id: a.blob.id, ...digests } });
      expect(await store().findFile(version.id, 'c.bin')).toBeNull();
      expect((await store().blobIdsOfVersion(version.id)).sort()).toEqual([a.blob.id, b.blob.id].sort());
    });

    it('refuses a file for a version that is gone', async () => {
      const { pkg } = await ownerWithPackage(ctx().db);
      const version = await store().createVersion(pkg.id, '1.0.0');
      const blob = await store().putBlob(sha(), 3);
      await store().deleteVersion(version.id);
      await expect(store().addFile(version.id, blob.id, 'x')).rejects.toBeInstanceOf(ContainerGoneError);
    });

    it('deletes a file, taking its bytes off the ledger; false when it is gone', async () => {
      const { owner, pkg } = await ownerWithPackage(ctx().db);
      const version = await store().createVersion(pkg.id, '1.0.0');
      const { file } = await fileOf(version.id, 7);
      expect(await store().deleteFile(file.id)).toBe(true);
      expect(await store().deleteFile(file.id)).toBe(false);
      expect(await packagesBytes(owner.id)).toBe(0);
    });

    it('deletes a blob only when no file uses it, and answers it', async () => {
      const { pkg } = await ownerWithPackage(ctx().db);
      const version = await store().createVersion(pkg.id, '1.0.0');
      const { blob, file } = await fileOf(version.id, 7);
      expect(await store().deleteBlobIfUnused(blob.id)).toBeNull();
      await store().deleteFile(file.id);
      expect(await store().deleteBlobIfUnused(blob.id)).toMatchObject({ id: blob.id, sha256: blob.sha256 });
      expect(await store().deleteBlobIfUnused(blob.id)).toBeNull();
    });
  });

  describe('deletions', () => {
    it('deletes a version with its files and their bytes; false when it is gone', async () => {
      const { owner, pkg } = await ownerWithPackage(ctx().db);
      const version = await store().createVersion(pkg.id, '1.0.0');
      await fileOf(version.id, 4, 'a');
      await fileOf(version.id, 6, 'b');
      expect(await store().deleteVersion(version.id)).toBe(true);
      expect(await store().deleteVersion(version.id)).toBe(false);
      expect(await store().findVersionById(version.id)).toBeNull();
      expect(await packagesBytes(owner.id)).toBe(0);
    });

    it('deletes a package with its versions and files; false when it is gone', async () => {
      const { owner, pkg } = await ownerWithPackage(ctx().db);
      await fileOf((await store().createVersion(pkg.id, '1')).id, 4);
      await fileOf((await store().createVersion(pkg.id, '2')).id, 6);
      expect(await packagesBytes(owner.id)).toBe(10);
      expect(await store().deletePackage(pkg.id)).toBe(true);
      expect(await store().deletePackage(pkg.id)).toBe(false);
      expect(await store().findPackage(owner.id, 'generic', pkg.name)).toBeNull();
      expect(await packagesBytes(owner.id)).toBe(0);
    });

    it('deletes a package only when it has no version left', async () => {
      const { owner, pkg } = await ownerWithPackage(ctx().db);
      const version = await store().createVersion(pkg.id, '1');
      expect(await store().deletePackageIfEmpty(pkg.id)).toBe(false);
      await store().deleteVersion(version.id);
      expect(await store().deletePackageIfEmpty(pkg.id)).toBe(true);
      expect(await store().deletePackageIfEmpty(pkg.id)).toBe(false);
      expect(await store().findPackage(owner.id, 'generic', pkg.name)).toBeNull();
    });
  });

  describe('dist-tags', () => {
    it('sets, moves, lists by name and deletes tags', async () => {
      const { pkg } = await ownerWithPackage(ctx().db, 'npm');
      const one = await store().createVersion(pkg.id, '1.0.0');
      const two = await store().createVersion(pkg.id, '2.0.0');
      await store().setDistTags(pkg.id, one.id, ['latest', 'beta']);
      await store().setDistTag(pkg.id, 'latest', two.id);
      expect(await store().listDistTags(pkg.id)).toEqual({ beta: '1.0.0', latest: '2.0.0' });
      expect(Object.keys(await store().listDistTags(pkg.id))).toEqual(['beta', 'latest']);
      expect(await store().deleteDistTag(pkg.id, 'beta')).toBe(true);
      expect(await store().deleteDistTag(pkg.id, 'beta')).toBe(false);
      expect(await store().listDistTags(pkg.id)).toEqual({ latest: '2.0.0' });
    });

    it('a tag goes with its version; setting one on a gone version answers ContainerGoneError', async () => {
      const { pkg } = await ownerWithPackage(ctx().db, 'npm');
      const one = await store().createVersion(pkg.id, '1.0.0');
      await store().setDistTag(pkg.id, 'latest', one.id);
      await store().deleteVersion(one.id);
      expect(await store().listDistTags(pkg.id)).toEqual({});
      await expect(store().setDistTags(pkg.id, one.id, ['latest'])).rejects.toBeInstanceOf(ContainerGoneError);
    });
  });

  it("lists the owner's versions with their sizes, biggest first, paged, with the total", async () => {
    const { owner, pkg } = await ownerWithPackage(ctx().db);
    const small = await store().createVersion(pkg.id, '1');
    const big = await store().createVersion(pkg.id, '2');
    await fileOf(small.id, 3);
    await fileOf(big.id, 30);
    await fileOf(big.id, 3, 'b');
    const [page, total] = await store().listCountedForOwner(owner.id, 0, 1);
    expect(total).toBe(2);
    expect(page).toEqual([{ versionId: big.id, ownerName: owner.name, type: 'generic', name: pkg.name, version: '2', size: 33 }]);
    expect((await store().listCountedForOwner(owner.id, 1, 1))[0]).toMatchObject([{ versionId: small.id, size: 3 }]);
  });
});
