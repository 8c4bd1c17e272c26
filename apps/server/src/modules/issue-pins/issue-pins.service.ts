import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { ContainerGoneError, IssuePinStore, MAX_PINNED_ISSUES, Owner } from '@bellows/domain';
import { atLeast } from '../repositories/repo-permission';
import { RepoContext } from '../repositories/repository-access.service';
import { ApiIssue } from '../issues/dto/issue.dto';
import { IssueShaper } from '../issues/issue-shaper.service';
import { ResolvedIssue } from '../issues/issue-lookup.service';

/** Forgejo's `NewIssuePinsAllowed`. */
export interface ApiNewIssuePinsAllowed {
  issues: boolean;
  pull_requests: boolean;
}

/**
 * Pinned issues and pull requests (Forgejo's `pinIssue` and friends): pinned,
 * unpinned and moved by the repository's administrators, at most
 * MAX_PINNED_ISSUES of each kind; listed in their order to readers.
 */
@Injectable()
export class IssuePinsService {
  constructor(
    private readonly pins: IssuePinStore,
    private readonly shaper: IssueShaper,
  ) {}

  /** Pinning a pinned issue changes nothing; a full list is 400, as in Forgejo. */
  async pin({ repoCtx, issue }: ResolvedIssue): Promise<void> {
    requireAdmin(repoCtx);
    const outcome = await this.gone(() => this.pins.pin(issue, MAX_PINNED_ISSUES), repoCtx);
    if (outcome === 'full') {
      const kind = issue.isPull ? 'pull requests' : 'issues';
      throw new BadRequestException(`${MAX_PINNED_ISSUES} ${kind} are pinned already, the most a repository may pin`);
    }
  }

  /** Unpinning an issue that is not pinned changes nothing. */
  async unpin({ repoCtx, issue }: ResolvedIssue): Promise<void> {
    requireAdmin(repoCtx);
    await this.gone(() => this.pins.unpin(issue), repoCtx);
  }

  async move({ repoCtx, issue }: ResolvedIssue, position: number): Promise<void> {
    requireAdmin(repoCtx);
    if (!(await this.gone(() => this.pins.move(issue, position), repoCtx))) {
      throw new NotFoundException(`#${issue.index} is not pinned in ${repoCtx.owner.name}/${repoCtx.repo.name}`);
    }
  }

  async pinned(repoCtx: RepoContext, isPull: boolean, viewer: Owner | undefined): Promise<ApiIssue[]> {
    const issues = await this.pins.pinned({ repoId: repoCtx.repo.id, isPull });
    return this.shaper.issues(issues, repoCtx, viewer);
  }

  async newPinAllowed(repoCtx: RepoContext): Promise<ApiNewIssuePinsAllowed> {
    const [issues, pulls] = await Promise.all([
      this.pins.countPinned({ repoId: repoCtx.repo.id, isPull: false }),
      this.pins.countPinned({ repoId: repoCtx.repo.id, isPull: true }),
    ]);
    return { issues: issues < MAX_PINNED_ISSUES, pull_requests: pulls < MAX_PINNED_ISSUES };
  }

  private async gone<T>(work: () => Promise<T>, { owner, repo }: RepoContext): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ContainerGoneError) throw new NotFoundException(`repository ${owner.name}/${repo.name} does not exist`);
      throw error;
    }
  }
}

/** As in Forgejo, pins are the repository administrators' to change. */
function requireAdmin({ owner, repo, permission }: RepoContext): void {
  if (!atLeast(permission, 'admin')) throw new ForbiddenException(`only administrators of ${owner.name}/${repo.name} change its pins`);
}
