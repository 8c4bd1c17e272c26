import { IssueLabelStore, LabelStore, NewLabel } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { newIssue, newRepository } from '../support/issue-fixtures';

function label(name: string, fields: Partial<NewLabel> = {}): NewLabel {
  return { name, color: '#00aabb', description: '', exclusive: false, isArchived: false, ...fields };
}

/** The LabelStore port (run on SQLite and PostgreSQL). */
describeEachEngine('LabelStore contract', (ctx) => {
  const store = (): LabelStore => ctx().db.labels;
  const issueLabels = (): IssueLabelStore => ctx().db.issueLabels;

  it("stores a repository's label and an organization's with every field, each found within its holder only", async () => {
    const { db } = ctx();
    const { repo } = await newRepository(db);
    const { owner: org } = await newRepository(db, 'organization');
    const repoLabel = await store().create(
      { repoId: repo.id },
      label('kind/bug', { description: 'broken', exclusive: true, isArchived: true }),
    );
    const orgLabel = await store().create({ orgId: org.id }, label('shared'));
    expect(await store().find({ repoId: repo.id }, repoLabel.id)).toEqual({
      id: repoLabel.id,
      repoId: repo.id,
      orgId: null,
      name: 'kind/bug',
      color: '#00aabb',
      description: 'broken',
      exclusive: true,
      isArchived: true,
    });
    expect(await store().find({ orgId: org.id }, orgLabel.id)).toMatchObject({ repoId: null, orgId: org.id, name: 'shared' });
    expect(await store().find({ orgId: org.id }, repoLabel.id)).toBeNull();
    expect(await store().find({ repoId: repo.id }, 2_000_000_000)).toBeNull();
  });

  it("lists one page of the holder's labels by name, with the total", async () => {
    const { repo } = await newRepository(ctx().db);
    const z = await store().create({ repoId: repo.id }, label('zeta'));
    const a = await store().create({ repoId: repo.id }, label('alpha'));
    const m = await store().create({ repoId: repo.id }, label('mid'));
    const [all, total] = await store().list({ repoId: repo.id }, 0, 10);
    expect([all.map((l) => l.id), total]).toEqual([[a.id, m.id, z.id], 3]);
    const [page] = await store().list({ repoId: repo.id }, 1, 1);
    expect(page.map((l) => l.id)).toEqual([m.id]);
  });

  it('writes exactly the given columns by id, and answers false when the label is gone (also with no change)', async () => {
    const { repo } = await newRepository(ctx().db);
    const l = await store().create({ repoId: repo.id }, label('old', { description: 'kept' }));
    expect(await store().update(l.id, { name: 'new', exclusive: true })).toBe(true);
    expect(await store().find({ repoId: repo.id }, l.id)).toMatchObject({ name: 'new', description: 'kept', exclusive: true });
    expect(await store().update(l.id, {})).toBe(true);
    await store().delete(l.id);
    expect(await store().update(l.id, { name: 'revived' })).toBe(false);
    expect(await store().update(l.id, {})).toBe(false);
    expect(await store().find({ repoId: repo.id }, l.id)).toBeNull();
  });

  it('takes a deleted label off every issue', async () => {
    const { db } = ctx();
    const { owner, repo } = await newRepository(db);
    const l = await store().create({ repoId: repo.id }, label('doomed'));
    const issue = await newIssue(db, { repoId: repo.id, posterId: owner.id });
    await issueLabels().add(issue.id, [l.id]);
    await store().delete(l.id);
    expect(await issueLabels().labelsOf(issue.id)).toEqual([]);
  });

  it("finds the usable labels (the repository's and its organization's) by id or name, a name matching both giving both", async () => {
    const { db } = ctx();
    const { owner: org, repo } = await newRepository(db, 'organization');
    const other = await newRepository(db);
    const own = await store().create({ repoId: repo.id }, label('same'));
    const inherited = await store().create({ orgId: org.id }, label('same'));
    const byId = await store().create({ orgId: org.id }, label('by-id'));
    const foreign = await store().create({ repoId: other.repo.id }, label('same'));
    const found = await store().findUsable({ repoId: repo.id, orgId: org.id }, [byId.id, foreign.id], ['same']);
    expect(found.map((l) => l.id)).toEqual([byId.id, own.id, inherited.id]);
    expect((await store().findUsable({ repoId: repo.id, orgId: null }, [], ['same'])).map((l) => l.id)).toEqual([own.id]);
    expect(await store().findUsable({ repoId: repo.id, orgId: org.id }, [], [])).toEqual([]);
  });

  it('finds labels by ids whoever holds them', async () => {
    const { repo } = await newRepository(ctx().db);
    const l = await store().create({ repoId: repo.id }, label('x'));
    expect((await store().findByIds([l.id, 2_000_000_000])).map((found) => found.id)).toEqual([l.id]);
    expect(await store().findByIds([])).toEqual([]);
  });
});
