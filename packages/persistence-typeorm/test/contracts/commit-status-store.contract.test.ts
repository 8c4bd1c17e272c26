import { CommitStatusStore, NewCommitStatus } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner, uniqueName } from '../support/quota-fixtures';

/** The CommitStatusStore port: statuses added, listed in Forgejo's orders, the latest of each context (SQLite and PostgreSQL). */
describeEachEngine('CommitStatusStore contract', (ctx) => {
  const store = (): CommitStatusStore => ctx().db.commitStatuses;
  const SHA = 'a'.repeat(40);

  async function repoWithStatuses(states: [string, NewCommitStatus['state']][]): Promise<{ repoId: number; creatorId: number }> {
    const { db } = ctx();
    const creator = await insertOwner(db);
    const repo = await db.repositories.insert({ ownerId: creator.id, name: uniqueName('repo') });
    let at = 1_700_000_000_000;
    for (const [context, state] of states) {
      await store().insert({
        repoId: repo.id,
        sha: SHA,
        state,
        context,
        targetUrl: `https://ci.example/${context}`,
        description: `${context} is ${state}`,
        creatorId: creator.id,
        createdAt: new Date((at += 1000)),
      });
    }
    return { repoId: repo.id, creatorId: creator.id };
  }

  it('stores a status with every field and lists it for its repository and commit only', async () => {
    const { repoId, creatorId } = await repoWithStatuses([['ci', 'pending']]);
    const [statuses, total] = await store().list(repoId, SHA, { sort: 'newest', skip: 0, take: 10 });
    expect(total).toBe(1);
    expect(statuses[0]).toMatchObject({
      repoId,
      sha: SHA,
      state: 'pending',
      context: 'ci',
      targetUrl: 'https://ci.example/ci',
      description: 'ci is pending',
      creatorId,
    });
    expect(statuses[0].createdAt).toEqual(new Date(1_700_000_001_000));
    expect(await store().list(repoId, 'b'.repeat(40), { sort: 'newest', skip: 0, take: 10 })).toEqual([[], 0]);
  });

  it('lists newest first by default, in the orders asked, narrowed by state and paged', async () => {
    const { repoId } = await repoWithStatuses([
      ['ci', 'pending'],
      ['lint', 'failure'],
      ['ci', 'success'],
    ]);
    const states = async (sort: Parameters<CommitStatusStore['list']>[2]['sort']) =>
      (await store().list(repoId, SHA, { sort, skip: 0, take: 10 }))[0].map((s) => s.state);
    expect(await states('newest')).toEqual(['success', 'failure', 'pending']);
    expect(await states('oldest')).toEqual(['pending', 'failure', 'success']);
    expect(await states('leastindex')).toEqual(['pending', 'failure', 'success']);
    expect(await states('highestindex')).toEqual(['success', 'failure', 'pending']);
    expect(await states('recentupdate')).toEqual(['success', 'failure', 'pending']);
    const [page, total] = await store().list(repoId, SHA, { sort: 'oldest', skip: 1, take: 1 });
    expect([page.map((s) => s.state), total]).toEqual([['failure'], 3]);
    const [failed, failures] = await store().list(repoId, SHA, { sort: 'oldest', state: 'failure', skip: 0, take: 10 });
    expect([failed.map((s) => s.context), failures]).toEqual([['lint'], 1]);
  });

  it('latestPerContext keeps the newest status of each context', async () => {
    const { repoId } = await repoWithStatuses([
      ['ci', 'failure'],
      ['lint', 'success'],
      ['ci', 'success'],
    ]);
    const latest = await store().latestPerContext(repoId, SHA);
    expect(latest.map((s) => [s.context, s.state])).toEqual([
      ['lint', 'success'],
      ['ci', 'success'],
    ]);
  });
});
