import { NewPullRequest, PullRequestStore } from '@bellows/domain';
import { CommentEntity } from '../../src/entities/comment.entity';
import { IssueEntity } from '../../src/entities/issue.entity';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner, uniqueName } from '../support/quota-fixtures';

/** The PullRequestStore port (run on SQLite and PostgreSQL). */
describeEachEngine('PullRequestStore contract', (ctx) => {
  const store = (): PullRequestStore => ctx().db.pullRequests;

  async function repository() {
    const owner = await insertOwner(ctx().db);
    const repo = await ctx().db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo') });
    return { owner, repo };
  }

  const proposal = (repoId: number, posterId: number, head: string, base = 'main'): NewPullRequest => ({
    repoId,
    posterId,
    title: `merge ${head}`,
    body: `body of ${head}`,
    headBranch: head,
    baseBranch: base,
    mergeBase: 'a'.repeat(40),
  });

  describe('create', () => {
    it('opens the pull request with its issue, poster loaded, numbered in the repository’s sequence', async () => {
      const { owner, repo } = await repository();
      const pull = await store().create(proposal(repo.id, owner.id, 'feature'));
      expect(pull).toMatchObject({
        headBranch: 'feature',
        baseBranch: 'main',
        mergeBase: 'a'.repeat(40),
        hasMerged: false,
        mergedAt: null,
        mergedCommitId: null,
        mergerId: null,
      });
      expect(pull.issue).toMatchObject({
        id: pull.issueId,
        repoId: repo.id,
        index: 1,
        posterId: owner.id,
        title: 'merge feature',
        body: 'body of feature',
        isPull: true,
        isClosed: false,
        closedAt: null,
      });
      expect(pull.issue.poster).toMatchObject({ id: owner.id, name: owner.name });
    });

    it('never gives a number twice, also after a deletion and under concurrency', async () => {
      const { owner, repo } = await repository();
      const first = await store().create(proposal(repo.id, owner.id, 'one'));
      await ctx().db.dataSource.getRepository(IssueEntity).delete({ id: first.issueId });
      const created = await Promise.all([1, 2, 3].map((n) => store().create(proposal(repo.id, owner.id, `b${n}`))));
      expect(created.map((pull) => pull.issue.index).sort()).toEqual([2, 3, 4]);
    });
  });

  describe('findByIndex and findOpen', () => {
    it('finds a pull request by its number; null for a missing number or an issue’s', async () => {
      const { owner, repo } = await repository();
      await store().create(proposal(repo.id, owner.id, 'one'));
      const now = new Date();
      await ctx().db.dataSource.getRepository(IssueEntity).insert({
        repoId: repo.id,
        index: 50,
        posterId: owner.id,
        title: 'plain issue',
        body: '',
        isPull: false,
        isClosed: false,
        createdAt: now,
        updatedAt: now,
        closedAt: null,
      });
      expect(await store().findByIndex(repo.id, 1)).toMatchObject({ headBranch: 'one', issue: { index: 1 } });
      expect(await store().findByIndex(repo.id, 2)).toBeNull();
      expect(await store().findByIndex(repo.id, 50)).toBeNull();
    });

    it('finds the open pull request for a head and base, not a closed one nor another pair', async () => {
      const { owner, repo } = await repository();
      const pull = await store().create(proposal(repo.id, owner.id, 'one'));
      expect(await store().findOpen(repo.id, 'one', 'main')).toMatchObject({ id: pull.id });
      expect(await store().findOpen(repo.id, 'one', 'develop')).toBeNull();
      await store().update(pull, { issue: { isClosed: true, closedAt: new Date() } });
      expect(await store().findOpen(repo.id, 'one', 'main')).toBeNull();
    });
  });

  describe('pull requests from forks', () => {
    it('records the head repository (its own by default) and tells forks’ pull requests apart in findOpen', async () => {
      const { owner, repo } = await repository();
      const fork = await ctx().db.repositories.insert({ ownerId: (await insertOwner(ctx().db)).id, name: repo.name, forkId: repo.id });
      const own = await store().create(proposal(repo.id, owner.id, 'main', 'release'));
      expect(own.headRepoId).toBe(repo.id);
      const forked = await store().create({ ...proposal(repo.id, owner.id, 'main', 'release'), headRepoId: fork.id });
      expect(forked.headRepoId).toBe(fork.id);
      expect((await store().findOpen(repo.id, 'main', 'release'))?.id).toBe(own.id);
      expect((await store().findOpen(repo.id, 'main', 'release', fork.id))?.id).toBe(forked.id);
    });

    it('lists the open pull requests a fork proposes elsewhere; a deleted fork leaves them with no head repository', async () => {
      const { owner, repo } = await repository();
      const fork = await ctx().db.repositories.insert({ ownerId: (await insertOwner(ctx().db)).id, name: repo.name, forkId: repo.id });
      const forked = await store().create({ ...proposal(repo.id, owner.id, 'topic'), headRepoId: fork.id });
      await store().create(proposal(fork.id, owner.id, 'topic'));
      expect((await store().openFromHeadRepository(fork.id)).map((pull) => pull.id)).toEqual([forked.id]);
      await ctx().db.repositories.delete(fork.id);
      expect((await store().findByIndex(repo.id, forked.issue.index))?.headRepoId).toBeNull();
    });
  });

  it('findLatest: the newest pull request for a head and base, closed ones too; null for another pair', async () => {
    const { owner, repo } = await repository();
    const first = await store().create(proposal(repo.id, owner.id, 'feature'));
    await store().update(first, { issue: { isClosed: true, closedAt: new Date() } });
    expect((await store().findLatest(repo.id, 'feature', 'main'))?.id).toBe(first.id);
    const second = await store().create(proposal(repo.id, owner.id, 'feature'));
    expect((await store().findLatest(repo.id, 'feature', 'main'))?.id).toBe(second.id);
    expect(await store().findLatest(repo.id, 'feature', 'develop')).toBeNull();
  });

  describe('list', () => {
    it('lists by state, newest first, one page at a time with the total', async () => {
      const { owner, repo } = await repository();
      for (const head of ['a', 'b', 'c', 'd']) await store().create(proposal(repo.id, owner.id, head));
      const second = (await store().findByIndex(repo.id, 2))!;
      await store().update(second, { issue: { isClosed: true, closedAt: new Date() } });
      const numbers = async (state: 'open' | 'closed' | 'all', skip = 0, take = 10) => {
        const [pulls, total] = await store().list(repo.id, state, skip, take);
        return [pulls.map((pull) => pull.issue.index), total];
      };
      expect(await numbers('open')).toEqual([[4, 3, 1], 3]);
      expect(await numbers('closed')).toEqual([[2], 1]);
      expect(await numbers('all', 1, 2)).toEqual([[3, 2], 4]);
      expect(await store().list((await repository()).repo.id, 'all', 0, 10)).toEqual([[], 0]);
    });
  });

  describe('update', () => {
    it('writes only the given columns of the pull request and its issue, and the issue’s update date', async () => {
      const { owner, repo } = await repository();
      const pull = await store().create(proposal(repo.id, owner.id, 'one'));
      await ctx().db.dataSource.getRepository(IssueEntity).update({ id: pull.issueId }, { body: 'changed meanwhile' });
      expect(await store().update(pull, { issue: { title: 'renamed' }, pull: { baseBranch: 'develop', mergeBase: 'b'.repeat(40) } })).toBe(
        true,
      );
      const stored = (await store().findByIndex(repo.id, 1))!;
      expect(stored).toMatchObject({ baseBranch: 'develop', mergeBase: 'b'.repeat(40), headBranch: 'one' });
      expect(stored.issue).toMatchObject({ title: 'renamed', body: 'changed meanwhile' });
      expect(stored.issue.updatedAt.getTime()).toBeGreaterThanOrEqual(pull.issue.updatedAt.getTime());
    });

    it('answers false and writes nothing when the pull request is gone', async () => {
      const { owner, repo } = await repository();
      const pull = await store().create(proposal(repo.id, owner.id, 'one'));
      await ctx().db.dataSource.getRepository(IssueEntity).delete({ id: pull.issueId });
      expect(await store().update(pull, { issue: { title: 'back?' }, pull: { baseBranch: 'x' } })).toBe(false);
      expect(await store().findByIndex(repo.id, 1)).toBeNull();
    });
  });

  describe('markMerged', () => {
    const timelineOf = (issueId: number) =>
      ctx()
        .db.dataSource.getRepository(CommentEntity)
        .find({ where: { issueId }, order: { id: 'ASC' } });

    it('records the merge, closes the issue and stores the timeline entries together', async () => {
      const { owner, repo } = await repository();
      const pull = await store().create(proposal(repo.id, owner.id, 'one'));
      const at = new Date('2026-01-02T03:04:05.000Z');
      const event = { issueId: pull.issueId, type: 28, posterId: owner.id, createdAt: at, content: 'c'.repeat(40) };
      expect(await store().markMerged(pull, { mergedAt: at, mergedCommitId: 'c'.repeat(40), mergerId: owner.id }, [event])).toBe(true);
      const stored = (await store().findByIndex(repo.id, 1))!;
      expect(stored).toMatchObject({ hasMerged: true, mergedAt: at, mergedCommitId: 'c'.repeat(40), mergerId: owner.id });
      expect(stored.issue).toMatchObject({ isClosed: true, closedAt: at });
      expect((await timelineOf(pull.issueId)).map((row) => [row.type, row.content])).toEqual([[28, 'c'.repeat(40)]]);
    });

    it('answers false and writes nothing for a pull request merged already', async () => {
      const { owner, repo } = await repository();
      const pull = await store().create(proposal(repo.id, owner.id, 'one'));
      const merge = (sha: string) =>
        store().markMerged(pull, { mergedAt: new Date(), mergedCommitId: sha, mergerId: owner.id }, [
          { issueId: pull.issueId, type: 28, posterId: owner.id, createdAt: new Date(), content: sha },
        ]);
      const results = await Promise.all([merge('d'.repeat(40)), merge('e'.repeat(40))]);
      expect(results.filter(Boolean)).toHaveLength(1);
      const stored = (await store().findByIndex(repo.id, 1))!;
      expect((await timelineOf(pull.issueId)).map((row) => row.content)).toEqual([stored.mergedCommitId]);
    });
  });

  it('update stores its timeline entries with the change', async () => {
    const { owner, repo } = await repository();
    const pull = await store().create(proposal(repo.id, owner.id, 'one'));
    const at = new Date();
    const closed = { issue: { isClosed: true, closedAt: at } };
    expect(await store().update(pull, closed, [{ issueId: pull.issueId, type: 2, posterId: owner.id, createdAt: at }])).toBe(true);
    const rows = await ctx()
      .db.dataSource.getRepository(CommentEntity)
      .find({ where: { issueId: pull.issueId } });
    expect(rows.map((row) => row.type)).toEqual([2]);
  });
});
