import { IssueWatchStore, RepoWatchStore } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner, uniqueName } from '../support/quota-fixtures';

/**
 * The RepoWatchStore and IssueWatchStore ports: one watch per user and
 * repository with `numWatches` in step even at the same moment, and one
 * explicit choice per user and issue that the notification audience follows.
 */
describeEachEngine('watch stores contract', (ctx) => {
  const watches = (): RepoWatchStore => ctx().db.repoWatches;
  const issueWatches = (): IssueWatchStore => ctx().db.issueWatches;

  async function repository() {
    const owner = await insertOwner(ctx().db);
    return ctx().db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo') });
  }

  it('watches once per user, counts the watchers on the repository, and lists both ways', async () => {
    const repo = await repository();
    const [a, b] = [await insertOwner(ctx().db), await insertOwner(ctx().db)];
    expect(await watches().watch(a.id, repo.id)).toBe(true);
    expect(await watches().watch(a.id, repo.id)).toBe(false);
    expect(await watches().watch(b.id, repo.id)).toBe(true);
    expect((await ctx().db.repositories.findById(repo.id))?.numWatches).toBe(2);
    expect(await watches().isWatching(a.id, repo.id)).toBe(true);
    expect(await watches().watchedBy(a.id)).toEqual([repo.id]);
    const [watchers, total] = await watches().watchers(repo.id, 0, 10);
    expect([watchers.map((u) => u.id), total]).toEqual([[a.id, b.id], 2]);
    expect(await watches().unwatch(a.id, repo.id)).toBe(true);
    expect(await watches().unwatch(a.id, repo.id)).toBe(false);
    expect((await ctx().db.repositories.findById(repo.id))?.numWatches).toBe(1);
  });

  it('loses no watch when many come at once', async () => {
    const repo = await repository();
    const users = await Promise.all(Array.from({ length: 8 }, () => insertOwner(ctx().db)));
    await Promise.all(users.flatMap((user) => [watches().watch(user.id, repo.id), watches().watch(user.id, repo.id)]));
    expect((await ctx().db.repositories.findById(repo.id))?.numWatches).toBe(8);
  });

  it('refuses a watch on a repository that is gone', async () => {
    const user = await insertOwner(ctx().db);
    await expect(watches().watch(user.id, 999_999_999)).rejects.toMatchObject({ name: 'ContainerGoneError' });
  });

  it('keeps one choice per user and issue, and the audience follows it', async () => {
    const repo = await repository();
    const [poster, subscriber] = [await insertOwner(ctx().db), await insertOwner(ctx().db)];
    const issue = await ctx().db.transaction((tx) =>
      tx.issues.create({
        repoId: repo.id,
        posterId: poster.id,
        title: 't',
        body: '',
        isClosed: false,
        milestoneId: null,
        createdAt: new Date(),
      }),
    );
    await ctx().db.notifications.addParticipants(issue.id, [poster.id]);
    const audience = () => ctx().db.notifications.audienceOf(issue.id, repo.id, repo.ownerId);
    expect(await issueWatches().choiceOf(subscriber.id, issue.id)).toBeNull();
    await Promise.all([
      issueWatches().set(subscriber.id, issue.id, true, new Date()),
      issueWatches().set(subscriber.id, issue.id, true, new Date()),
    ]);
    expect(await issueWatches().choiceOf(subscriber.id, issue.id)).toBe(true);
    expect(await audience()).toEqual(expect.arrayContaining([poster.id, subscriber.id]));
    expect((await issueWatches().subscribers(issue.id, 0, 10))[1]).toBe(1);

    await issueWatches().set(poster.id, issue.id, false, new Date());
    await issueWatches().set(subscriber.id, issue.id, false, new Date());
    expect(await issueWatches().choiceOf(poster.id, issue.id)).toBe(false);
    expect(await audience()).not.toEqual(expect.arrayContaining([poster.id]));
    expect(await audience()).not.toEqual(expect.arrayContaining([subscriber.id]));
    expect(await issueWatches().subscribers(issue.id, 0, 10)).toEqual([[], 0]);
  });
});
