import { randomUUID } from 'crypto';
import { ContainerGoneError, QuotaUsageReader, RepositoryNameTakenError, RepositoryStore } from '@bellows/domain';
import { AttachmentEntity } from '../../src/entities/attachment.entity';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner, uniqueName } from '../support/quota-fixtures';

/** The RepositoryStore port: what every implementation must answer (run on SQLite and PostgreSQL). */
describeEachEngine('RepositoryStore contract', (ctx) => {
  const store = (): RepositoryStore => ctx().db.repositories;
  const usage = (): QuotaUsageReader => ctx().db.quotaUsage;
  const bytes = async (ownerId: number) => (await usage().usageOf(ownerId)).toJSON();

  async function ownerWithRepository(input: { isPrivate?: boolean; gitSize?: number; lfsSize?: number } = {}) {
    const owner = await insertOwner(ctx().db);
    const repo = await store().insert({ ownerId: owner.id, name: uniqueName('Repo'), ...input });
    return { owner, repo };
  }

  describe('insert', () => {
    it('stores an empty public repository with the defaults and its lower-cased name', async () => {
      const { owner, repo } = await ownerWithRepository();
      expect(repo).toMatchObject({
        ownerId: owner.id,
        lowerName: repo.name.toLowerCase(),
        isPrivate: false,
        description: '',
        website: '',
        defaultBranch: 'main',
        isEmpty: true,
        isArchived: false,
        gitSize: 0,
        lfsSize: 0,
      });
      expect(repo.id).toEqual(expect.any(Number));
      expect(repo.createdAt).toBeInstanceOf(Date);
    });

    it('counts the given sizes in the bucket of its visibility and in git:lfs', async () => {
      const { owner } = await ownerWithRepository({ isPrivate: true, gitSize: 300, lfsSize: 40 });
      expect(await bytes(owner.id)).toMatchObject({ 'repos:private': 300, 'repos:public': 0, 'git:lfs': 40 });
    });

    it('refuses a name the owner already uses, in any case, with RepositoryNameTakenError', async () => {
      const { owner, repo } = await ownerWithRepository();
      await expect(store().insert({ ownerId: owner.id, name: repo.name.toUpperCase() })).rejects.toBeInstanceOf(RepositoryNameTakenError);
      const other = await insertOwner(ctx().db);
      await expect(store().insert({ ownerId: other.id, name: repo.name })).resolves.toMatchObject({ ownerId: other.id });
    });
  });

  describe('findById and findByOwnerAndName', () => {
    it('finds by id, and by owner and name case-insensitively', async () => {
      const { owner, repo } = await ownerWithRepository();
      expect(await store().findById(repo.id)).toMatchObject({ id: repo.id, name: repo.name });
      expect(await store().findByOwnerAndName(owner.id, repo.name.toUpperCase())).toMatchObject({ id: repo.id });
    });

    it('answers null for a missing id, name, or another owner', async () => {
      const { repo } = await ownerWithRepository();
      const other = await insertOwner(ctx().db);
      expect(await store().findById(2_000_000_000)).toBeNull();
      expect(await store().findByOwnerAndName(repo.ownerId, 'no-such-repository')).toBeNull();
      expect(await store().findByOwnerAndName(other.id, repo.name)).toBeNull();
    });
  });

  describe('updateDetails', () => {
    it('writes only the given columns and the update date', async () => {
      const { repo } = await ownerWithRepository();
      await store().updateDetails(repo.id, { website: 'https://example.com' });
      await store().updateDetails(repo.id, { description: 'described', isEmpty: false, isArchived: true, defaultBranch: 'trunk' });
      const stored = await store().findById(repo.id);
      expect(stored).toMatchObject({
        website: 'https://example.com',
        description: 'described',
        isEmpty: false,
        isArchived: true,
        defaultBranch: 'trunk',
      });
      expect(stored!.updatedAt.getTime()).toBeGreaterThanOrEqual(repo.updatedAt.getTime());
    });

    it('renames with the lower-cased name in step', async () => {
      const { owner, repo } = await ownerWithRepository();
      const newName = uniqueName('Renamed');
      await store().updateDetails(repo.id, { name: newName });
      expect(await store().findByOwnerAndName(owner.id, newName.toLowerCase())).toMatchObject({
        id: repo.id,
        name: newName,
        lowerName: newName.toLowerCase(),
      });
      expect(await store().findByOwnerAndName(owner.id, repo.name)).toBeNull();
    });

    it('refuses a rename to a name the owner uses with RepositoryNameTakenError', async () => {
      const { owner, repo } = await ownerWithRepository();
      const taken = await store().insert({ ownerId: owner.id, name: uniqueName('Taken') });
      await expect(store().updateDetails(repo.id, { name: taken.name.toUpperCase() })).rejects.toBeInstanceOf(RepositoryNameTakenError);
      expect((await store().findById(repo.id))?.name).toBe(repo.name);
    });

    it('writes nothing and does not fail when the repository is gone', async () => {
      await expect(store().updateDetails(2_000_000_000, { description: 'x' })).resolves.toBeUndefined();
    });
  });

  describe('sizes and visibility', () => {
    it('setGitSize stores the size and moves the usage of its bucket', async () => {
      const { owner, repo } = await ownerWithRepository({ gitSize: 100 });
      await store().setGitSize(repo.id, 250);
      expect((await store().findById(repo.id))?.gitSize).toBe(250);
      expect(await bytes(owner.id)).toMatchObject({ 'repos:public': 250 });
    });

    it('setLfsSize stores the size and moves git:lfs', async () => {
      const { owner, repo } = await ownerWithRepository({ lfsSize: 10 });
      await store().setLfsSize(repo.id, 5);
      expect((await store().findById(repo.id))?.lfsSize).toBe(5);
      expect(await bytes(owner.id)).toMatchObject({ 'git:lfs': 5 });
    });

    it('setPrivate moves the git bytes between the public and the private bucket', async () => {
      const { owner, repo } = await ownerWithRepository({ gitSize: 70, lfsSize: 3 });
      await store().setPrivate(repo.id, true);
      expect((await store().findById(repo.id))?.isPrivate).toBe(true);
      expect(await bytes(owner.id)).toMatchObject({ 'repos:public': 0, 'repos:private': 70, 'git:lfs': 3 });
      await store().setPrivate(repo.id, false);
      expect(await bytes(owner.id)).toMatchObject({ 'repos:public': 70, 'repos:private': 0 });
    });

    it('answers ContainerGoneError for a repository that is gone', async () => {
      await expect(store().setGitSize(2_000_000_000, 1)).rejects.toBeInstanceOf(ContainerGoneError);
      await expect(store().setLfsSize(2_000_000_000, 1)).rejects.toBeInstanceOf(ContainerGoneError);
      await expect(store().setPrivate(2_000_000_000, true)).rejects.toBeInstanceOf(ContainerGoneError);
    });
  });

  describe('forks', () => {
    it('a fork points at its parent, whose count grows with each fork and shrinks when one is deleted', async () => {
      const { repo: parent } = await ownerWithRepository();
      const other = await insertOwner(ctx().db);
      const fork = await store().insert({ ownerId: other.id, name: parent.name, forkId: parent.id });
      expect(fork).toMatchObject({ forkId: parent.id, numForks: 0 });
      await store().insert({ ownerId: (await insertOwner(ctx().db)).id, name: parent.name, forkId: parent.id });
      expect((await store().findById(parent.id))?.numForks).toBe(2);
      await store().delete(fork.id);
      expect((await store().findById(parent.id))?.numForks).toBe(1);
    });

    it('a deleted parent leaves its forks as plain repositories', async () => {
      const { repo: parent } = await ownerWithRepository();
      const fork = await store().insert({ ownerId: (await insertOwner(ctx().db)).id, name: 'fork', forkId: parent.id });
      await store().delete(parent.id);
      expect((await store().findById(fork.id))?.forkId).toBeNull();
    });

    it('deleting the owner of forks counts them off their parents', async () => {
      const { repo: parent } = await ownerWithRepository();
      const forker = await insertOwner(ctx().db);
      await store().insert({ ownerId: forker.id, name: 'one', forkId: parent.id });
      await store().insert({ ownerId: (await insertOwner(ctx().db)).id, name: 'two', forkId: parent.id });
      await ctx().db.transaction((tx) => tx.owners.delete(forker.id));
      expect((await store().findById(parent.id))?.numForks).toBe(1);
    });

    it('refuses a fork of a repository that is gone with ContainerGoneError', async () => {
      const owner = await insertOwner(ctx().db);
      await expect(store().insert({ ownerId: owner.id, name: 'orphan', forkId: 2_000_000_000 })).rejects.toBeInstanceOf(ContainerGoneError);
      expect(await store().findByOwnerAndName(owner.id, 'orphan')).toBeNull();
    });
  });

  describe('changeOwner', () => {
    it('moves the repository and every byte counted for it (git, LFS, attachments) to the new owner', async () => {
      const { db } = ctx();
      const { owner, repo } = await ownerWithRepository({ isPrivate: true, gitSize: 500, lfsSize: 20 });
      await db.dataSource.getRepository(AttachmentEntity).insert({
        uuid: randomUUID(),
        repoId: repo.id,
        issueId: null,
        commentId: null,
        releaseId: null,
        uploaderId: owner.id,
        name: 'a.txt',
        size: 0,
        createdAt: new Date(),
        downloadCount: 0,
      });
      const recipient = await insertOwner(db);
      await store().changeOwner(repo.id, recipient.id);
      expect((await store().findById(repo.id))?.ownerId).toBe(recipient.id);
      expect(await store().findByOwnerAndName(recipient.id, repo.name)).toMatchObject({ id: repo.id });
      expect(await bytes(owner.id)).toMatchObject({ 'repos:private': 0, 'git:lfs': 0 });
      expect(await bytes(recipient.id)).toMatchObject({ 'repos:private': 500, 'git:lfs': 20 });
      expect(await db.quotaRecount.differences()).toEqual([]);
    });

    it('refuses a name the new owner uses with RepositoryNameTakenError, and moves nothing', async () => {
      const { owner, repo } = await ownerWithRepository({ gitSize: 9 });
      const recipient = await insertOwner(ctx().db);
      await store().insert({ ownerId: recipient.id, name: repo.name.toUpperCase() });
      await expect(store().changeOwner(repo.id, recipient.id)).rejects.toBeInstanceOf(RepositoryNameTakenError);
      expect((await store().findById(repo.id))?.ownerId).toBe(owner.id);
      expect(await bytes(owner.id)).toMatchObject({ 'repos:public': 9 });
      await expect(store().changeOwner(2_000_000_000, recipient.id)).rejects.toBeInstanceOf(ContainerGoneError);
    });
  });

  describe('delete', () => {
    it('deletes the repository, takes its bytes off the ledger and returns its attachments’ files', async () => {
      const { db } = ctx();
      const { owner, repo } = await ownerWithRepository({ isPrivate: true, gitSize: 500, lfsSize: 20 });
      const uuid = randomUUID();
      await db.dataSource.getRepository(AttachmentEntity).insert({
        uuid,
        repoId: repo.id,
        issueId: null,
        commentId: null,
        releaseId: null,
        uploaderId: owner.id,
        name: 'a.txt',
        size: 0,
        createdAt: new Date(),
        downloadCount: 0,
      });
      expect(await store().delete(repo.id)).toEqual({ attachmentUuids: [uuid], artifactKeys: [] });
      expect(await store().findById(repo.id)).toBeNull();
      expect(await bytes(owner.id)).toMatchObject({ 'repos:private': 0, 'git:lfs': 0 });
    });

    it('answers null when there is no such repository', async () => {
      const { repo } = await ownerWithRepository();
      await store().delete(repo.id);
      expect(await store().delete(repo.id)).toBeNull();
    });
  });
});
