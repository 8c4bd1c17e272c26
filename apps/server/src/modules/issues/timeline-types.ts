import { USER_COMMENT_TYPE } from '@bellows/domain';

/**
 * The kinds of timeline entries, numbered as Forgejo numbers its comment types
 * (the `comment.type` column) and named as its API names them
 * (`TimelineComment.type`). Only some are produced by Bellows today; the
 * numbering is kept whole so that stored numbers never have to change.
 */
export const CommentType = {
  Comment: USER_COMMENT_TYPE,
  Reopen: 1,
  Close: 2,
  /** Another issue's body mentions this issue. */
  IssueRef: 3,
  CommitRef: 4,
  /** A comment of another issue mentions this issue. */
  CommentRef: 5,
  /** A pull request mentions this issue. */
  PullRef: 6,
  Label: 7,
  Milestone: 8,
  Assignees: 9,
  ChangeTitle: 10,
  DeleteBranch: 11,
  StartTracking: 12,
  StopTracking: 13,
  AddTimeManual: 14,
  CancelTracking: 15,
  AddedDeadline: 16,
  ModifiedDeadline: 17,
  RemovedDeadline: 18,
  AddDependency: 19,
  RemoveDependency: 20,
  Code: 21,
  Review: 22,
  Lock: 23,
  Unlock: 24,
  ChangeTargetBranch: 25,
  DeleteTimeManual: 26,
  ReviewRequest: 27,
  MergePull: 28,
  PullPush: 29,
  Project: 30,
  ProjectBoard: 31,
  DismissReview: 32,
  ChangeIssueRef: 33,
  PrScheduledToAutoMerge: 34,
  PrUnScheduledToAutoMerge: 35,
  Pin: 36,
  Unpin: 37,
} as const;

export type CommentTypeNumber = (typeof CommentType)[keyof typeof CommentType];

const NAMES: readonly string[] = [
  'comment',
  'reopen',
  'close',
  'issue_ref',
  'commit_ref',
  'comment_ref',
  'pull_ref',
  'label',
  'milestone',
  'assignees',
  'change_title',
  'delete_branch',
  'start_tracking',
  'stop_tracking',
  'add_time_manual',
  'cancel_tracking',
  'added_deadline',
  'modified_deadline',
  'removed_deadline',
  'add_dependency',
  'remove_dependency',
  'code',
  'review',
  'lock',
  'unlock',
  'change_target_branch',
  'delete_time_manual',
  'review_request',
  'merge_pull',
  'pull_push',
  'project',
  'project_board',
  'dismiss_review',
  'change_issue_ref',
  'pull_scheduled_merge',
  'pull_cancel_scheduled_merge',
  'pin',
  'unpin',
];

/** The API name of a comment type (`TimelineComment.type`). */
export function commentTypeName(type: number): string {
  return NAMES[type] ?? 'unknown';
}
