import {
  BadRequestException,
  ConflictException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { Issue, IssueDependencyStore, Owner, UnitOfWork, wouldCreateCycle } from '@bellows/domain';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { Actor } from '../../http/auth/actor';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { ApiIssue } from '../issues/dto/issue.dto';
import { IssueLookup, ResolvedIssue } from '../issues/issue-lookup.service';
import { IssueShaper } from '../issues/issue-shaper.service';
import { TimelineService } from '../issues/timeline.service';
import { CommentType } from '../issues/timeline-types';
import { atLeast } from '../repositories/repo-permission';
import { ReadableIssues } from '../time-tracking/readable-issues';
import { IssueMeta } from './dto/issue-meta.dto';

/** Which way round a request names the pair: the path's issue depends on the body's, or blocks it. */
export type DependencySide = 'dependency' | 'blocks';

/**
 * Issue dependencies (Forgejo's issueListIssueDependencies, issueCreateIssueDependencies,
 * issueRemoveIssueDependencies, issueListBlocks, issueCreateIssueBlocking,
 * issueRemoveIssueBlocking). "A depends on B": B blocks A, and A cannot be
 * closed while B is open. Changing a dependency of A takes write access to A's
 * repository and read access to B (both 404 otherwise, as Forgejo answers);
 * no issue may depend on itself or, through others, on one that depends on it.
 * Both issues' timelines note each change.
 */
@Injectable()
export class IssueDependenciesService {
  constructor(
    private readonly dependencies: IssueDependencyStore,
    private readonly lookup: IssueLookup,
    private readonly unitOfWork: UnitOfWork,
    private readonly timeline: TimelineService,
    private readonly shaper: IssueShaper,
    private readonly readable: ReadableIssues,
    @Inject(CONFIG) private readonly config: BellowsConfig,
  ) {}

  /** The issues the given one depends on (`dependency`) or blocks (`blocks`), those the viewer may read. */
  async list(resolved: ResolvedIssue, side: DependencySide, paging: PageRequest, viewer: Owner | undefined): Promise<PageOf<ApiIssue>> {
    const ids =
      side === 'dependency'
        ? await this.dependencies.dependenciesOf(resolved.issue.id)
        : await this.dependencies.dependentsOf(resolved.issue.id);
    const readable = await this.readable.byId(ids, viewer);
    const visible = ids.flatMap((id) => readable.get(id) ?? []);
    const shaped: ApiIssue[] = [];
    for (const { issue, place } of visible.slice(paging.offset, paging.offset + paging.limit))
      shaped.push(await this.shaper.issue(issue, place, viewer));
    return new PageOf(shaped, visible.length, paging);
  }

  /** Links the path's issue and the body's; answers the path's issue. */
  async link(path: ResolvedIssue, meta: IssueMeta, side: DependencySide, actor: Actor): Promise<ApiIssue> {
    const other = await this.other(path, meta, actor);
    const [dependent, dependency] = side === 'dependency' ? [path, other] : [other, path];
    this.requireChangeable(dependent);
    if (dependent.issue.id === dependency.issue.id) throw new UnprocessableEntityException('an issue cannot depend on itself');
    const now = new Date();
    await this.unitOfWork.run(async (tx) => {
      if (await wouldCreateCycle(dependent.issue.id, dependency.issue.id, (id) => tx.issueDependencies.dependenciesOf(id))) {
        throw new ConflictException(`${name(dependency)} already depends on ${name(dependent)}: that would be a circular dependency`);
      }
      if (!(await tx.issueDependencies.add(dependent.issue.id, dependency.issue.id, actor.user.id, now))) {
        throw new ConflictException(`${name(dependent)} already depends on ${name(dependency)}`);
      }
      await this.note(tx, CommentType.AddDependency, dependent.issue, dependency.issue, actor, now);
    });
    return this.shaper.issue(path.issue, path.repoCtx, actor.user);
  }

  /** Removes the link between the path's issue and the body's; 404 when there is none. */
  async unlink(path: ResolvedIssue, meta: IssueMeta, side: DependencySide, actor: Actor): Promise<ApiIssue> {
    const other = await this.other(path, meta, actor);
    const [dependent, dependency] = side === 'dependency' ? [path, other] : [other, path];
    this.requireChangeable(dependent);
    const now = new Date();
    await this.unitOfWork.run(async (tx) => {
      if (!(await tx.issueDependencies.remove(dependent.issue.id, dependency.issue.id))) {
        throw new NotFoundException(`${name(dependent)} does not depend on ${name(dependency)}`);
      }
      await this.note(tx, CommentType.RemoveDependency, dependent.issue, dependency.issue, actor, now);
    });
    return this.shaper.issue(path.issue, path.repoCtx, actor.user);
  }

  /** The issue the body names, as the caller may read it (404 otherwise, like any issue they cannot see). */
  private other(path: ResolvedIssue, meta: IssueMeta, actor: Actor): Promise<ResolvedIssue> {
    const owner = meta.owner?.trim() || path.repoCtx.owner.name;
    const repo = meta.repo?.trim() || path.repoCtx.repo.name;
    const elsewhere = owner.toLowerCase() !== path.repoCtx.owner.lowerName || repo.toLowerCase() !== path.repoCtx.repo.lowerName;
    if (elsewhere && !this.config.service.allowCrossRepositoryDependencies) {
      throw new BadRequestException(
        'dependencies between repositories are off on this server ([service] ALLOW_CROSS_REPOSITORY_DEPENDENCIES)',
      );
    }
    return this.lookup.resolveIssue(owner, repo, meta.index, actor);
  }

  /** The depending issue's repository must be writable (404 as Forgejo answers) and not archived (423). */
  private requireChangeable({ repoCtx, issue }: ResolvedIssue): void {
    if (!atLeast(repoCtx.permission, 'write'))
      throw new NotFoundException(`you may not change the dependencies of ${name({ repoCtx, issue })}`);
    if (repoCtx.repo.isArchived)
      throw new HttpException({ message: `${repoCtx.owner.name}/${repoCtx.repo.name} is archived` }, HttpStatus.LOCKED);
  }

  /** Both timelines tell of the change, each naming the other issue, as Forgejo writes them. */
  private async note(
    tx: Parameters<TimelineService['record']>[0],
    type: typeof CommentType.AddDependency | typeof CommentType.RemoveDependency,
    dependent: Issue,
    dependency: Issue,
    actor: Actor,
    at: Date,
  ): Promise<void> {
    await this.timeline.record(tx, { issueId: dependent.id, actorId: actor.user.id, type, createdAt: at, dependentIssueId: dependency.id });
    await this.timeline.record(tx, { issueId: dependency.id, actorId: actor.user.id, type, createdAt: at, dependentIssueId: dependent.id });
  }
}

function name({ repoCtx, issue }: ResolvedIssue): string {
  return `${repoCtx.owner.name}/${repoCtx.repo.name}#${issue.index}`;
}
