import { ApiProperty } from '@nestjs/swagger';
import { Issue, NotificationThread, Owner, QuotaEvent, Repository } from '@bellows/domain';
import { ShapeContext } from '../../accounts/dto/user.dto';
import { ApiRepository, toApiRepository } from '../../repositories/dto/repository.dto';
import { RepoPermission } from '../../repositories/repo-permission';
import { eventsApiUrl, eventTitle, storagePageUrl } from '../../quota-warnings/quota-warning-shapes';

/**
 * The JSON shapes of notifications with Forgejo's field names (definitions
 * `NotificationThread`, `NotificationSubject`, `NotificationCount`).
 */

export class ApiNotificationSubject {
  @ApiProperty() title!: string;
  @ApiProperty({ description: "the API URL of the issue (of a quota thread: the owner's quota events)" }) url!: string;
  @ApiProperty() html_url!: string;
  @ApiProperty({ description: 'the API URL of the latest comment, empty when there is none' }) latest_comment_url!: string;
  @ApiProperty() latest_comment_html_url!: string;
  @ApiProperty({ enum: ['Issue', 'Pull', 'Quota'] }) type!: 'Issue' | 'Pull' | 'Quota';
  @ApiProperty({ enum: ['open', 'closed', ''], description: "'' for a quota thread" }) state!: 'open' | 'closed' | '';
}

export class ApiNotificationThread {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty({ type: () => ApiRepository, nullable: true, description: 'null for a quota thread' }) repository!: ApiRepository | null;
  @ApiProperty({ type: () => ApiNotificationSubject }) subject!: ApiNotificationSubject;
  @ApiProperty() unread!: boolean;
  @ApiProperty() pinned!: boolean;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiProperty() url!: string;
}

export class ApiNotificationCount {
  @ApiProperty({ type: 'integer', format: 'int64', description: 'the number of unread threads' }) new!: number;
}

/** Where a thread is: its issue, the issue's repository and the repository's owner. */
export interface ThreadPlace {
  issue: Issue;
  repo: Repository;
  owner: Owner;
}

/** A thread as its user sees it; `permission` is the user's in the thread's repository. */
export function toApiNotificationThread(
  thread: NotificationThread,
  { issue, repo, owner }: ThreadPlace,
  viewer: Owner,
  permission: RepoPermission,
  ctx: ShapeContext,
): ApiNotificationThread {
  const repoApiUrl = `${ctx.rootUrl}api/v1/repos/${owner.name}/${repo.name}`;
  const htmlUrl = `${ctx.rootUrl}${owner.name}/${repo.name}/${issue.isPull ? 'pulls' : 'issues'}/${issue.index}`;
  const commentId = thread.commentId;
  return {
    id: thread.id,
    repository: toApiRepository(repo, owner, permission, viewer, ctx),
    subject: {
      title: issue.title,
      url: `${repoApiUrl}/issues/${issue.index}`,
      html_url: htmlUrl,
      latest_comment_url: commentId === null ? '' : `${repoApiUrl}/issues/comments/${commentId}`,
      latest_comment_html_url: commentId === null ? '' : `${htmlUrl}#issuecomment-${commentId}`,
      type: issue.isPull ? 'Pull' : 'Issue',
      state: issue.isClosed ? 'closed' : 'open',
    },
    unread: thread.status === 'unread',
    pinned: thread.status === 'pinned',
    updated_at: thread.updatedAt.toISOString(),
    url: `${ctx.rootUrl}api/v1/notifications/threads/${thread.id}`,
  };
}

/**
 * A quota thread (a `[quota] WARN_AT` threshold crossed upwards): about no
 * repository; its subject points at the owner's quota events (API) and storage page.
 */
export function toApiQuotaNotificationThread(
  thread: NotificationThread,
  event: QuotaEvent,
  owner: Owner,
  ctx: ShapeContext,
): ApiNotificationThread {
  return {
    id: thread.id,
    repository: null,
    subject: {
      title: eventTitle(event),
      url: eventsApiUrl(ctx.rootUrl, owner),
      html_url: storagePageUrl(ctx.rootUrl, owner),
      latest_comment_url: '',
      latest_comment_html_url: '',
      type: 'Quota',
      state: '',
    },
    unread: thread.status === 'unread',
    pinned: thread.status === 'pinned',
    updated_at: thread.updatedAt.toISOString(),
    url: `${ctx.rootUrl}api/v1/notifications/threads/${thread.id}`,
  };
}
