import { describeSchedule, followingDueTime, isDue, isLeased, ScheduledJobState } from '../../src/scheduling';

const HOUR = 60 * 60 * 1000;
const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
const job = (state: Partial<ScheduledJobState>): ScheduledJobState => ({
  name: 'j',
  nextRunAt: at(0),
  lastRunAt: null,
  runCount: 0,
  leaseOwner: null,
  leaseUntil: null,
  ...state,
});

describe('scheduled jobs', () => {
  it('are due from their next due time on', () => {
    expect(isDue(job({ nextRunAt: at(HOUR) }), at(HOUR - 1))).toBe(false);
    expect(isDue(job({ nextRunAt: at(HOUR) }), at(HOUR))).toBe(true);
  });

  it('are held only by a lease whose time has not run out', () => {
    expect(isLeased(job({}), at(0))).toBe(false);
    expect(isLeased(job({ leaseOwner: 'a', leaseUntil: at(10) }), at(9))).toBe(true);
    expect(isLeased(job({ leaseOwner: 'a', leaseUntil: at(10) }), at(10))).toBe(false);
  });

  it('move to the next due time on their grid after the claim, one run standing for every missed one', () => {
    const hourly = { everyMs: HOUR };
    expect(followingDueTime(hourly, at(0), at(0))).toEqual(at(HOUR));
    expect(followingDueTime(hourly, at(0), at(5))).toEqual(at(HOUR));
    expect(followingDueTime(hourly, at(0), at(5 * HOUR + 5))).toEqual(at(6 * HOUR));
    // A clock behind the due time (another instance claimed early) still moves on.
    expect(followingDueTime(hourly, at(HOUR), at(0))).toEqual(at(2 * HOUR));
  });

  it('describe their schedule as Forgejo does', () => {
    expect(describeSchedule({ everyMs: HOUR })).toBe('@every 60m');
    expect(describeSchedule({ everyMs: 24 * HOUR })).toBe('@every 1440m');
  });
});
