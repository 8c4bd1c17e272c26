import { NewRelease, ReleaseStore, ReleaseTagTakenError } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { newRepository } from '../support/issue-fixtures';

/** The ReleaseStore port (run on SQLite and PostgreSQL). */
describeEachEngine('ReleaseStore contract', (ctx) => {
  const store = (): ReleaseStore => ctx().db.releases;
  const at = (day: number) => new Date(Date.UTC(2024, 0, day));

  async function repository() {
    const { owner, repo } = await newRepository(ctx().db);
    const release = (fields: Partial<NewRelease> & { tagName: string }) =>
      store().create({
        repoId: repo.id,
        targetCommitish: 'main',
        name: '',
        body: '',
        isDraft: false,
        isPrerelease: false,
        publisherId: owner.id,
        sha1: null,
        createdAt: at(1),
        publishedAt: null,
        ...fields,
      });
    return { owner, repo, release };
  }

  it('stores every field and finds the release by id (within its repository) and by tag', async () => {
    const { owner, repo, release } = await repository();
    const fields = {
      tagName: 'v1.0',
      targetCommitish: 'dev',
      name: 'One',
      body: 'notes',
      isDraft: false,
      isPrerelease: true,
      publisherId: owner.id,
      sha1: 'a'.repeat(40),
      createdAt: at(2),
      publishedAt: at(3),
    };
    const created = await release(fields);
    expect(created).toMatchObject({ repoId: repo.id, ...fields });
    expect(await store().findById(repo.id, created.id)).toMatchObject({ id: created.id, repoId: repo.id, ...fields });
    expect(await store().findByTag(repo.id, 'v1.0')).toMatchObject({ id: created.id });
    const other = await repository();
    expect(await store().findById(other.repo.id, created.id)).toBeNull();
    expect(await store().findByTag(other.repo.id, 'v1.0')).toBeNull();
  });

  it('answers null for a release that does not exist, and for an id no row can have', async () => {
    const { repo } = await repository();
    expect(await store().findById(repo.id, 2_000_000_000)).toBeNull();
    expect(await store().findById(repo.id, 999_999_999_999_999)).toBeNull();
    expect(await store().findByTag(repo.id, 'nope')).toBeNull();
  });

  it('refuses a second release of the same tag in a repository (ReleaseTagTakenError); other repositories may use it', async () => {
    const { release } = await repository();
    await release({ tagName: 'v1' });
    const error = await release({ tagName: 'v1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReleaseTagTakenError);
    expect((error as ReleaseTagTakenError).tagName).toBe('v1');
    await expect((await repository()).release({ tagName: 'v1' })).resolves.toMatchObject({ tagName: 'v1' });
  });

  it('answers the newest published full release as the latest (drafts and pre-releases left out); null when none', async () => {
    const { repo, release } = await repository();
    expect(await store().latest(repo.id)).toBeNull();
    const old = await release({ tagName: 'v1', createdAt: at(1) });
    await release({ tagName: 'v2-rc', createdAt: at(5), isPrerelease: true });
    await release({ tagName: 'v3-draft', createdAt: at(6), isDraft: true });
    expect(await store().latest(repo.id)).toMatchObject({ id: old.id });
    const newer = await release({ tagName: 'v2', createdAt: at(4) });
    expect(await store().latest(repo.id)).toMatchObject({ id: newer.id });
  });

  it('lists newest first (then by id), paged, with the total; drafts only when allowed; by draft, pre-release and text', async () => {
    const { repo, release } = await repository();
    const a = await release({ tagName: 'v1', name: 'First', createdAt: at(1) });
    const b = await release({ tagName: 'v2', name: 'Second', createdAt: at(2), isPrerelease: true });
    const c = await release({ tagName: 'v3', name: 'Third 100%_done', createdAt: at(2) });
    const d = await release({ tagName: 'draft', createdAt: at(9), isDraft: true });
    const ids = async (filter: Parameters<ReleaseStore['list']>[0], skip = 0, take = 10) => {
      const [rows, total] = await store().list(filter, skip, take);
      return { ids: rows.map((r) => r.id), total };
    };
    expect(await ids({ repoId: repo.id, includeDrafts: false })).toEqual({ ids: [c.id, b.id, a.id], total: 3 });
    expect(await ids({ repoId: repo.id, includeDrafts: true }, 0, 2)).toEqual({ ids: [d.id, c.id], total: 4 });
    expect(await ids({ repoId: repo.id, includeDrafts: true }, 2, 2)).toEqual({ ids: [b.id, a.id], total: 4 });
    expect(await ids({ repoId: repo.id, includeDrafts: true, draft: true })).toEqual({ ids: [d.id], total: 1 });
    expect(await ids({ repoId: repo.id, includeDrafts: false, draft: true })).toEqual({ ids: [], total: 0 });
    expect(await ids({ repoId: repo.id, includeDrafts: false, prerelease: true })).toEqual({ ids: [b.id], total: 1 });
    expect(await ids({ repoId: repo.id, includeDrafts: false, prerelease: false })).toEqual({ ids: [c.id, a.id], total: 2 });
    expect(await ids({ repoId: repo.id, includeDrafts: false, q: 'SECOND' })).toEqual({ ids: [b.id], total: 1 });
    expect(await ids({ repoId: repo.id, includeDrafts: false, q: 'V1' })).toEqual({ ids: [a.id], total: 1 });
    expect(await ids({ repoId: repo.id, includeDrafts: false, q: '0%_' })).toEqual({ ids: [c.id], total: 1 });
    expect(await ids({ repoId: repo.id, includeDrafts: false, q: '%' })).toEqual({ ids: [c.id], total: 1 });
  });

  it('writes the given columns by id, answering false when the release is gone; no columns only asks whether it exists', async () => {
    const { db } = ctx();
    const { repo, release } = await repository();
    const created = await release({ tagName: 'v1', isDraft: true });
    expect(await store().update(created.id, { name: 'Named', isDraft: false, publishedAt: at(5), sha1: 'b'.repeat(40) })).toBe(true);
    expect(await store().findById(repo.id, created.id)).toMatchObject({ name: 'Named', isDraft: false, publishedAt: at(5), tagName: 'v1' });
    expect(await store().update(created.id, {})).toBe(true);
    await db.attachments.deleteContainer('release', created.id);
    expect(await store().update(created.id, { name: 'gone' })).toBe(false);
    expect(await store().update(created.id, {})).toBe(false);
  });

  it("refuses to move a release to another release's tag (ReleaseTagTakenError)", async () => {
    const { repo, release } = await repository();
    await release({ tagName: 'v1' });
    const second = await release({ tagName: 'v2' });
    await expect(store().update(second.id, { tagName: 'v1' })).rejects.toBeInstanceOf(ReleaseTagTakenError);
    expect(await store().findById(repo.id, second.id)).toMatchObject({ tagName: 'v2' });
  });

  it('holds the current row for a change inside a transaction; null when it is gone', async () => {
    const { db } = ctx();
    const { release } = await repository();
    const created = await release({ tagName: 'v1' });
    await db.transaction(async (tx) => {
      const held: ReleaseStore = tx.releases;
      expect(await held.findForChange(created.id)).toMatchObject({ id: created.id, tagName: 'v1' });
      expect(await held.findForChange(2_000_000_000)).toBeNull();
    });
  });
});
