import { ArtifactStore, ContainerGoneError, QuotaUsageReader } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner, uniqueName } from '../support/quota-fixtures';

/** The ArtifactStore port: active artifacts count toward the repository owner (run on SQLite and PostgreSQL). */
describeEachEngine('ArtifactStore contract', (ctx) => {
  const store = (): ArtifactStore => ctx().db.artifacts;
  const usage = (): QuotaUsageReader => ctx().db.quotaUsage;
  const artifactBytes = async (ownerId: number) => (await usage().usageOf(ownerId)).bytesIn('artifacts');

  async function runInRepository() {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const repo = await db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo') });
    const run = await db.transaction((tx) =>
      tx.actionRuns.insert({
        repoId: repo.id,
        name: 'ci',
        event: 'push',
        workflowId: 'ci.yml',
        headBranch: 'main',
        headSha: '',
        status: 'running',
        triggeringUserId: null,
      }),
    );
    return { owner, repo, run };
  }

  it('records an active artifact whose compressed size counts toward the repository owner', async () => {
    const { owner, repo, run } = await runInRepository();
    const input = { repoId: repo.id, runId: run.id, name: 'dist', compressedSize: 100, storageKey: 'k', sha256: 'a'.repeat(64) };
    const artifact = await store().insert(input);
    expect(artifact).toMatchObject({ ...input, status: 'active', expiresAt: null });
    expect(await store().findById(artifact.id)).toMatchObject({ id: artifact.id, status: 'active' });
    expect(await store().findById(-1)).toBeNull();
    expect(await artifactBytes(owner.id)).toBe(100);
  });

  it('refuses an artifact whose run is gone', async () => {
    const { repo, run } = await runInRepository();
    await ctx().db.dataSource.query(`DELETE FROM action_run WHERE id = ${run.id}`);
    await expect(store().insert({ repoId: repo.id, runId: run.id, name: 'dist', compressedSize: 1 })).rejects.toBeInstanceOf(
      ContainerGoneError,
    );
  });

  it("lists a repository's artifacts newest first, filtered by run, name and id, paged, with the total", async () => {
    const { repo, run } = await runInRepository();
    const a = await store().insert({ repoId: repo.id, runId: run.id, name: 'a', compressedSize: 1 });
    const b = await store().insert({ repoId: repo.id, runId: run.id, name: 'b', compressedSize: 1 });
    const c = await store().insert({ repoId: repo.id, runId: run.id, name: 'a', compressedSize: 1 });
    const [page, total] = await store().listForRepository({ repoId: repo.id }, 0, 2);
    expect(total).toBe(3);
    expect(page.map((x) => x.id)).toEqual([c.id, b.id]);
    expect((await store().listForRepository({ repoId: repo.id, name: 'a' }, 0, 10))[0].map((x) => x.id)).toEqual([c.id, a.id]);
    expect((await store().listForRepository({ repoId: repo.id, id: b.id }, 0, 10))[1]).toBe(1);
    expect((await store().listForRepository({ repoId: repo.id, runId: run.id + 1000 }, 0, 10))[1]).toBe(0);
  });

  it('expires an artifact once: it stops counting and is no longer listed as active', async () => {
    const { owner, repo, run } = await runInRepository();
    const expiresAt = new Date(Date.now() - 1000);
    const artifact = await store().insert({ repoId: repo.id, runId: run.id, name: 'dist', compressedSize: 50, expiresAt });
    expect((await store().listDueForExpiry(new Date(), 1000)).map((x) => x.id)).toContain(artifact.id);
    expect(await store().markExpired(artifact.id)).toBe(true);
    expect(await store().markExpired(artifact.id)).toBe(false);
    expect(await store().findById(artifact.id)).toMatchObject({ status: 'expired' });
    expect(await artifactBytes(owner.id)).toBe(0);
    expect((await store().listDueForExpiry(new Date(), 1000)).map((x) => x.id)).not.toContain(artifact.id);
    expect(await store().listActiveForRuns([run.id])).toEqual([]);
  });

  it('lists due artifacts oldest expiry first, at most `take`, leaving out those not due', async () => {
    const { repo, run } = await runInRepository();
    const now = Date.now();
    const later = await store().insert({ repoId: repo.id, runId: run.id, name: 'l', compressedSize: 1, expiresAt: new Date(now - 1000) });
    const earlier = await store().insert({ repoId: repo.id, runId: run.id, name: 'e', compressedSize: 1, expiresAt: new Date(now - 5000) });
    const future = await store().insert({
      repoId: repo.id,
      runId: run.id,
      name: 'f',
      compressedSize: 1,
      expiresAt: new Date(now + 60_000),
    });
    const due = (await store().listDueForExpiry(new Date(now), 1000)).map((x) => x.id);
    expect(due.indexOf(earlier.id)).toBeLessThan(due.indexOf(later.id));
    expect(due).not.toContain(future.id);
    expect(await store().listDueForExpiry(new Date(now), 1)).toHaveLength(1);
  });

  it('lists the active artifacts of runs, oldest first; no runs, no artifacts', async () => {
    const { repo, run } = await runInRepository();
    const a = await store().insert({ repoId: repo.id, runId: run.id, name: 'a', compressedSize: 1 });
    const b = await store().insert({ repoId: repo.id, runId: run.id, name: 'b', compressedSize: 1 });
    expect((await store().listActiveForRuns([run.id])).map((x) => x.id)).toEqual([a.id, b.id]);
    expect(await store().listActiveForRuns([])).toEqual([]);
  });

  it('deletes an artifact once, taking an active one off the ledger', async () => {
    const { owner, repo, run } = await runInRepository();
    const active = await store().insert({ repoId: repo.id, runId: run.id, name: 'a', compressedSize: 30 });
    const expired = await store().insert({ repoId: repo.id, runId: run.id, name: 'b', compressedSize: 20 });
    await store().markExpired(expired.id);
    expect(await artifactBytes(owner.id)).toBe(30);
    expect(await store().delete(expired.id)).toBe(true);
    expect(await artifactBytes(owner.id)).toBe(30);
    expect(await store().delete(active.id)).toBe(true);
    expect(await store().delete(active.id)).toBe(false);
    expect(await artifactBytes(owner.id)).toBe(0);
  });

  it("lists the owner's active artifacts, biggest first, paged, with the total", async () => {
    const { owner, repo, run } = await runInRepository();
    const small = await store().insert({ repoId: repo.id, runId: run.id, name: 'small', compressedSize: 5 });
    const big = await store().insert({ repoId: repo.id, runId: run.id, name: 'big', compressedSize: 50 });
    const gone = await store().insert({ repoId: repo.id, runId: run.id, name: 'gone', compressedSize: 500 });
    await store().markExpired(gone.id);
    const [page, total] = await store().listCountedForOwner(owner.id, 0, 1);
    expect(total).toBe(2);
    expect(page).toEqual([{ id: big.id, name: 'big', size: 50, runId: run.id, ownerName: owner.name, repoName: repo.name }]);
    expect((await store().listCountedForOwner(owner.id, 1, 1))[0]).toMatchObject([{ id: small.id }]);
  });
});
