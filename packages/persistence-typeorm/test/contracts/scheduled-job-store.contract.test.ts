import { followingDueTime } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';

const MINUTE = 60_000;
const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
const claim = (owner: string, now: Date, leaseMs = 5 * MINUTE) => ({ owner, now, leaseUntil: new Date(now.getTime() + leaseMs) });

describeEachEngine('ScheduledJobStore', (ctx) => {
  let seq = 0;
  const job = async (firstDueAt = at(0)) => {
    const name = `job_${seq++}`;
    await ctx().db.scheduledJobs.register(name, firstDueAt);
    return name;
  };

  it('registers a job once: a second registration keeps the stored due time and history', async () => {
    const { db } = ctx();
    const name = await job(at(0));
    expect(await db.scheduledJobs.claimNow(name, claim('a', at(1)))).toBe(true);
    await db.scheduledJobs.register(name, at(99 * MINUTE));
    expect(await db.scheduledJobs.find(name)).toMatchObject({ nextRunAt: at(0), lastRunAt: at(1), runCount: 1, leaseOwner: 'a' });
    expect((await db.scheduledJobs.list()).map((j) => j.name)).toContain(name);
  });

  it('gives one due time to exactly one of many claimants at once, and moves the due time on', async () => {
    const { db } = ctx();
    const name = await job(at(0));
    const now = at(90 * MINUTE);
    const following = followingDueTime({ everyMs: 60 * MINUTE }, at(0), now);
    const won = await Promise.all(
      Array.from({ length: 8 }, (_, i) => db.scheduledJobs.claimDue(name, at(0), following, claim(`instance-${i}`, now))),
    );
    expect(won.filter(Boolean)).toHaveLength(1);
    const stored = await db.scheduledJobs.find(name);
    expect(stored).toMatchObject({ nextRunAt: at(120 * MINUTE), runCount: 1, lastRunAt: now, leaseOwner: `instance-${won.indexOf(true)}` });
    // Released, the same due time is not run again: it is claimed already.
    await db.scheduledJobs.release(name, stored!.leaseOwner!);
    expect(await db.scheduledJobs.claimDue(name, at(0), following, claim('late', now))).toBe(false);
    expect((await db.scheduledJobs.find(name))!.runCount).toBe(1);
  });

  it('keeps a due time while another run holds the job, and gives it once that run ends', async () => {
    const { db } = ctx();
    const name = await job(at(0));
    expect(await db.scheduledJobs.claimNow(name, claim('manual', at(0)))).toBe(true);
    expect(await db.scheduledJobs.claimNow(name, claim('manual-too', at(1)))).toBe(false);
    expect(await db.scheduledJobs.claimDue(name, at(0), at(60 * MINUTE), claim('timer', at(1)))).toBe(false);
    expect(await db.scheduledJobs.find(name)).toMatchObject({ nextRunAt: at(0), runCount: 1 });
    await db.scheduledJobs.release(name, 'manual');
    expect(await db.scheduledJobs.claimDue(name, at(0), at(60 * MINUTE), claim('timer', at(2)))).toBe(true);
    expect(await db.scheduledJobs.find(name)).toMatchObject({ nextRunAt: at(60 * MINUTE), runCount: 2, leaseOwner: 'timer' });
  });

  it('lets a lease lapse (a crashed instance), renews only the holder’s, and releases only the holder’s', async () => {
    const { db } = ctx();
    const name = await job(at(0));
    expect(await db.scheduledJobs.claimNow(name, claim('crashed', at(0), MINUTE))).toBe(true);
    expect(await db.scheduledJobs.renew(name, 'someone-else', at(10 * MINUTE))).toBe(false);
    await db.scheduledJobs.release(name, 'someone-else');
    expect(await db.scheduledJobs.claimNow(name, claim('b', at(MINUTE - 1)))).toBe(false);
    expect(await db.scheduledJobs.claimNow(name, claim('b', at(MINUTE)))).toBe(true);
    expect(await db.scheduledJobs.renew(name, 'crashed', at(10 * MINUTE))).toBe(false);
    expect(await db.scheduledJobs.renew(name, 'b', at(10 * MINUTE))).toBe(true);
    expect(await db.scheduledJobs.find(name)).toMatchObject({ leaseOwner: 'b', leaseUntil: at(10 * MINUTE), runCount: 2 });
  });
});
