import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { IssueWatchStore, NotificationStore, OwnerStore } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { ApiUser, ShapeContext, toApiUser } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { ResolvedIssue } from '../issues/issue-lookup.service';
import { ApiWatchInfo } from '../watches/watch-info.dto';

/** Whether a subscription changed (Forgejo answers 201) or was already so (200). */
export type SubscriptionChange = 'changed' | 'unchanged';

/**
 * Subscriptions to issues and pull requests (Forgejo's `issueAddSubscription`
 * and friends). Without an explicit choice a user is subscribed when the
 * issue's events reach them anyway: as a watcher of the repository, its
 * owner, a participant or an assignee. An explicit choice overrides that, and
 * the notifications follow it.
 */
@Injectable()
export class IssueSubscriptionsService {
  constructor(
    private readonly watches: IssueWatchStore,
    private readonly notifications: NotificationStore,
    private readonly owners: OwnerStore,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
  ) {}

  async isSubscribed(userId: number, { repoCtx, issue }: ResolvedIssue): Promise<boolean> {
    const choice = await this.watches.choiceOf(userId, issue.id);
    if (choice !== null) return choice;
    return (await this.notifications.audienceOf(issue.id, repoCtx.repo.id, repoCtx.repo.ownerId)).includes(userId);
  }

  /** As Forgejo: only the user themself or a site administrator changes a user's subscription. */
  async set(resolved: ResolvedIssue, username: string, watching: boolean, actor: Actor): Promise<SubscriptionChange> {
    const user = await this.owners.findByName(username);
    if (!user || user.kind !== 'user') throw new NotFoundException(`user ${username} does not exist`);
    if (user.id !== actor.user.id && !actor.user.isAdmin) {
      throw new ForbiddenException(`${actor.user.name} may not change the subscriptions of ${user.name}`);
    }
    if ((await this.isSubscribed(user.id, resolved)) === watching) return 'unchanged';
    await this.watches.set(user.id, resolved.issue.id, watching, new Date());
    return 'changed';
  }

  async check(resolved: ResolvedIssue, actor: Actor): Promise<ApiWatchInfo> {
    const subscribed = await this.isSubscribed(actor.user.id, resolved);
    const { repoCtx, issue } = resolved;
    const repositoryUrl = `${this.shapes.rootUrl}api/v1/repos/${repoCtx.owner.name}/${repoCtx.repo.name}`;
    return {
      subscribed,
      ignored: !subscribed,
      reason: null,
      created_at: issue.createdAt.toISOString(),
      url: `${repositoryUrl}/issues/${issue.index}/subscriptions`,
      repository_url: repositoryUrl,
    };
  }

  async subscribers({ issue }: ResolvedIssue, actor: Actor | undefined, paging: PageRequest): Promise<PageOf<ApiUser>> {
    const [users, total] = await this.watches.subscribers(issue.id, paging.offset, paging.limit);
    return new PageOf(
      users.map((user) => toApiUser(user, actor?.user, this.shapes)),
      total,
      paging,
    );
  }
}
