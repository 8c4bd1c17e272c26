import { FollowStore } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner } from '../support/quota-fixtures';

/** The FollowStore port: one follow per pair, both counters in step, even at the same moment (SQLite and PostgreSQL). */
describeEachEngine('FollowStore contract', (ctx) => {
  const store = (): FollowStore => ctx().db.follows;
  const countsOf = async (id: number) => {
    const owner = await ctx().db.owners.findById(id);
    return [owner?.numFollowers, owner?.numFollowing];
  };

  it('follows once per pair, keeps both counters, lists both ways and unfollows', async () => {
    const [a, b] = [await insertOwner(ctx().db), await insertOwner(ctx().db)];
    expect(await store().follow(a.id, b.id)).toBe(true);
    expect(await store().follow(a.id, b.id)).toBe(false);
    expect(await countsOf(a.id)).toEqual([0, 1]);
    expect(await countsOf(b.id)).toEqual([1, 0]);
    expect((await store().followers(b.id)).map((o) => o.id)).toEqual([a.id]);
    expect((await store().following(a.id)).map((o) => o.id)).toEqual([b.id]);
    expect(await store().isFollowing(a.id, b.id)).toBe(true);
    expect(await store().unfollow(a.id, b.id)).toBe(true);
    expect(await store().unfollow(a.id, b.id)).toBe(false);
    expect(await countsOf(b.id)).toEqual([0, 0]);
  });

  it('loses no follow when many come at once', async () => {
    const target = await insertOwner(ctx().db);
    const fans = await Promise.all(Array.from({ length: 8 }, () => insertOwner(ctx().db)));
    await Promise.all(fans.flatMap((fan) => [store().follow(fan.id, target.id), store().follow(fan.id, target.id)]));
    expect((await countsOf(target.id))[0]).toBe(8);
  });
});
