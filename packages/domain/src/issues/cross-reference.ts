import { IssueReference, parseIssueReferences, referenceKey, RepositoryPath } from './issue-reference';

/** The issue whose comment (or body) mentions other issues. */
export interface MentioningIssue {
  readonly repository: RepositoryPath;
  readonly index: number;
}

/** A cross-reference event to record in the timeline of the mentioned issue. */
export interface CrossReferenceEvent {
  /** Always qualified: `#N` is resolved against the mentioning repository. */
  readonly target: Required<IssueReference>;
  readonly createdAt: Date;
}

/**
 * The cross-reference events a text creates, each dated with the mentioning
 * operation's date (the explicit `updated_at` when one was given). An issue
 * mentioning itself creates none. Whether the author may see a target issue, and
 * whether it exists, is for the caller to check before recording the event.
 */
export function crossReferenceEvents(text: string, source: MentioningIssue, date: Date): CrossReferenceEvent[] {
  const seen = new Set<string>([referenceKey(source)]);
  const events: CrossReferenceEvent[] = [];
  for (const reference of parseIssueReferences(text)) {
    const target = { repository: reference.repository ?? source.repository, index: reference.index };
    const key = referenceKey(target);
    if (seen.has(key)) continue;
    seen.add(key);
    events.push({ target, createdAt: date });
  }
  return events;
}
