import { Label } from './label';

/** Port: which labels are on which issues. */
export abstract class IssueLabelStore {
  /** The issue's labels, by name. */
  abstract labelsOf(issueId: number): Promise<Label[]>;
  /** The labels of several issues at once (for issue lists), by name; issues without labels are absent. */
  abstract labelsOfIssues(issueIds: readonly number[]): Promise<Map<number, Label[]>>;
  /** Puts the labels on the issue (none of them may be on it already). */
  abstract add(issueId: number, labelIds: readonly number[]): Promise<void>;
  /** Takes the labels off the issue; those it does not carry are ignored. */
  abstract remove(issueId: number, labelIds: readonly number[]): Promise<void>;
}
