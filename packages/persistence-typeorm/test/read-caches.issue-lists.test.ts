import { IssueFilter, ListedIssue, USER_COMMENT_TYPE } from '@bellows/domain';
import { Database } from '../src/database';
import { describeEachEngine } from './support/each-engine';
import { newOwner } from './support/account-fixtures';
import { newIssue, newRepository } from './support/issue-fixtures';

/**
 * Pages of issue lists are served from memory: every write that changes what
 * a list shows must make the very next list read show it. Each test reads
 * the list first (so the page is cached), writes, and reads again.
 */
describeEachEngine('read caches: issue lists', (ctx) => {
  const label = (name: string) => ({ name, color: '#00aabb', description: '', exclusive: false, isArchived: false });
  const listed = async (db: Database, filter: IssueFilter): Promise<ListedIssue[]> => (await db.issues.listWithDetails(filter, 0, 10))[0];
  const only = async (db: Database, filter: IssueFilter): Promise<ListedIssue> => {
    const [first] = await listed(db, filter);
    return first;
  };

  async function listedIssue() {
    const { db } = ctx();
    const { owner, repo } = await newRepository(db);
    const issue = await newIssue(db, { repoId: repo.id, posterId: owner.id, title: 'before' });
    const filter = { repoId: repo.id };
    expect(await only(db, filter)).toMatchObject({ labels: [], assignees: [], comments: 0, issue: { title: 'before' } });
    return { db, owner, repo, issue, filter };
  }

  it('shows a label added, renamed, taken off and deleted at once', async () => {
    const { db, repo, issue, filter } = await listedIssue();
    const bug = await db.labels.create({ repoId: repo.id }, label('bug'));
    await db.issueLabels.add(issue.id, [bug.id]);
    expect((await only(db, filter)).labels.map((l) => l.name)).toEqual(['bug']);
    await db.labels.update(bug.id, { name: 'defect' });
    expect((await only(db, filter)).labels.map((l) => l.name)).toEqual(['defect']);
    await db.issueLabels.remove(issue.id, [bug.id]);
    expect((await only(db, filter)).labels).toEqual([]);
    await db.issueLabels.add(issue.id, [bug.id]);
    expect((await only(db, filter)).labels).toHaveLength(1);
    await db.labels.delete(bug.id);
    expect((await only(db, filter)).labels).toEqual([]);
  });

  it('shows assignees changed, and a renamed poster or assignee, at once', async () => {
    const { db, owner, issue, filter } = await listedIssue();
    const helper = await newOwner(db.owners);
    await db.issues.setAssignees(issue.id, [helper.id]);
    expect((await only(db, filter)).assignees.map((user) => user.id)).toEqual([helper.id]);
    await db.owners.update(helper.id, { fullName: 'Helper Renamed' });
    await db.owners.update(owner.id, { fullName: 'Poster Renamed' });
    const shown = await only(db, filter);
    expect(shown.assignees[0].fullName).toBe('Helper Renamed');
    expect(shown.issue.poster?.fullName).toBe('Poster Renamed');
    await db.issues.setAssignees(issue.id, []);
    expect((await only(db, filter)).assignees).toEqual([]);
  });

  it('counts a comment added or deleted at once', async () => {
    const { db, owner, issue, filter } = await listedIssue();
    const comment = await db.transaction((tx) =>
      tx.comments.insert({ issueId: issue.id, type: USER_COMMENT_TYPE, posterId: owner.id, createdAt: new Date(), content: 'hi' }),
    );
    expect((await only(db, filter)).comments).toBe(1);
    await db.attachments.deleteContainer('comment', comment.id);
    expect((await only(db, filter)).comments).toBe(0);
  });

  it('shows an issue opened, edited, touched, closed, moved off a deleted milestone and deleted at once', async () => {
    const { db, owner, repo, issue, filter } = await listedIssue();
    const opened = await newIssue(db, { repoId: repo.id, posterId: owner.id, createdAt: new Date(Date.now() + 1000) });
    expect((await listed(db, filter)).map((l) => l.issue.id)).toEqual([opened.id, issue.id]);
    await db.issues.update(issue.id, { title: 'after', isClosed: true });
    expect((await listed(db, { ...filter, isClosed: true })).map((l) => l.issue.title)).toEqual(['after']);
    const touched = new Date(Date.UTC(2030, 0, 1));
    await db.issues.touch(issue.id, touched);
    expect((await listed(db, { ...filter, isClosed: true }))[0].issue.updatedAt).toEqual(touched);
    const milestone = await db.milestones.create({
      repoId: repo.id,
      name: 'v1',
      description: '',
      isClosed: false,
      dueOn: null,
      createdAt: new Date(),
      updatedAt: new Date(),
      closedAt: null,
    });
    await db.issues.update(opened.id, { milestoneId: milestone.id });
    expect((await only(db, filter)).issue.milestoneId).toBe(milestone.id);
    await db.milestones.delete(milestone.id);
    expect((await only(db, filter)).issue.milestoneId).toBeNull();
    await db.attachments.deleteContainer('issue', opened.id);
    expect((await listed(db, filter)).map((l) => l.issue.id)).toEqual([issue.id]);
  });

  it('shows a pull request opened and edited at once', async () => {
    const { db, owner, repo, filter } = await listedIssue();
    const pull = await db.pullRequests.create({
      repoId: repo.id,
      posterId: owner.id,
      title: 'pull',
      body: '',
      headBranch: 'h',
      baseBranch: 'main',
      mergeBase: '',
    });
    expect(await only(db, { ...filter, isPull: true })).toMatchObject({ pull: { hasMerged: false }, issue: { title: 'pull' } });
    await db.pullRequests.update(pull, { issue: { title: 'pull, renamed' } });
    expect((await only(db, { ...filter, isPull: true })).issue.title).toBe('pull, renamed');
  });

  it('shows nothing of a deleted repository, even to a repository given its id again', async () => {
    const { db, owner, repo, filter } = await listedIssue();
    await db.repositories.delete(repo.id);
    expect(await listed(db, filter)).toEqual([]);
    const again = await db.repositories.insert({ ownerId: owner.id, name: `${repo.name}-again` });
    expect(await listed(db, { repoId: again.id })).toEqual([]);
  });

  it('what a caller changes on a listed issue is not what the next caller gets', async () => {
    const { db, filter } = await listedIssue();
    const first = await only(db, filter);
    first.issue.title = 'changed by a caller';
    first.labels.push(label('pushed') as never);
    expect(await only(db, filter)).toMatchObject({ labels: [], issue: { title: 'before' } });
  });
});
