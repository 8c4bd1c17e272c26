import {
  addDays,
  daysFrom,
  firstKeptDay,
  parseHistoryRange,
  parseUsageDay,
  QuotaValidationError,
  subjectSeries,
  usageDayOf,
} from '../../src/quota';

describe('usage days', () => {
  it('are the UTC calendar day of an instant', () => {
    expect(usageDayOf(new Date('2026-11-25T23:59:59.999Z'))).toBe('2026-11-25');
    expect(usageDayOf(new Date('2026-11-26T00:00:00+02:00'))).toBe('2026-11-25');
  });

  it('count across months, leap days and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysFrom('2025-11-25', '2026-11-25')).toBe(365);
    expect(daysFrom('2026-11-25', '2026-11-20')).toBe(-5);
  });

  it('are read only as real YYYY-MM-DD days', () => {
    expect(parseUsageDay('2024-02-29', 'from')).toBe('2024-02-29');
    for (const bad of ['2025-02-29', '2026-13-01', '2026-1-5', '26-11-25', '2026-11-25T00:00:00Z', '', 20261125, ['2026-11-25']]) {
      expect(() => parseUsageDay(bad, 'from')).toThrow(QuotaValidationError);
    }
    expect(() => parseUsageDay('yesterday', 'to')).toThrow(/^to must be a day written YYYY-MM-DD, got "yesterday"$/);
  });
});

describe('a history request', () => {
  const today = '2026-11-25';

  it('defaults to size:all over the 90 days that end today', () => {
    expect(parseHistoryRange({}, today, 400)).toEqual({ subject: 'size:all', from: '2026-08-28', to: today });
    expect(daysFrom('2026-08-28', today) + 1).toBe(90);
  });

  it('ends the default 90 days at the `to` asked for, and keeps them within the kept days', () => {
    expect(parseHistoryRange({ to: '2026-01-31' }, today, 400)).toEqual({ subject: 'size:all', from: '2025-11-03', to: '2026-01-31' });
    expect(parseHistoryRange({}, today, 30).from).toBe('2026-10-27');
  });

  it('takes a subject in its canonical form', () => {
    expect(parseHistoryRange({ subject: 'size:assets:packages:all' }, today, 400).subject).toBe('size:assets:packages:all');
    expect(parseHistoryRange({ subject: 'size:assets:wiki' }, today, 400).subject).toBe('size:wiki');
  });

  it('accepts one day and exactly the kept days', () => {
    expect(parseHistoryRange({ from: today, to: today }, today, 400)).toEqual({ subject: 'size:all', from: today, to: today });
    expect(parseHistoryRange({ from: addDays(today, -399), to: today }, today, 400).from).toBe('2025-10-22');
  });

  it('is refused, naming the problem, for a bad subject or day, from after to, or more days than are kept', () => {
    const refusal = (input: Record<string, unknown>) => {
      try {
        parseHistoryRange(input, today, 400);
      } catch (error) {
        return { field: (error as QuotaValidationError).field, message: (error as Error).message };
      }
      throw new Error('accepted');
    };
    expect(refusal({ subject: 'size:everything' })).toMatchObject({
      field: 'subject',
      message: expect.stringContaining('"size:everything"'),
    });
    expect(refusal({ from: '2026-02-30' })).toMatchObject({ field: 'from' });
    expect(refusal({ to: 'now' })).toMatchObject({ field: 'to' });
    expect(refusal({ from: '2026-11-26', to: today })).toEqual({
      field: 'from',
      message: 'from (2026-11-26) must not be after to (2026-11-25)',
    });
    expect(refusal({ from: addDays(today, -400), to: today })).toEqual({
      field: 'from',
      message: 'from 2025-10-21 to 2026-11-25 is 401 days; at most 400 (HISTORY_DAYS) may be asked for',
    });
  });
});

describe('a subject series from daily snapshots', () => {
  const days = [
    { day: '2026-11-23', bytes: { 'repos:public': 100, 'git:lfs': 50, packages: 7 } },
    { day: '2026-11-24', bytes: { packages: 9 } },
    { day: '2026-11-25', bytes: { 'repos:private': 1, 'attachments:issues': 2, 'attachments:releases': 4, artifacts: 8 } },
  ];

  it('adds each day the buckets the subject covers, in the order given', () => {
    expect(subjectSeries(days, 'size:all')).toEqual([
      { day: '2026-11-23', bytes: 157 },
      { day: '2026-11-24', bytes: 9 },
      { day: '2026-11-25', bytes: 15 },
    ]);
    expect(subjectSeries(days, 'size:git:all').map((p) => p.bytes)).toEqual([150, 0, 1]);
    expect(subjectSeries(days, 'size:assets:attachments:all').map((p) => p.bytes)).toEqual([0, 0, 6]);
    expect(subjectSeries(days, 'size:wiki').map((p) => p.bytes)).toEqual([0, 0, 0]);
  });

  it('counts a negative figure a store bug left as 0 rather than failing', () => {
    expect(subjectSeries([{ day: '2026-11-25', bytes: { packages: -5, 'repos:public': 3 } }], 'size:all')).toEqual([
      { day: '2026-11-25', bytes: 3 },
    ]);
  });
});

describe('retention', () => {
  it('keeps the kept days up to today, today included', () => {
    expect(firstKeptDay('2026-11-25', 1)).toBe('2026-11-25');
    expect(firstKeptDay('2026-11-25', 400)).toBe('2025-10-22');
  });
});
