import { MilestoneStore, NewMilestone } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { newIssue, newRepository } from '../support/issue-fixtures';

/** The MilestoneStore port (run on SQLite and PostgreSQL). */
describeEachEngine('MilestoneStore contract', (ctx) => {
  const store = (): MilestoneStore => ctx().db.milestones;
  const at = (day: number) => new Date(Date.UTC(2024, 0, day));
  const milestone = (repoId: number, fields: Partial<NewMilestone> = {}) =>
    store().create({
      repoId,
      name: 'v1',
      description: '',
      isClosed: false,
      dueOn: null,
      createdAt: at(1),
      updatedAt: at(1),
      closedAt: null,
      ...fields,
    });

  it('stores every field and finds it by id within its repository only', async () => {
    const { repo } = await newRepository(ctx().db);
    const created = await milestone(repo.id, { name: '1.0', description: 'first', dueOn: at(9), isClosed: true, closedAt: at(2) });
    expect(await store().findById(repo.id, created.id)).toEqual({
      id: created.id,
      repoId: repo.id,
      name: '1.0',
      description: 'first',
      isClosed: true,
      dueOn: at(9),
      createdAt: at(1),
      updatedAt: at(1),
      closedAt: at(2),
    });
    expect(await store().findById((await newRepository(ctx().db)).repo.id, created.id)).toBeNull();
    expect(await store().findById(repo.id, 2_000_000_000)).toBeNull();
    expect((await store().findByIds([created.id, 2_000_000_000])).map((m) => m.id)).toEqual([created.id]);
    expect(await store().findByIds([])).toEqual([]);
  });

  it('finds the first milestone of a name case-insensitively, in its repository', async () => {
    const { repo } = await newRepository(ctx().db);
    const first = await milestone(repo.id, { name: 'Sprint' });
    await milestone(repo.id, { name: 'sprint' });
    expect((await store().findByName(repo.id, 'SPRINT'))?.id).toBe(first.id);
    expect(await store().findByName(repo.id, 'other')).toBeNull();
    expect(await store().findByName((await newRepository(ctx().db)).repo.id, 'sprint')).toBeNull();
  });

  it('lists by id with the total, narrowed by state and by a name fragment', async () => {
    const { repo } = await newRepository(ctx().db);
    const a = await milestone(repo.id, { name: 'Alpha_1' });
    const b = await milestone(repo.id, { name: 'beta', isClosed: true });
    const c = await milestone(repo.id, { name: 'alphabet' });
    const ids = async (filter: { isClosed?: boolean; name?: string }, skip = 0, take = 10) => {
      const [page, total] = await store().list({ repoId: repo.id, ...filter }, skip, take);
      return { ids: page.map((m) => m.id), total };
    };
    expect(await ids({})).toEqual({ ids: [a.id, b.id, c.id], total: 3 });
    expect(await ids({}, 1, 1)).toEqual({ ids: [b.id], total: 3 });
    expect(await ids({ isClosed: false })).toEqual({ ids: [a.id, c.id], total: 2 });
    expect(await ids({ name: 'ALPHA' })).toEqual({ ids: [a.id, c.id], total: 2 });
    expect(await ids({ name: 'a_' })).toEqual({ ids: [a.id], total: 1 });
  });

  it('writes the given columns by id, reads the current row for a change, and answers false / null once it is gone', async () => {
    const { db } = ctx();
    const { repo } = await newRepository(db);
    const m = await milestone(repo.id, { description: 'kept' });
    expect(await store().update(m.id, { name: 'renamed', updatedAt: at(5) })).toBe(true);
    expect(await db.transaction((tx) => tx.milestones.findForChange(m.id))).toMatchObject({
      name: 'renamed',
      description: 'kept',
      updatedAt: at(5),
    });
    await store().delete(m.id);
    expect(await store().update(m.id, { name: 'revived' })).toBe(false);
    expect(await db.transaction((tx) => tx.milestones.findForChange(m.id))).toBeNull();
    expect(await store().findById(repo.id, m.id)).toBeNull();
  });

  it('counts the open and closed issues of each milestone, zero for one without issues; deleting it leaves the issues', async () => {
    const { db } = ctx();
    const { owner, repo } = await newRepository(db);
    const [full, empty] = [await milestone(repo.id), await milestone(repo.id)];
    for (const isClosed of [false, false, true])
      await newIssue(db, { repoId: repo.id, posterId: owner.id, isClosed, milestoneId: full.id });
    expect(await store().countsOf([full.id, empty.id])).toEqual(
      new Map([
        [full.id, { open: 2, closed: 1 }],
        [empty.id, { open: 0, closed: 0 }],
      ]),
    );
    expect(await store().countsOf([])).toEqual(new Map());
    await store().delete(full.id);
    const [issues] = await db.issues.list({ repoId: repo.id }, 0, 10);
    expect(issues.map((issue) => issue.milestoneId)).toEqual([null, null, null]);
  });
});
