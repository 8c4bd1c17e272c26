import { CommentStore, NewComment } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { newIssue, newRepository } from '../support/issue-fixtures';

/** The CommentStore port (run on SQLite and PostgreSQL). */
describeEachEngine('CommentStore contract', (ctx) => {
  const store = (): CommentStore => ctx().db.comments;
  const at = (day: number) => new Date(Date.UTC(2024, 0, day));

  async function issueWithPoster() {
    const { db } = ctx();
    const { owner, repo } = await newRepository(db);
    const issue = await newIssue(db, { repoId: repo.id, posterId: owner.id });
    const entry = (fields: Partial<NewComment> & { createdAt: Date }) =>
      store().insert({ issueId: issue.id, type: 0, posterId: owner.id, ...fields });
    return { owner, repo, issue, entry };
  }

  it('stores an entry with the columns not given left empty and its update date the creation date, and finds it with its poster', async () => {
    const { owner, issue, entry } = await issueWithPoster();
    const created = await entry({ createdAt: at(1), content: 'hello' });
    expect(created).toMatchObject({ issueId: issue.id, type: 0, posterId: owner.id, content: 'hello', updatedAt: at(1), isRemoval: false });
    const found = await store().findById(created.id);
    expect(found).toMatchObject({
      id: created.id,
      content: 'hello',
      createdAt: at(1),
      updatedAt: at(1),
      labelId: null,
      oldMilestoneId: null,
      milestoneId: null,
      assigneeId: null,
      oldTitle: null,
      newTitle: null,
      refIssueId: null,
      refCommentId: null,
    });
    expect(found?.poster?.id).toBe(owner.id);
    const event = await entry({ type: 2, createdAt: at(2) });
    expect(event.content).toBe('');
    expect((await store().findByIds([created.id, event.id, 2_000_000_000])).map((c) => c.id).sort()).toEqual([created.id, event.id].sort());
    expect(await store().findByIds([])).toEqual([]);
  });

  it('answers null for an entry that does not exist', async () => {
    expect(await store().findById(2_000_000_000)).toBeNull();
  });

  it('writes the content and update date by id, answering false when the comment is gone', async () => {
    const { db } = ctx();
    const { entry } = await issueWithPoster();
    const comment = await entry({ createdAt: at(1), content: 'before' });
    expect(await store().update(comment.id, { content: 'after', updatedAt: at(5) })).toBe(true);
    expect(await store().findById(comment.id)).toMatchObject({ content: 'after', createdAt: at(1), updatedAt: at(5) });
    expect((await db.transaction((tx) => tx.comments.findForChange(comment.id)))?.content).toBe('after');
    await db.dataSource.query('DELETE FROM comment WHERE id = ' + Number(comment.id));
    expect(await store().update(comment.id, { content: 'revived' })).toBe(false);
    expect(await db.transaction((tx) => tx.comments.findForChange(comment.id))).toBeNull();
  });

  it("lists an issue's entries oldest first, of the given types, in the period, one page when asked", async () => {
    const { issue, entry } = await issueWithPoster();
    const [c1, e2, c3] = [await entry({ createdAt: at(1) }), await entry({ type: 7, createdAt: at(2) }), await entry({ createdAt: at(3) })];
    const ids = ([rows, total]: [{ id: number }[], number]) => ({ ids: rows.map((row) => row.id), total });
    expect(ids(await store().listOfIssue(issue.id, {}))).toEqual({ ids: [c1.id, e2.id, c3.id], total: 3 });
    expect(ids(await store().listOfIssue(issue.id, {}, [0]))).toEqual({ ids: [c1.id, c3.id], total: 2 });
    expect(ids(await store().listOfIssue(issue.id, { since: at(2) }))).toEqual({ ids: [e2.id, c3.id], total: 2 });
    expect(ids(await store().listOfIssue(issue.id, { before: at(2) }))).toEqual({ ids: [c1.id, e2.id], total: 2 });
    expect(ids(await store().listOfIssue(issue.id, {}, undefined, { skip: 1, take: 1 }))).toEqual({ ids: [e2.id], total: 3 });
  });

  it("lists the entries of a repository's issues with their issue, oldest first, one page, in the period", async () => {
    const { db } = ctx();
    const { owner, repo, issue, entry } = await issueWithPoster();
    const second = await newIssue(db, { repoId: repo.id, posterId: owner.id });
    const first = await entry({ createdAt: at(1) });
    const other = await store().insert({ issueId: second.id, type: 0, posterId: owner.id, createdAt: at(2) });
    await entry({ type: 7, createdAt: at(3) });
    const [page, total] = await store().listOfRepository(repo.id, [0], {}, 0, 10);
    expect(total).toBe(2);
    expect(page.map((c) => [c.id, c.issue?.id])).toEqual([
      [first.id, issue.id],
      [other.id, second.id],
    ]);
    expect((await store().listOfRepository(repo.id, [0], { since: at(2) }, 0, 10))[1]).toBe(1);
    const [paged, all] = await store().listOfRepository(repo.id, [0], {}, 1, 1);
    expect([paged.map((c) => c.id), all]).toEqual([[other.id], 2]);
  });

  it('counts the entries of a type per issue, zero for issues without any', async () => {
    const { db } = ctx();
    const { owner, repo, issue, entry } = await issueWithPoster();
    const quiet = await newIssue(db, { repoId: repo.id, posterId: owner.id });
    await entry({ createdAt: at(1) });
    await entry({ createdAt: at(2) });
    await entry({ type: 7, createdAt: at(3) });
    expect(await store().countOfType([issue.id, quiet.id], 0)).toEqual(
      new Map([
        [issue.id, 2],
        [quiet.id, 0],
      ]),
    );
    expect(await store().countOfType([], 0)).toEqual(new Map());
  });

  it('tells whether an issue already has a reference from a source issue body or comment', async () => {
    const { db } = ctx();
    const { owner, repo, issue, entry } = await issueWithPoster();
    const source = await newIssue(db, { repoId: repo.id, posterId: owner.id });
    await entry({ type: 3, createdAt: at(1), refIssueId: source.id, refCommentId: null });
    await entry({ type: 4, createdAt: at(1), refIssueId: source.id, refCommentId: 77 });
    expect(await store().hasReference(issue.id, source.id, null)).toBe(true);
    expect(await store().hasReference(issue.id, source.id, 77)).toBe(true);
    expect(await store().hasReference(issue.id, source.id, 78)).toBe(false);
    expect(await store().hasReference(source.id, issue.id, null)).toBe(false);
  });
});
