import { TrackedTimeStore, StopwatchStore, IssueDependencyStore } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { newIssue, newRepository } from '../support/issue-fixtures';

/**
 * The TrackedTimeStore, StopwatchStore and IssueDependencyStore ports (SQLite
 * and PostgreSQL): filters and soft deletion of times, one stopwatch per user
 * even when starts race, one dependency per pair and the open ones counted.
 */
describeEachEngine('issue time tracking and dependency stores', (ctx) => {
  const times = (): TrackedTimeStore => ctx().db.trackedTimes;
  const stopwatches = (): StopwatchStore => ctx().db.stopwatches;
  const dependencies = (): IssueDependencyStore => ctx().db.issueDependencies;

  async function twoIssues() {
    const { owner, repo } = await newRepository(ctx().db);
    const first = await newIssue(ctx().db, { repoId: repo.id, posterId: owner.id });
    const second = await newIssue(ctx().db, { repoId: repo.id, posterId: owner.id });
    return { owner, repo, first, second };
  }

  it('lists live times by issue, repository, user and period, and removes each once', async () => {
    const { owner, repo, first, second } = await twoIssues();
    const at = (iso: string) => new Date(iso);
    const a = await times().add({ issueId: first.id, userId: owner.id, seconds: 60, createdAt: at('2024-01-01T00:00:00Z') });
    const b = await times().add({ issueId: second.id, userId: owner.id, seconds: 5_000_000_000, createdAt: at('2024-02-01T00:00:00Z') });
    expect(await times().findById(a.id)).toEqual(a);
    const ids = async (filter: Parameters<TrackedTimeStore['list']>[0]) => (await times().list(filter, 0, 10))[0].map((t) => t.id);
    expect(await ids({ repoId: repo.id })).toEqual([a.id, b.id]);
    expect(await ids({ issueId: second.id })).toEqual([b.id]);
    expect(await ids({ userId: owner.id, since: at('2024-01-15T00:00:00Z') })).toEqual([b.id]);
    expect(await ids({ repoIds: [repo.id], before: at('2024-01-15T00:00:00Z') })).toEqual([a.id]);
    expect(await ids({ repoIds: [] })).toEqual([]);
    expect((await times().list({ repoId: repo.id }, 1, 10))[1]).toBe(2);
    expect((await times().findById(b.id))?.seconds).toBe(5_000_000_000);

    const [once, twice] = await Promise.all([times().remove(a.id), times().remove(a.id)]);
    expect([once, twice].sort()).toEqual([false, true]);
    expect((await times().findById(a.id))?.deleted).toBe(true);
    expect(await ids({ repoId: repo.id })).toEqual([b.id]);
    await times().add({ issueId: second.id, userId: owner.id, seconds: 7, createdAt: new Date() });
    expect(await times().removeAllOf(second.id, owner.id)).toEqual({ times: 2, seconds: 5_000_000_007 });
    expect(await times().removeAllOf(second.id, owner.id)).toEqual({ times: 0, seconds: 0 });
  });

  it('runs one stopwatch per user, even when starts race, and removes it once', async () => {
    const { owner, first, second } = await twoIssues();
    const started = await Promise.all([
      stopwatches().start(owner.id, first.id, new Date()),
      stopwatches().start(owner.id, second.id, new Date()),
      stopwatches().start(owner.id, first.id, new Date()),
    ]);
    expect(started.filter(Boolean)).toHaveLength(1);
    const running = await stopwatches().runningOf(owner.id);
    expect(running).not.toBeNull();
    expect((await stopwatches().listOf(owner.id, 0, 10))[1]).toBe(1);
    expect(await stopwatches().remove(running!.id)).toBe(true);
    expect(await stopwatches().remove(running!.id)).toBe(false);
    expect(await stopwatches().runningOf(owner.id)).toBeNull();
  });

  it('keeps one dependency per pair, lists both ways and counts the open ones', async () => {
    const { owner, repo, first, second } = await twoIssues();
    const third = await newIssue(ctx().db, { repoId: repo.id, posterId: owner.id, isClosed: true });
    const added = await Promise.all([
      dependencies().add(first.id, second.id, owner.id, new Date()),
      dependencies().add(first.id, second.id, owner.id, new Date()),
    ]);
    expect(added.sort()).toEqual([false, true]);
    expect(await dependencies().add(first.id, third.id, owner.id, new Date())).toBe(true);
    expect(await dependencies().dependenciesOf(first.id)).toEqual([second.id, third.id]);
    expect(await dependencies().dependentsOf(second.id)).toEqual([first.id]);
    expect(await dependencies().countOpenDependencies(first.id)).toBe(1);
    expect(await dependencies().remove(first.id, second.id)).toBe(true);
    expect(await dependencies().remove(first.id, second.id)).toBe(false);
    expect(await dependencies().countOpenDependencies(first.id)).toBe(0);
  });
});
