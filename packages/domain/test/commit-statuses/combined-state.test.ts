import { combinedState, CommitStatusState, latestOfEachContext, requiredChecksPass } from '../../src';

const status = (id: number, context: string, state: CommitStatusState) => ({ id, context, state });

describe('combinedState', () => {
  it('is undefined when nothing was reported', () => {
    expect(combinedState([])).toBeUndefined();
  });

  it.each<[CommitStatusState[], CommitStatusState]>([
    [['success'], 'success'],
    [['success', 'pending'], 'pending'],
    [['pending', 'warning', 'success'], 'warning'],
    [['warning', 'failure', 'pending'], 'failure'],
    [['failure', 'error', 'success'], 'error'],
    [['success', 'success'], 'success'],
  ])('of %j is %s (error, failure, warning, pending, success: the worst wins)', (states, expected) => {
    expect(combinedState(states.map((state, i) => status(i, `c${i}`, state)))).toBe(expected);
  });
});

describe('latestOfEachContext', () => {
  it('keeps the newest status of each context, ordered by id', () => {
    const latest = latestOfEachContext([status(1, 'ci', 'failure'), status(2, 'lint', 'success'), status(3, 'ci', 'success')]);
    expect(latest).toEqual([status(2, 'lint', 'success'), status(3, 'ci', 'success')]);
    expect(combinedState(latest)).toBe('success');
  });
});

describe('requiredChecksPass', () => {
  const latest = [status(1, 'ci', 'success'), status(2, 'lint', 'failure'), status(3, 'docs', 'pending')];

  it('passes when every required context is success, whatever the others say', () => {
    expect(requiredChecksPass(latest, ['ci'])).toBe(true);
    expect(requiredChecksPass(latest, [])).toBe(true);
  });

  it('fails when a required context failed, is pending, or was never reported', () => {
    expect(requiredChecksPass(latest, ['ci', 'lint'])).toBe(false);
    expect(requiredChecksPass(latest, ['docs'])).toBe(false);
    expect(requiredChecksPass(latest, ['ci', 'deploy'])).toBe(false);
  });
});
