import { ConflictException, Injectable } from '@nestjs/common';
import { Issue, secondsRunning, Stopwatch, StopwatchStore, timelineTimeContent, TransactionStores, UnitOfWork } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { ResolvedIssue } from '../issues/issue-lookup.service';
import { TimelineService } from '../issues/timeline.service';
import { CommentType } from '../issues/timeline-types';
import { RepositoryAccess } from '../repositories/repository-access.service';
import { ApiStopWatch, toApiStopWatch } from './dto/tracked-time.dto';
import { ReadableIssues } from './readable-issues';
import { TrackedTimesService } from './tracked-times.service';

/**
 * Stopwatches (Forgejo's issueStartStopWatch, issueStopStopWatch,
 * issueDeleteStopWatch, userGetStopWatches). A user runs one at a time:
 * starting one on another issue stops the running one first (recording its
 * time), as Forgejo does; starting it again on the same issue, or stopping or
 * cancelling one that does not run, is 409.
 */
@Injectable()
export class StopwatchesService {
  constructor(
    private readonly stopwatches: StopwatchStore,
    private readonly unitOfWork: UnitOfWork,
    private readonly timeline: TimelineService,
    private readonly access: RepositoryAccess,
    private readonly trackedTimes: TrackedTimesService,
    private readonly readable: ReadableIssues,
  ) {}

  async start(resolved: ResolvedIssue, actor: Actor): Promise<void> {
    this.requireStopwatchRights(resolved, actor);
    const { issue } = resolved;
    await this.unitOfWork.run(async (tx) => {
      const now = new Date();
      const running = await tx.stopwatches.runningOf(actor.user.id);
      if (running?.issueId === issue.id) throw alreadyRunning(issue);
      if (running) await this.finish(tx, running, actor, now);
      // The unique index decides between two starts at the same moment: the loser is told, and nothing of it stays.
      if (!(await tx.stopwatches.start(actor.user.id, issue.id, now))) throw alreadyRunning(issue);
      await this.timeline.record(tx, { issueId: issue.id, actorId: actor.user.id, type: CommentType.StartTracking, createdAt: now });
    });
  }

  /** Stops the caller's stopwatch on the issue and records the time it ran. */
  async stop(resolved: ResolvedIssue, actor: Actor): Promise<void> {
    this.requireStopwatchRights(resolved, actor);
    await this.unitOfWork.run(async (tx) => {
      const running = await this.runningOn(tx, resolved.issue, actor);
      await this.finish(tx, running, actor, new Date());
    });
  }

  /** Cancels the caller's stopwatch on the issue: nothing is recorded but the cancellation in the timeline. */
  async cancel(resolved: ResolvedIssue, actor: Actor): Promise<void> {
    this.requireStopwatchRights(resolved, actor);
    const { issue } = resolved;
    await this.unitOfWork.run(async (tx) => {
      const running = await this.runningOn(tx, issue, actor);
      if (!(await tx.stopwatches.remove(running.id))) throw notRunning(issue);
      await this.timeline.record(tx, {
        issueId: issue.id,
        actorId: actor.user.id,
        type: CommentType.CancelTracking,
        createdAt: new Date(),
      });
    });
  }

  /** The caller's running stopwatches (on issues they may still read). */
  async mine(actor: Actor, paging: PageRequest): Promise<PageOf<ApiStopWatch>> {
    const [stopwatches] = await this.stopwatches.listOf(actor.user.id, 0, 100);
    const issues = await this.readable.byId(
      stopwatches.map((sw) => sw.issueId),
      actor.user,
    );
    const now = new Date();
    const shaped = stopwatches.flatMap((sw) => {
      const readable = issues.get(sw.issueId);
      return readable ? [toApiStopWatch(sw, readable.issue, readable.place, secondsRunning(sw, now))] : [];
    });
    return new PageOf(shaped.slice(paging.offset, paging.offset + paging.limit), shaped.length, paging);
  }

  /** Forgejo: writers of the repository's issues, who may also use the time tracker. */
  private requireStopwatchRights({ repoCtx, issue }: ResolvedIssue, actor: Actor): void {
    this.access.requireWrite(repoCtx);
    this.trackedTimes.requireTracker(repoCtx, issue.posterId, actor);
  }

  private async runningOn(tx: TransactionStores, issue: Issue, actor: Actor): Promise<Stopwatch> {
    const running = await tx.stopwatches.runningOf(actor.user.id);
    if (!running || running.issueId !== issue.id) throw notRunning(issue);
    return running;
  }

  /** Removes the stopwatch (once, even against a concurrent stop) and records its time on its issue. */
  private async finish(tx: TransactionStores, running: Stopwatch, actor: Actor, now: Date): Promise<void> {
    if (!(await tx.stopwatches.remove(running.id))) throw new ConflictException('the stopwatch was stopped meanwhile');
    const seconds = secondsRunning(running, now);
    const time = await tx.trackedTimes.add({ issueId: running.issueId, userId: actor.user.id, seconds, createdAt: now });
    await this.timeline.record(tx, {
      issueId: running.issueId,
      actorId: actor.user.id,
      type: CommentType.StopTracking,
      content: timelineTimeContent(seconds),
      timeId: time.id,
      createdAt: now,
    });
  }
}

function alreadyRunning(issue: Issue): ConflictException {
  return new ConflictException(`your stopwatch already runs on issue #${issue.index}`);
}

function notRunning(issue: Issue): ConflictException {
  return new ConflictException(`you have no stopwatch running on issue #${issue.index}`);
}
