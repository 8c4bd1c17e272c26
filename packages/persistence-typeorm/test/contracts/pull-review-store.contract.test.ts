import { PullReviewStore } from '@bellows/domain';
import { IssueEntity } from '../../src/entities/issue.entity';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner, uniqueName } from '../support/quota-fixtures';

/** The PullReviewStore port: drafts, submissions by condition, line comments, requests (SQLite and PostgreSQL). */
describeEachEngine('PullReviewStore contract', (ctx) => {
  const store = (): PullReviewStore => ctx().db.pullReviews;
  const HEAD = 'c'.repeat(40);

  async function pull() {
    const { db } = ctx();
    const poster = await insertOwner(db);
    const reviewer = await insertOwner(db);
    const repo = await db.repositories.insert({ ownerId: poster.id, name: uniqueName('repo') });
    const opened = await db.pullRequests.create({
      repoId: repo.id,
      posterId: poster.id,
      title: 't',
      body: '',
      headBranch: 'feature',
      baseBranch: 'main',
      mergeBase: 'a'.repeat(40),
    });
    return { issueId: opened.issueId, poster, reviewer };
  }

  const draftOf = (issueId: number, reviewerId: number) =>
    store().create({ issueId, reviewerId, state: 'PENDING', body: 'draft', commitId: HEAD, official: false, submittedAt: null }, [
      { path: 'a.txt', line: 2, body: 'here' },
      { path: 'b.txt', line: -1, body: 'there' },
    ]);

  it('creates a draft with its comments, finds it as the reviewer’s pending review, and submits it once', async () => {
    const { issueId, reviewer } = await pull();
    const draft = await draftOf(issueId, reviewer.id);
    expect(draft).toMatchObject({ issueId, reviewerId: reviewer.id, state: 'PENDING', dismissed: false, submittedAt: null });
    expect((await store().findPending(issueId, reviewer.id))?.id).toBe(draft.id);
    expect((await store().comments(draft.id)).map((c) => [c.path, c.line, c.commitId])).toEqual([
      ['a.txt', 2, HEAD],
      ['b.txt', -1, HEAD],
    ]);
    expect((await store().commentCounts([draft.id])).get(draft.id)).toBe(2);

    const submission = { state: 'APPROVED' as const, body: 'ok', commitId: HEAD, official: true, submittedAt: new Date(1_700_000_000_000) };
    expect(await store().submit(draft.id, submission)).toBe(true);
    expect(await store().submit(draft.id, { ...submission, state: 'COMMENT' })).toBe(false);
    expect(await store().findById(issueId, draft.id)).toMatchObject({
      state: 'APPROVED',
      official: true,
      submittedAt: submission.submittedAt,
    });
    expect(await store().findPending(issueId, reviewer.id)).toBeNull();
    expect(await store().findById(issueId + 1_000_000, draft.id)).toBeNull();
  });

  it('adds comments only to a review that still exists; deleting a review deletes its comments', async () => {
    const { issueId, reviewer } = await pull();
    const draft = await draftOf(issueId, reviewer.id);
    expect(await store().addComments(draft, reviewer.id, [{ path: 'c.txt', line: 0, body: 'file' }])).toHaveLength(1);
    expect(await store().deleteComment(draft.id + 1_000_000, (await store().comments(draft.id))[0].id)).toBe(false);
    expect(await store().delete(draft.id)).toBe(true);
    expect(await store().delete(draft.id)).toBe(false);
    expect(await store().addComments(draft, reviewer.id, [{ path: 'c.txt', line: 0, body: 'late' }])).toEqual([]);
    expect(await store().comments(draft.id)).toEqual([]);
  });

  it('records each request to review once, withdraws them, and loses everything with the pull request', async () => {
    const { issueId, reviewer, poster } = await pull();
    const first = await store().requestReviews(issueId, [reviewer.id], HEAD);
    const again = await store().requestReviews(issueId, [reviewer.id, poster.id, reviewer.id], HEAD);
    expect(first.map((r) => r.state)).toEqual(['REQUEST_REVIEW']);
    expect(again.map((r) => r.reviewerId)).toEqual([reviewer.id, poster.id]);
    expect(again[0].id).toBe(first[0].id);
    expect(await store().withdrawRequests(issueId, [poster.id])).toBe(1);
    expect((await store().list(issueId)).map((r) => r.reviewerId)).toEqual([reviewer.id]);

    await draftOf(issueId, poster.id);
    await ctx().db.dataSource.getRepository(IssueEntity).delete({ id: issueId });
    expect(await store().list(issueId)).toEqual([]);
  });

  it('sets and clears dismissed by id', async () => {
    const { issueId, reviewer } = await pull();
    const draft = await draftOf(issueId, reviewer.id);
    expect(await store().setDismissed(draft.id, true)).toBe(true);
    expect((await store().findById(issueId, draft.id))?.dismissed).toBe(true);
    expect(await store().setDismissed(draft.id, false)).toBe(true);
    expect(await store().setDismissed(draft.id + 1_000_000, true)).toBe(false);
  });
});
