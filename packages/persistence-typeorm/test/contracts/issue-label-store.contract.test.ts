import { IssueLabelStore, NewLabel } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { newIssue, newRepository } from '../support/issue-fixtures';

function label(name: string, fields: Partial<NewLabel> = {}): NewLabel {
  return { name, color: '#00aabb', description: '', exclusive: false, isArchived: false, ...fields };
}

/** The IssueLabelStore port (run on SQLite and PostgreSQL). */
describeEachEngine('IssueLabelStore contract', (ctx) => {
  const store = (): IssueLabelStore => ctx().db.issueLabels;

  it('puts labels on and takes them off an issue, listing them by name; issues without labels are absent from a bulk answer', async () => {
    const { db } = ctx();
    const { owner, repo } = await newRepository(db);
    const b = await db.labels.create({ repoId: repo.id }, label('b'));
    const a = await db.labels.create({ repoId: repo.id }, label('a'));
    const c = await db.labels.create({ repoId: repo.id }, label('c'));
    const issue = await newIssue(db, { repoId: repo.id, posterId: owner.id });
    const bare = await newIssue(db, { repoId: repo.id, posterId: owner.id });
    await store().add(issue.id, [b.id, a.id, c.id]);
    await store().add(issue.id, []);
    expect((await store().labelsOf(issue.id)).map((l) => l.name)).toEqual(['a', 'b', 'c']);
    await store().remove(issue.id, [b.id, 2_000_000_000]);
    await store().remove(issue.id, []);
    const bulk = await store().labelsOfIssues([issue.id, bare.id]);
    expect(bulk.get(issue.id)?.map((l) => l.name)).toEqual(['a', 'c']);
    expect(bulk.has(bare.id)).toBe(false);
    expect(await store().labelsOf(bare.id)).toEqual([]);
    expect(await store().labelsOfIssues([])).toEqual(new Map());
  });

  it('refuses to put a label on an issue twice', async () => {
    const { db } = ctx();
    const { owner, repo } = await newRepository(db);
    const l = await db.labels.create({ repoId: repo.id }, label('once'));
    const issue = await newIssue(db, { repoId: repo.id, posterId: owner.id });
    await store().add(issue.id, [l.id]);
    await expect(store().add(issue.id, [l.id])).rejects.toThrow();
  });
});
