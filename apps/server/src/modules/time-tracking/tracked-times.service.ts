import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  mayDeleteTime,
  mayListTimesOfOthers,
  mayTrackTime,
  mayTrackTimeForOthers,
  Owner,
  OwnerStore,
  timelineTimeContent,
  TrackedTime,
  TrackedTimeFilter,
  TrackedTimeStore,
  UnitOfWork,
} from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { ApiIssue } from '../issues/dto/issue.dto';
import { IssueShaper } from '../issues/issue-shaper.service';
import { ResolvedIssue } from '../issues/issue-lookup.service';
import { TimelineService } from '../issues/timeline.service';
import { CommentType } from '../issues/timeline-types';
import { RepoContext } from '../repositories/repository-access.service';
import { atLeast } from '../repositories/repo-permission';
import { AddTimeOption, ApiTrackedTime, toApiTrackedTime } from './dto/tracked-time.dto';
import { ReadableIssues } from './readable-issues';

/** The filters of a listing of times, as the query gives them. */
export interface TimeQuery {
  user?: string;
  since?: Date;
  before?: Date;
}

/** More than anyone's own times of one listing hold; /user/times reads this many at most before paging. */
const OWN_TIMES_LIMIT = 10_000;

/**
 * Tracked times (Forgejo's issueTrackedTimes, issueAddTime, issueResetTime,
 * issueDeleteTime, repoTrackedTimes, userTrackedTimes, userCurrentTrackedTimes).
 * Writers and site admins see everyone's times; others see only their own.
 * Each change writes its timeline entry in the same transaction.
 */
@Injectable()
export class TrackedTimesService {
  constructor(
    private readonly times: TrackedTimeStore,
    private readonly owners: OwnerStore,
    private readonly unitOfWork: UnitOfWork,
    private readonly timeline: TimelineService,
    private readonly shaper: IssueShaper,
    private readonly readable: ReadableIssues,
  ) {}

  /** A page of the times of the issue (or of the whole repository when `issueId` is absent). */
  async list(
    repoCtx: RepoContext,
    issueId: number | undefined,
    query: TimeQuery,
    paging: PageRequest,
    actor: Actor,
  ): Promise<PageOf<ApiTrackedTime>> {
    const filter: TrackedTimeFilter = { repoId: repoCtx.repo.id, issueId, since: query.since, before: query.before };
    const named = query.user ? await this.userNamed(query.user) : undefined;
    if (mayListTimesOfOthers({ isWriter: atLeast(repoCtx.permission, 'write'), isSiteAdmin: actor.user.isAdmin })) {
      filter.userId = named?.id;
    } else if (named && named.id !== actor.user.id) {
      throw new ForbiddenException("only writers of the repository may list other users' times");
    } else {
      filter.userId = actor.user.id;
    }
    const [times, total] = await this.times.list(filter, paging.offset, paging.limit);
    return new PageOf(await this.shape(times, actor.user), total, paging);
  }

  /** Every time of one user in the repository (Forgejo's deprecated userTrackedTimes: the user, repository admins, site admins). */
  async ofUser(repoCtx: RepoContext, username: string, actor: Actor): Promise<ApiTrackedTime[]> {
    const user = await this.userNamed(username);
    if (user.id !== actor.user.id && !atLeast(repoCtx.permission, 'admin') && !actor.user.isAdmin) {
      throw new ForbiddenException("only repository administrators may list other users' times");
    }
    const [times] = await this.times.list({ repoId: repoCtx.repo.id, userId: user.id }, 0, OWN_TIMES_LIMIT);
    return this.shape(times, actor.user);
  }

  /** The caller's own times in every repository they may still read. */
  async mine(actor: Actor, query: TimeQuery, paging: PageRequest): Promise<PageOf<ApiTrackedTime>> {
    const [times] = await this.times.list({ userId: actor.user.id, since: query.since, before: query.before }, 0, OWN_TIMES_LIMIT);
    const issues = await this.readable.byId(
      times.map((time) => time.issueId),
      actor.user,
    );
    const visible = times.filter((time) => issues.has(time.issueId));
    const page = visible.slice(paging.offset, paging.offset + paging.limit);
    return new PageOf(await this.shape(page, actor.user), visible.length, paging);
  }

