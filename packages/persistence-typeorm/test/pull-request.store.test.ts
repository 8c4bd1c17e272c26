import { describeEachEngine } from './support/each-engine';
import { insertOwner, uniqueName } from './support/quota-fixtures';

describeEachEngine('PullRequestStore', (ctx) => {
  async function newRepository() {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const repo = await db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo') });
    return { owner, repo };
  }

  const proposal = (repoId: number, posterId: number, head: string) => ({
    repoId,
    posterId,
    title: `merge ${head}`,
    body: '',
    headBranch: head,
    baseBranch: 'main',
    mergeBase: 'a'.repeat(40),
  });

  it('numbers pull requests 1, 2, … per repository', async () => {
    const { db } = ctx();
    const { owner, repo } = await newRepository();
    const other = await newRepository();
    const first = await db.pullRequests.create(proposal(repo.id, owner.id, 'one'));
    const second = await db.pullRequests.create(proposal(repo.id, owner.id, 'two'));
    const elsewhere = await db.pullRequests.create(proposal(other.repo.id, owner.id, 'one'));
    expect([first.issue.index, second.issue.index, elsewhere.issue.index]).toEqual([1, 2, 1]);
    expect(first.issue.isPull).toBe(true);
    expect(first.issue.poster?.id).toBe(owner.id);
  });

  it('gives concurrent creations distinct numbers', async () => {
    const { db } = ctx();
    const { owner, repo } = await newRepository();
    const created = await Promise.all([1, 2, 3, 4, 5].map((n) => db.pullRequests.create(proposal(repo.id, owner.id, `b${n}`))));
    expect(created.map((pull) => pull.issue.index).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('finds by number, lists by state newest first, and writes edits of the issue', async () => {
    const { db } = ctx();
    const { owner, repo } = await newRepository();
    await db.pullRequests.create(proposal(repo.id, owner.id, 'one'));
    await db.pullRequests.create(proposal(repo.id, owner.id, 'two'));
    const first = await db.pullRequests.findByIndex(repo.id, 1);
    expect(first?.headBranch).toBe('one');
    expect(await db.pullRequests.findOpen(repo.id, 'one', 'main')).not.toBeNull();

    expect(await db.pullRequests.update(first!, { issue: { isClosed: true, closedAt: new Date(), title: 'renamed' } })).toBe(true);

    const [open, openTotal] = await db.pullRequests.list(repo.id, 'open', 0, 10);
    expect([open.map((pull) => pull.issue.index), openTotal]).toEqual([[2], 1]);
    const [all] = await db.pullRequests.list(repo.id, 'all', 0, 10);
    expect(all.map((pull) => pull.issue.index)).toEqual([2, 1]);
    expect((await db.pullRequests.findByIndex(repo.id, 1))?.issue.title).toBe('renamed');
    expect(await db.pullRequests.findOpen(repo.id, 'one', 'main')).toBeNull();
  });

  it('a pull request edit does not undo a concurrent change of another field', async () => {
    const { db } = ctx();
    const { owner, repo } = await newRepository();
    await db.pullRequests.create(proposal(repo.id, owner.id, 'one'));
    const loadedEarlier = (await db.pullRequests.findByIndex(repo.id, 1))!;
    // Meanwhile another request closes it and changes its body.
    await db.issues.update(loadedEarlier.issueId, { isClosed: true, closedAt: new Date(), body: 'changed meanwhile' });
    expect(await db.pullRequests.update(loadedEarlier, { issue: { title: 'renamed' }, pull: { baseBranch: 'develop' } })).toBe(true);
    const now = (await db.pullRequests.findByIndex(repo.id, 1))!;
    expect([now.issue.title, now.issue.body, now.issue.isClosed, now.baseBranch, now.headBranch]).toEqual([
      'renamed',
      'changed meanwhile',
      true,
      'develop',
      'one',
    ]);
  });

  it('editing a pull request deleted meanwhile answers false and does not bring it back', async () => {
    const { db } = ctx();
    const { owner, repo } = await newRepository();
    await db.pullRequests.create(proposal(repo.id, owner.id, 'one'));
    const loadedEarlier = (await db.pullRequests.findByIndex(repo.id, 1))!;
    await db.issues.delete(loadedEarlier.issueId);
    expect(await db.pullRequests.update(loadedEarlier, { issue: { title: 'renamed' }, pull: { baseBranch: 'develop' } })).toBe(false);
    expect(await db.pullRequests.findByIndex(repo.id, 1)).toBeNull();
    expect(await db.issues.findById(loadedEarlier.issueId)).toBeNull();
  });
});
