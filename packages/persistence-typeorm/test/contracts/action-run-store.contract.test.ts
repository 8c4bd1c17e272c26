import { ActionRunStore, ContainerGoneError, NewActionRun } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner, uniqueName } from '../support/quota-fixtures';

/** The ActionRunStore port: runs and their artifact uploads (run on SQLite and PostgreSQL). */
describeEachEngine('ActionRunStore contract', (ctx) => {
  const store = (): ActionRunStore => ctx().db.actionRuns;

  async function repository() {
    const { db } = ctx();
    const owner = await insertOwner(db);
    return db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo') });
  }

  const newRun = (repoId: number, name = 'ci'): NewActionRun => ({
    repoId,
    name,
    event: 'push',
    workflowId: 'ci.yml',
    headBranch: 'main',
    headSha: 'a'.repeat(40),
    status: 'running',
    triggeringUserId: null,
  });
  const insertRun = (repoId: number, name?: string) =>
    ctx().db.transaction((tx) => (tx.actionRuns as ActionRunStore).insert(newRun(repoId, name)));

  describe('runs', () => {
    it("numbers a repository's runs from 1, and finds them by id and within their repository only", async () => {
      const repo = await repository();
      const other = await repository();
      const first = await insertRun(repo.id);
      const second = await insertRun(repo.id);
      const elsewhere = await insertRun(other.id);
      expect(first).toMatchObject({ ...newRun(repo.id), runNumber: 1 });
      expect(first.createdAt).toBeInstanceOf(Date);
      expect(second.runNumber).toBe(2);
      expect(elsewhere.runNumber).toBe(1);
      expect(await store().findById(second.id)).toMatchObject({ id: second.id, runNumber: 2 });
      expect(await store().findById(-1)).toBeNull();
      expect(await store().findInRepository(repo.id, first.id)).toMatchObject({ id: first.id });
      expect(await store().findInRepository(other.id, first.id)).toBeNull();
    });

    it("lists a repository's runs newest first, paged, with the total", async () => {
      const repo = await repository();
      const runs = [await insertRun(repo.id, 'a'), await insertRun(repo.id, 'b'), await insertRun(repo.id, 'c')];
      const [page, total] = await store().listForRepository(repo.id, 0, 2);
      expect(total).toBe(3);
      expect(page.map((run) => run.id)).toEqual([runs[2].id, runs[1].id]);
      expect((await store().listForRepository(repo.id, 2, 2))[0].map((run) => run.id)).toEqual([runs[0].id]);
    });
  });

  describe('uploads', () => {
    it('starts an upload with nothing assembled yet, and finds it by id and by name within its run', async () => {
      const run = await insertRun((await repository()).id);
      const expiresAt = new Date(Date.now() + 3_600_000);
      const upload = await store().insertUpload({ runId: run.id, name: 'dist', expiresAt });
      expect(upload).toMatchObject({ runId: run.id, name: 'dist', storageKey: null, size: null, sha256: null });
      expect(upload.expiresAt?.getTime()).toBe(expiresAt.getTime());
      expect(await store().findUpload(upload.id)).toMatchObject({ id: upload.id });
      expect(await store().findUploadByName(run.id, 'dist')).toMatchObject({ id: upload.id });
      expect(await store().findUploadByName(run.id, 'other')).toBeNull();
      expect(await store().findUpload(-1)).toBeNull();
    });

    it('refuses a second upload of the same name in a run, and an upload for a run that is gone', async () => {
      const { db } = ctx();
      const run = await insertRun((await repository()).id);
      await store().insertUpload({ runId: run.id, name: 'dist', expiresAt: null });
      await expect(store().insertUpload({ runId: run.id, name: 'dist', expiresAt: null })).rejects.toThrow();
      await db.dataSource.query(`DELETE FROM action_run WHERE id = ${run.id}`);
      await expect(store().insertUpload({ runId: run.id, name: 'late', expiresAt: null })).rejects.toBeInstanceOf(ContainerGoneError);
    });

    it('records where an upload was assembled', async () => {
      const run = await insertRun((await repository()).id);
      const upload = await store().insertUpload({ runId: run.id, name: 'dist', expiresAt: null });
      await store().markUploadAssembled(upload.id, { storageKey: 'actions/artifacts/1.zip', size: 42, sha256: 'f'.repeat(64) });
      expect(await store().findUpload(upload.id)).toMatchObject({
        storageKey: 'actions/artifacts/1.zip',
        size: 42,
        sha256: 'f'.repeat(64),
      });
    });

    it('deletes an upload once: the second deletion answers false', async () => {
      const run = await insertRun((await repository()).id);
      const upload = await store().insertUpload({ runId: run.id, name: 'dist', expiresAt: null });
      expect(await store().deleteUpload(upload.id)).toBe(true);
      expect(await store().deleteUpload(upload.id)).toBe(false);
      expect(await store().findUpload(upload.id)).toBeNull();
    });

    it('lists uploads started before a moment, oldest first, at most `take`', async () => {
      const run = await insertRun((await repository()).id);
      const a = await store().insertUpload({ runId: run.id, name: uniqueName('a'), expiresAt: null });
      const b = await store().insertUpload({ runId: run.id, name: uniqueName('b'), expiresAt: null });
      const before = new Date(Date.now() + 1000);
      const listed = (await store().listUploadsStartedBefore(before, 1000)).map((upload) => upload.id);
      expect(listed.indexOf(a.id)).toBeGreaterThanOrEqual(0);
      expect(listed.indexOf(b.id)).toBeGreaterThan(listed.indexOf(a.id));
      expect(await store().listUploadsStartedBefore(before, 1)).toHaveLength(1);
      expect((await store().listUploadsStartedBefore(new Date(0), 10)).map((upload) => upload.id)).not.toContain(a.id);
    });
  });
});
