import { ContainerGoneError, IssueStore, LabelStore } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { Database } from '../../src/database';
import { newOwner } from '../support/account-fixtures';
import { newIssue, newRepository } from '../support/issue-fixtures';

/** The IssueStore port (run on SQLite and PostgreSQL). */
describeEachEngine('IssueStore contract', (ctx) => {
  const store = (): IssueStore => ctx().db.issues;
  const labels = (): LabelStore => ctx().db.labels;

  it('numbers the issues of a repository from 1, stores every field, and finds them by number and by id with their poster', async () => {
    const { db } = ctx();
    const { owner, repo } = await newRepository(db);
    const createdAt = new Date('2024-01-02T03:04:05.000Z');
    const first = await newIssue(db, { repoId: repo.id, posterId: owner.id, title: 'first', body: 'text', createdAt });
    const second = await newIssue(db, { repoId: repo.id, posterId: owner.id, isClosed: true, createdAt });
    expect(first).toMatchObject({
      repoId: repo.id,
      index: 1,
      posterId: owner.id,
      title: 'first',
      body: 'text',
      isPull: false,
      isClosed: false,
    });
    expect(second).toMatchObject({ index: 2, isClosed: true });
    const found = await store().findByIndex(repo.id, 1);
    expect(found).toMatchObject({ id: first.id, title: 'first', updatedAt: createdAt, closedAt: null, milestoneId: null });
    expect(found?.poster?.id).toBe(owner.id);
    expect((await store().findById(second.id))?.closedAt).toEqual(createdAt);
    expect((await store().findByIds([first.id, second.id, 2_000_000_000])).map((i) => i.id).sort()).toEqual([first.id, second.id].sort());
    expect(await store().findByIds([])).toEqual([]);
  });

  it('answers null for an issue that does not exist', async () => {
    const { repo } = await newRepository(ctx().db);
    expect(await store().findByIndex(repo.id, 1)).toBeNull();
    expect(await store().findById(2_000_000_000)).toBeNull();
  });

  it('never gives the number of a deleted issue again', async () => {
    const { db } = ctx();
    const { owner, repo } = await newRepository(db);
    const doomed = await newIssue(db, { repoId: repo.id, posterId: owner.id });
    await store().delete(doomed.id);
    expect(await store().findById(doomed.id)).toBeNull();
    expect((await newIssue(db, { repoId: repo.id, posterId: owner.id })).index).toBe(2);
  });

  it('refuses to open an issue in a repository that is gone', async () => {
    const { db } = ctx();
    const owner = await newOwner(db.owners);
    await expect(newIssue(db, { repoId: 2_000_000_000, posterId: owner.id })).rejects.toBeInstanceOf(ContainerGoneError);
  });

  it('writes exactly the given columns by id, and answers false when the issue is gone', async () => {
    const { db } = ctx();
    const { owner, repo } = await newRepository(db);
    const issue = await newIssue(db, { repoId: repo.id, posterId: owner.id, body: 'kept' });
    const closedAt = new Date('2025-01-01T00:00:00.000Z');
    expect(await store().update(issue.id, { title: 'renamed', isClosed: true, closedAt })).toBe(true);
    expect(await store().findById(issue.id)).toMatchObject({ title: 'renamed', body: 'kept', isClosed: true, closedAt });
    await store().delete(issue.id);
    expect(await store().update(issue.id, { title: 'revived' })).toBe(false);
    expect(await store().findById(issue.id)).toBeNull();
  });

  it('sets only the update date with touch', async () => {
    const { db } = ctx();
    const { owner, repo } = await newRepository(db);
    const issue = await newIssue(db, { repoId: repo.id, posterId: owner.id });
    const later = new Date('2030-05-06T07:08:09.000Z');
    await store().touch(issue.id, later);
    expect(await store().findById(issue.id)).toMatchObject({ title: issue.title, updatedAt: later });
  });

  it('reads the current row for a change inside a transaction, null when it is gone', async () => {
    const { db } = ctx();
    const { owner, repo } = await newRepository(db);
    const issue = await newIssue(db, { repoId: repo.id, posterId: owner.id });
    await store().update(issue.id, { title: 'changed meanwhile' });
    expect((await db.transaction((tx) => tx.issues.findForChange(issue.id)))?.title).toBe('changed meanwhile');
    await store().delete(issue.id);
    expect(await db.transaction((tx) => tx.issues.findForChange(issue.id))).toBeNull();
  });

  it('lists the newest first with the total, narrowed by state, keyword, poster, assignee, milestone, ids and update dates', async () => {
    const { db } = ctx();
    const { owner, repo } = await newRepository(db);
    const other = await newOwner(db.owners);
    const at = (day: number) => new Date(Date.UTC(2024, 0, day));
    const a = await newIssue(db, { repoId: repo.id, posterId: owner.id, title: 'Alpha 100%', createdAt: at(1) });
    const b = await newIssue(db, { repoId: repo.id, posterId: other.id, body: 'mentions ALPHA', isClosed: true, createdAt: at(2) });
    const c = await newIssue(db, { repoId: repo.id, posterId: owner.id, title: 'gamma', createdAt: at(3) });
    await newIssue(db, { repoId: (await newRepository(db)).repo.id, posterId: owner.id, title: 'Alpha elsewhere' });
    await store().setAssignees(c.id, [other.id]);
    const ids = async (filter: Omit<Parameters<IssueStore['list']>[0], 'repoId'>, skip = 0, take = 10) => {
      const [page, total] = await store().list({ repoId: repo.id, ...filter }, skip, take);
      return { ids: page.map((issue) => issue.id), total };
    };
    expect(await ids({})).toEqual({ ids: [c.id, b.id, a.id], total: 3 });
    expect(await ids({}, 1, 1)).toEqual({ ids: [b.id], total: 3 });
    expect(await ids({ isClosed: false })).toEqual({ ids: [c.id, a.id], total: 2 });
    expect(await ids({ isPull: true })).toEqual({ ids: [], total: 0 });
    expect(await ids({ keyword: 'alpha' })).toEqual({ ids: [b.id, a.id], total: 2 });
    expect(await ids({ keyword: '0%' })).toEqual({ ids: [a.id], total: 1 });
    expect(await ids({ keyword: '_' })).toEqual({ ids: [], total: 0 });
    expect(await ids({ posterId: other.id })).toEqual({ ids: [b.id], total: 1 });
    expect(await ids({ assigneeId: other.id })).toEqual({ ids: [c.id], total: 1 });
    expect(await ids({ issueIds: [a.id, c.id] })).toEqual({ ids: [c.id, a.id], total: 2 });
    expect(await ids({ issueIds: [] })).toEqual({ ids: [], total: 0 });
    expect(await ids({ milestoneIds: [] })).toEqual({ ids: [], total: 0 });
    expect(await ids({ updatedSince: at(2), updatedBefore: at(2) })).toEqual({ ids: [b.id], total: 1 });
  });

  it('lists a page with what a list shows of each issue: poster, labels by name, assignees in order, user comments, pull state', async () => {
    const { db } = ctx();
    const { owner, repo } = await newRepository(db);
    const [x, y] = [await newOwner(db.owners), await newOwner(db.owners)];
    const at = (day: number) => new Date(Date.UTC(2024, 0, day));
    const plain = await newIssue(db, { repoId: repo.id, posterId: owner.id, createdAt: at(1) });
    const busy = await newIssue(db, { repoId: repo.id, posterId: x.id, createdAt: at(2), isClosed: true });
    const pull = await openPull(ctx().db, repo.id, owner.id);
    const [ui, bug] = [await labels().create({ repoId: repo.id }, label('ui')), await labels().create({ repoId: repo.id }, label('bug'))];
    await db.issueLabels.add(busy.id, [ui.id, bug.id]);
    await store().setAssignees(busy.id, [y.id, x.id]);
    for (const type of [0, 0, 2]) await db.comments.insert({ issueId: busy.id, type, posterId: x.id, createdAt: at(3) });

    const [page, total] = await store().listWithDetails({ repoId: repo.id }, 0, 10);
    expect(total).toBe(3);
    expect(page.map(({ issue }) => issue.id)).toEqual([pull.issue.id, busy.id, plain.id]);
    const [shownPull, shownBusy, shownPlain] = page;
    expect(shownBusy.issue).toMatchObject({ index: busy.index, isClosed: true, createdAt: at(2), closedAt: at(2), poster: { id: x.id } });
    expect(shownBusy.labels.map((l) => l.name)).toEqual(['bug', 'ui']);
    expect(shownBusy.assignees.map((user) => user.id)).toEqual([y.id, x.id]);
    expect(shownBusy).toMatchObject({ comments: 2, pull: null });
    expect(shownPlain).toMatchObject({ labels: [], assignees: [], comments: 0, pull: null, issue: { poster: { id: owner.id } } });
    expect(shownPull.pull).toEqual({ hasMerged: false, mergedAt: null });
    expect(shownPull.issue.isPull).toBe(true);

    const [second, counted] = await store().listWithDetails({ repoId: repo.id, isPull: false }, 1, 1);
    expect({ ids: second.map(({ issue }) => issue.id), counted }).toEqual({ ids: [plain.id], counted: 2 });
  });

  it('finds the issues carrying every one of the labels, in this repository only', async () => {
    const { db } = ctx();
    const { owner, repo } = await newRepository(db);
    const [bug, ui] = [await labels().create({ repoId: repo.id }, label('bug')), await labels().create({ repoId: repo.id }, label('ui'))];
    const both = await newIssue(db, { repoId: repo.id, posterId: owner.id });
    const one = await newIssue(db, { repoId: repo.id, posterId: owner.id });
    await db.issueLabels.add(both.id, [bug.id, ui.id]);
    await db.issueLabels.add(one.id, [bug.id]);
    expect((await store().idsLabelledWithAll(repo.id, [bug.id])).sort()).toEqual([both.id, one.id].sort());
    expect(await store().idsLabelledWithAll(repo.id, [bug.id, ui.id, ui.id])).toEqual([both.id]);
    expect(await store().idsLabelledWithAll(repo.id, [])).toEqual([]);
    expect(await store().idsLabelledWithAll((await newRepository(db)).repo.id, [bug.id])).toEqual([]);
  });

  it('tells the pull request state of issues that are pull requests only', async () => {
    const { db } = ctx();
    const { owner, repo } = await newRepository(db);
    const issue = await newIssue(db, { repoId: repo.id, posterId: owner.id });
    const pull = await openPull(ctx().db, repo.id, owner.id);
    const states = await store().pullsOf([issue.id, pull.issue.id]);
    expect(states.has(issue.id)).toBe(false);
    expect(states.get(pull.issue.id)).toEqual({ hasMerged: false, mergedAt: null });
    expect(await store().pullsOf([])).toEqual(new Map());
  });

  it('sets the assignees, answering who was added and removed, and lists them in the order assigned', async () => {
    const { db } = ctx();
    const { owner, repo } = await newRepository(db);
    const [x, y, z] = [await newOwner(db.owners), await newOwner(db.owners), await newOwner(db.owners)];
    const issue = await newIssue(db, { repoId: repo.id, posterId: owner.id });
    const bare = await newIssue(db, { repoId: repo.id, posterId: owner.id });
    expect(await store().setAssignees(issue.id, [y.id, x.id, y.id])).toEqual({ added: [y.id, x.id], removed: [] });
    expect(await store().setAssignees(issue.id, [x.id, z.id])).toEqual({ added: [z.id], removed: [y.id] });
    const assignees = await store().assigneesOf([issue.id, bare.id]);
    expect(assignees.get(issue.id)?.map((user) => user.id)).toEqual([x.id, z.id]);
    expect(assignees.get(bare.id)).toEqual([]);
    expect(await store().assigneesOf([])).toEqual(new Map());
  });
});

/** A pull request from branch `h` into `main`, posted by `posterId`. */
function openPull(db: Database, repoId: number, posterId: number) {
  return db.pullRequests.create({ repoId, posterId, title: 'p', body: '', headBranch: 'h', baseBranch: 'main', mergeBase: '' });
}

function label(name: string) {
  return { name, color: '#00aabb', description: '', exclusive: false, isArchived: false };
}
