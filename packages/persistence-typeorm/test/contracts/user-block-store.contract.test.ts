import { UserBlockStore } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner } from '../support/quota-fixtures';

/** The UserBlockStore port: one block per pair, follows ended both ways with their counters, even at the same moment (SQLite and PostgreSQL). */
describeEachEngine('UserBlockStore contract', (ctx) => {
  const store = (): UserBlockStore => ctx().db.userBlocks;
  const countsOf = async (id: number) => {
    const owner = await ctx().db.owners.findById(id);
    return [owner?.numFollowers, owner?.numFollowing];
  };

  it('blocks once per pair, lists oldest first with the total, and unblocks', async () => {
    const [blocker, a, b] = [await insertOwner(ctx().db), await insertOwner(ctx().db), await insertOwner(ctx().db)];
    expect(await store().block(blocker.id, a.id)).toBe(true);
    expect(await store().block(blocker.id, a.id)).toBe(false);
    expect(await store().block(blocker.id, b.id)).toBe(true);
    const [page, total] = await store().blocksOf(blocker.id, 1, 1);
    expect([page.map((block) => block.blockedId), total]).toEqual([[b.id], 2]);
    expect(await store().isBlocked(blocker.id, a.id)).toBe(true);
    expect(await store().isBlocked(a.id, blocker.id)).toBe(false);
    expect(await store().unblock(blocker.id, a.id)).toBe(true);
    expect(await store().unblock(blocker.id, a.id)).toBe(false);
    expect(await store().isBlocked(blocker.id, a.id)).toBe(false);
  });

  it('ends the follows both ways and counts them off both users', async () => {
    const [blocker, blocked, fan] = [await insertOwner(ctx().db), await insertOwner(ctx().db), await insertOwner(ctx().db)];
    await ctx().db.follows.follow(blocker.id, blocked.id);
    await ctx().db.follows.follow(blocked.id, blocker.id);
    await ctx().db.follows.follow(fan.id, blocker.id);
    await store().block(blocker.id, blocked.id);
    expect(await ctx().db.follows.isFollowing(blocker.id, blocked.id)).toBe(false);
    expect(await ctx().db.follows.isFollowing(blocked.id, blocker.id)).toBe(false);
    expect(await countsOf(blocker.id)).toEqual([1, 0]);
    expect(await countsOf(blocked.id)).toEqual([0, 0]);
  });

  it('keeps one block when the same block comes many times at once', async () => {
    const [blocker, blocked] = [await insertOwner(ctx().db), await insertOwner(ctx().db)];
    await ctx().db.follows.follow(blocked.id, blocker.id);
    const results = await Promise.all(Array.from({ length: 6 }, () => store().block(blocker.id, blocked.id)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await store().blocksOf(blocker.id, 0, 10))[1]).toBe(1);
    expect(await countsOf(blocker.id)).toEqual([0, 0]);
  });
});