  async add({ repoCtx, issue }: ResolvedIssue, input: AddTimeOption, actor: Actor): Promise<ApiTrackedTime> {
    this.requireTracker(repoCtx, issue.posterId, actor);
    const user = await this.trackerOf(repoCtx, input.user_name, actor);
    const now = new Date();
    const time = await this.unitOfWork.run(async (tx) => {
      const added = await tx.trackedTimes.add({
        issueId: issue.id,
        userId: user.id,
        seconds: input.time,
        createdAt: input.created ? new Date(input.created) : now,
      });
      await this.timeline.record(tx, {
        issueId: issue.id,
        actorId: user.id,
        type: CommentType.AddTimeManual,
        content: timelineTimeContent(input.time),
        timeId: added.id,
        createdAt: now,
      });
      return added;
    });
    return (await this.shape([time], actor.user))[0];
  }

  /** Removes all of the caller's own times on the issue (Forgejo's issueResetTime); 404 when there were none. */
  async reset({ repoCtx, issue }: ResolvedIssue, actor: Actor): Promise<void> {
    this.requireTracker(repoCtx, issue.posterId, actor);
    await this.unitOfWork.run(async (tx) => {
      const { times, seconds } = await tx.trackedTimes.removeAllOf(issue.id, actor.user.id);
      if (times === 0) throw new NotFoundException(`you have no tracked time on issue #${issue.index}`);
      await this.timeline.record(tx, {
        issueId: issue.id,
        actorId: actor.user.id,
        type: CommentType.DeleteTimeManual,
        content: timelineTimeContent(seconds),
        createdAt: new Date(),
      });
    });
  }

  async remove({ repoCtx, issue }: ResolvedIssue, id: number, actor: Actor): Promise<void> {
    this.requireTracker(repoCtx, issue.posterId, actor);
    const time = await this.times.findById(id);
    if (!time || time.deleted || time.issueId !== issue.id)
      throw new NotFoundException(`tracked time ${id} does not exist on issue #${issue.index}`);
    if (!mayDeleteTime({ userId: actor.user.id, isSiteAdmin: actor.user.isAdmin }, time)) {
      throw new ForbiddenException('only its own user and site administrators may delete a tracked time');
    }
    await this.unitOfWork.run(async (tx) => {
      // Conditional on the row still being live: a concurrent delete wins once, the other is a 404.
      if (!(await tx.trackedTimes.remove(id))) throw new NotFoundException(`tracked time ${id} was already deleted`);
      await this.timeline.record(tx, {
        issueId: issue.id,
        actorId: actor.user.id,
        type: CommentType.DeleteTimeManual,
        content: timelineTimeContent(time.seconds),
        timeId: id,
        createdAt: new Date(),
      });
    });
  }

  /** 403 unless the caller may track time on the issue (writers, and the issue's poster). */
  requireTracker(repoCtx: RepoContext, posterId: number | null, actor: Actor): void {
    if (!mayTrackTime({ isWriter: atLeast(repoCtx.permission, 'write'), isPoster: posterId === actor.user.id })) {
      throw new ForbiddenException(`only writers of ${repoCtx.owner.name}/${repoCtx.repo.name} and the issue's poster may track time`);
    }
  }

  /** Whose time an addition records: `user_name` for repository and site admins, the caller otherwise (as Forgejo). */
  private async trackerOf(repoCtx: RepoContext, userName: string | undefined, actor: Actor): Promise<Owner> {
    if (!userName || userName.toLowerCase() === actor.user.lowerName) return actor.user;
    if (!mayTrackTimeForOthers({ isRepoAdmin: atLeast(repoCtx.permission, 'admin'), isSiteAdmin: actor.user.isAdmin })) return actor.user;
    return this.userNamed(userName);
  }

  private async userNamed(name: string): Promise<Owner> {
    const user = await this.owners.findByName(name);
    if (!user || user.kind !== 'user') throw new NotFoundException(`user ${name} does not exist`);
    return user;
  }

  /** Times with their user's name and their issue, as the viewer may read it. */
  private async shape(times: TrackedTime[], viewer: Owner): Promise<ApiTrackedTime[]> {
    const issues = await this.readable.byId(
      times.map((time) => time.issueId),
      viewer,
    );
    const names = new Map<number, string>();
    for (const userId of new Set(times.map((time) => time.userId)))
      names.set(userId, (await this.owners.findById(userId))?.name ?? 'Ghost');
    const shapedIssues = new Map<number, ApiIssue>();
    for (const { issue, place } of issues.values()) shapedIssues.set(issue.id, await this.shaper.issue(issue, place, viewer));
    return times.map((time) => toApiTrackedTime(time, names.get(time.userId) ?? 'Ghost', shapedIssues.get(time.issueId)));
  }
}
