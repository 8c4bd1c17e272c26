import { ApiUser } from '../../accounts/dto/user.dto';
import { ApiComment } from '../../issues/dto/comment.dto';
import { ApiIssue } from '../../issues/dto/issue.dto';
import { ApiLabel } from '../../labels/dto/label.dto';
import { ApiPackage } from '../../packages/dto/package.dto';
import { ApiPullRequest } from '../../pulls/dto/pull-request.dto';
import { ApiRelease } from '../../releases/dto/release.dto';
import { ApiRepository } from '../../repositories/dto/repository.dto';

/**
 * The JSON bodies Forgejo sends for the events other than git pushes, with
 * its field names (Forgejo's `modules/structs/hook.go`). The objects inside are
 * the API's own shapes (ApiIssue, ApiRepository, …), filled by the areas'
 * mappers, so a receiver reads the same JSON as a client of the API.
 */

/** The `action` of issue and pull request events. */
export type HookIssueAction =
  | 'opened'
  | 'closed'
  | 'reopened'
  | 'edited'
  | 'deleted'
  | 'assigned'
  | 'unassigned'
  | 'label_updated'
  | 'label_cleared'
  | 'synchronized'
  | 'milestoned'
  | 'demilestoned'
  | 'reviewed'
  | 'review_requested'
  | 'review_request_removed';

export type HookCommentAction = 'created' | 'edited' | 'deleted';
export type HookReleaseAction = 'published' | 'updated' | 'deleted';
export type HookRepositoryAction = 'created' | 'deleted';
export type HookWikiAction = 'created' | 'edited' | 'deleted';

/** What an edit changed: the previous values (Forgejo's ChangesPayload). */
export interface HookChanges {
  title?: { from: string };
  body?: { from: string };
  ref?: { from: string };
  added_labels?: ApiLabel[] | null;
  removed_labels?: ApiLabel[] | null;
}

/** Sent for `issues`, `issue_assign`, `issue_label` and `issue_milestone`. */
export interface IssuePayload {
  action: HookIssueAction;
  number: number;
  changes?: HookChanges;
  issue: ApiIssue;
  repository: ApiRepository;
  sender: ApiUser;
  commit_id: string;
}

/** Sent for `issue_comment` and `pull_request_comment`. */
export interface IssueCommentPayload {
  action: HookCommentAction;
  issue: ApiIssue;
  comment: ApiComment;
  changes?: HookChanges;
  repository: ApiRepository;
  sender: ApiUser;
  is_pull: boolean;
}

/** Sent for `pull_request` and its kin; a merge is `closed` with `pull_request.merged` true. */
export interface PullRequestPayload {
  action: HookIssueAction;
  number: number;
  changes?: HookChanges;
  pull_request: ApiPullRequest;
  requested_reviewer: ApiUser | null;
  repository: ApiRepository;
  sender: ApiUser;
  commit_id: string;
  review: { type: string; content: string } | null;
}

export interface ReleasePayload {
  action: HookReleaseAction;
  release: ApiRelease;
  repository: ApiRepository;
  sender: ApiUser;
}

/** Sent for `repository`; `organization` is the repository's owner (a user or an organization), as in Forgejo. */
export interface RepositoryPayload {
  action: HookRepositoryAction;
  repository: ApiRepository;
  organization: ApiUser;
  sender: ApiUser;
}

/** Sent to the hooks of the forked repository: `forkee` is that repository, `repository` the new fork. */
export interface ForkPayload {
  forkee: ApiRepository;
  repository: ApiRepository;
  sender: ApiUser;
}

/** Sent for `wiki`: the page's name and the message of the commit that changed it. */
export interface WikiPayload {
  action: HookWikiAction;
  repository: ApiRepository;
  sender: ApiUser;
  page: string;
  comment: string;
}

/** The parts every issue event is made of, shaped by the API's mappers. */
export interface IssueEventParts {
  issue: ApiIssue;
  repository: ApiRepository;
  sender: ApiUser;
}

export function issuePayload(action: HookIssueAction, parts: IssueEventParts, changes?: HookChanges): IssuePayload {
  return {
    action,
    number: parts.issue.number,
    ...(changes ? { changes } : {}),
    issue: parts.issue,
    repository: parts.repository,
    sender: parts.sender,
    commit_id: '',
  };
}

export function issueCommentPayload(
  action: HookCommentAction,
  parts: IssueEventParts & { comment: ApiComment },
  changes?: HookChanges,
): IssueCommentPayload {
  return {
    action,
    issue: parts.issue,
    comment: parts.comment,
    ...(changes ? { changes } : {}),
    repository: parts.repository,
    sender: parts.sender,
    is_pull: parts.issue.pull_request !== null,
  };
}

/**
 * What an issue edit changed, as Forgejo reports it: the old title or body
 * (only those that changed); undefined when neither did.
 */
export function editChanges(before: { title: string; body: string }, after: { title: string; body: string }): HookChanges | undefined {
  const changes: HookChanges = {};
  if (before.title !== after.title) changes.title = { from: before.title };
  if (before.body !== after.body) changes.body = { from: before.body };
  return Object.keys(changes).length ? changes : undefined;
}

/** A commit as push and status payloads list it (Forgejo's PayloadCommit). */
export interface PayloadCommit {
  id: string;
  message: string;
  url: string;
  author: { name: string; email: string; username: string };
  committer: { name: string; email: string; username: string };
  verification: null;
  timestamp: string;
  added: string[];
  removed: string[];
  modified: string[];
}

/** Sent for `status`: a commit status was created (Forgejo's CommitStatusPayload). */
export interface CommitStatusPayload {
  commit: PayloadCommit;
  context: string;
  created_at: string;
  description: string;
  id: number;
  repository: ApiRepository;
  sender: ApiUser;
  sha: string;
  state: string;
  target_url: string;
  updated_at: string;
}

export type HookPackageAction = 'created' | 'deleted';

/** Sent for `package` to the hooks of the package's owner and the site (Forgejo's PackagePayload). */
export interface PackagePayload {
  action: HookPackageAction;
  package: ApiPackage;
  sender: ApiUser;
}
