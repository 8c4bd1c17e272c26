import { CommitStatus, CommitStatusState } from './commit-status';

/** Forgejo's precedence, worst first: the combined state is the worst latest state of any context. */
const WORST_FIRST: readonly CommitStatusState[] = ['error', 'failure', 'warning', 'pending', 'success'];

/**
 * The combined state of a commit from the latest status of each context: the
 * worst of them (error, failure, warning, pending, success); undefined when
 * nothing was reported.
 */
export function combinedState(latest: readonly Pick<CommitStatus, 'state'>[]): CommitStatusState | undefined {
  if (latest.length === 0) return undefined;
  return latest
    .map((status) => status.state)
    .reduce((worst, state) => (WORST_FIRST.indexOf(state) < WORST_FIRST.indexOf(worst) ? state : worst));
}

/** Keeps the newest status (highest id) of each context. */
export function latestOfEachContext<S extends Pick<CommitStatus, 'id' | 'context'>>(statuses: readonly S[]): S[] {
  const latest = new Map<string, S>();
  for (const status of statuses) {
    const kept = latest.get(status.context);
    if (kept === undefined || status.id > kept.id) latest.set(status.context, status);
  }
  return [...latest.values()].sort((a, b) => a.id - b.id);
}

/**
 * The "status checks required" rule of branch protection: the commit passes when
 * the latest status of every required context is success. A required context
 * nobody reported yet keeps the commit waiting (false). `latest` holds one status
 * per context (latestOfEachContext). Contexts are matched by their exact name.
 */
export function requiredChecksPass(
  latest: readonly Pick<CommitStatus, 'context' | 'state'>[],
  requiredContexts: readonly string[],
): boolean {
  return requiredContexts.every((context) => latest.some((status) => status.context === context && status.state === 'success'));
}
