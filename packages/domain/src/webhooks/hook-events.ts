/**
 * Forgejo's webhook event types (the value of `X-Forgejo-Event-Type`) and the
 * rules by which a hook's chosen events decide what it receives. Pure: shared
 * by the API (what a hook lists) and the dispatcher (what a hook is sent).
 */

/** Every event type a hook can choose, in the order Forgejo lists a hook's `events`. */
export const HOOK_EVENT_TYPES = [
  'create',
  'delete',
  'fork',
  'issues',
  'issue_assign',
  'issue_label',
  'issue_milestone',
  'issue_comment',
  'push',
  'pull_request',
  'pull_request_assign',
  'pull_request_label',
  'pull_request_milestone',
  'pull_request_comment',
  'pull_request_review_approved',
  'pull_request_review_rejected',
  'pull_request_review_comment',
  'pull_request_sync',
  'pull_request_review_request',
  'wiki',
  'repository',
  'release',
  'package',
  'status',
  // Bellows: an owner's storage crossed a [quota] WARN_AT threshold (owner and system hooks; no repository's).
  'quota',
] as const;

export type HookEventType = (typeof HOOK_EVENT_TYPES)[number];

export function isHookEventType(name: string): name is HookEventType {
  return (HOOK_EVENT_TYPES as readonly string[]).includes(name);
}

const ISSUE_EVENTS: HookEventType[] = ['issues', 'issue_assign', 'issue_label', 'issue_milestone', 'issue_comment'];
const PULL_EVENTS: HookEventType[] = [
  'pull_request',
  'pull_request_assign',
  'pull_request_label',
  'pull_request_milestone',
  'pull_request_comment',
  'pull_request_review_approved',
  'pull_request_review_rejected',
  'pull_request_review_comment',
  'pull_request_sync',
  'pull_request_review_request',
];

/**
 * The event types a hook chooses, from the `events` of a create or edit
 * request, as Forgejo reads them: names are case-insensitive, `issues` and
 * `pull_request` choose their whole group while `issues_only` and
 * `pull_request_only` choose the bare event, `pull_request_review` chooses the
 * three review events, unknown names are ignored, and no names means `push`.
 */
export function chosenHookEvents(names: readonly string[]): HookEventType[] {
  const asked = new Set(names.map((name) => name.toLowerCase()));
  if (asked.size === 0) asked.add('push');
  const chosen = new Set<HookEventType>();
  for (const name of asked) {
    if (name === 'issues') ISSUE_EVENTS.forEach((event) => chosen.add(event));
    else if (name === 'pull_request') PULL_EVENTS.forEach((event) => chosen.add(event));
    else if (name === 'issues_only') chosen.add('issues');
    else if (name === 'pull_request_only') chosen.add('pull_request');
    else if (name === 'pull_request_review') {
      chosen.add('pull_request_review_approved');
      chosen.add('pull_request_review_rejected');
      chosen.add('pull_request_review_comment');
    } else if (isHookEventType(name)) chosen.add(name);
  }
  return HOOK_EVENT_TYPES.filter((event) => chosen.has(event));
}

/**
 * The value of `X-Forgejo-Event` (and `X-Gitea-Event`, `X-GitHub-Event`) for
 * an event type: the family it belongs to, as receivers written for Gitea
 * switch on it.
 */
export function hookEventFamily(type: HookEventType): string {
  if (ISSUE_EVENTS.includes(type) && type !== 'issue_comment') return 'issues';
  if (type === 'issue_comment' || type === 'pull_request_comment') return 'issue_comment';
  if (type === 'pull_request_review_approved') return 'pull_request_approved';
  if (type === 'pull_request_review_rejected') return 'pull_request_rejected';
  if (type === 'pull_request_review_comment') return 'pull_request_comment';
  if (PULL_EVENTS.includes(type)) return 'pull_request';
  return type;
}
