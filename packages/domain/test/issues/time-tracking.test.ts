import { formatDuration, mayDeleteTime, mayListTimesOfOthers, mayTrackTime, secondsRunning, wouldCreateCycle } from '../../src';

describe('formatDuration', () => {
  it('writes durations as Forgejo does, leaving zero parts out', () => {
    expect(formatDuration(0)).toBe('');
    expect(formatDuration(66)).toBe('1m 6s');
    expect(formatDuration(3600)).toBe('1h');
    expect(formatDuration(90061)).toBe('1d 1h 1m 1s');
    expect(formatDuration(52410)).toBe('14h 33m 30s');
  });
});

describe('secondsRunning', () => {
  it('counts whole seconds since the start, never below zero', () => {
    const stopwatch = { id: 1, issueId: 1, userId: 1, createdAt: new Date(10_000) };
    expect(secondsRunning(stopwatch, new Date(12_999))).toBe(2);
    expect(secondsRunning(stopwatch, new Date(5_000))).toBe(0);
  });
});

describe('time tracking rules', () => {
  it('lets writers and posters track, writers and site admins list everyone, owners and site admins delete', () => {
    expect(mayTrackTime({ isWriter: false, isPoster: true })).toBe(true);
    expect(mayTrackTime({ isWriter: false, isPoster: false })).toBe(false);
    expect(mayListTimesOfOthers({ isWriter: false, isSiteAdmin: false })).toBe(false);
    expect(mayListTimesOfOthers({ isWriter: false, isSiteAdmin: true })).toBe(true);
    expect(mayDeleteTime({ userId: 2, isSiteAdmin: false }, { userId: 3 })).toBe(false);
    expect(mayDeleteTime({ userId: 3, isSiteAdmin: false }, { userId: 3 })).toBe(true);
  });
});

describe('wouldCreateCycle', () => {
  // 1 depends on 2, 2 on 3; 4 stands alone.
  const graph: Record<number, number[]> = { 1: [2], 2: [3], 3: [], 4: [] };
  const dependenciesOf = async (id: number) => graph[id] ?? [];

  it('finds a circle closed directly, through others, or by an issue on itself', async () => {
    expect(await wouldCreateCycle(2, 1, dependenciesOf)).toBe(true);
    expect(await wouldCreateCycle(3, 1, dependenciesOf)).toBe(true);
    expect(await wouldCreateCycle(4, 4, dependenciesOf)).toBe(true);
  });

  it('allows links that close no circle', async () => {
    expect(await wouldCreateCycle(1, 3, dependenciesOf)).toBe(false);
    expect(await wouldCreateCycle(4, 1, dependenciesOf)).toBe(false);
    expect(await wouldCreateCycle(1, 4, dependenciesOf)).toBe(false);
  });
});
