import { BadRequestException, Injectable } from '@nestjs/common';
import {
  IssueStore,
  ListedIssue,
  Owner,
  OwnerStore,
  RepositorySearchStore,
  RepositoryViewer,
  RepositoryWithOwner,
  TeamStore,
} from '@bellows/domain';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { OrgMembershipService } from '../accounts/org-membership.service';
import { ApiIssue } from '../issues/dto/issue.dto';
import { IssueShaper } from '../issues/issue-shaper.service';
import { IssueSearchParams, SearchScope, issueSearchFilterFrom, searchScopeFrom } from './issue-search-query';

/** The most repositories one search covers (the ones with the lowest ids beyond it are searched). */
const MAX_SEARCHED_REPOSITORIES = 20_000;

/**
 * Issues and pull requests across every repository the caller may read
 * (Forgejo's `issueSearchIssues`): the repositories come from the same
 * visibility filter as repository search, so a private repository the caller
 * may not read adds nothing to the page nor to the total; anonymous callers
 * search public repositories of public owners only. Newest first, as Forgejo.
 */
@Injectable()
export class IssueSearchService {
  constructor(
    private readonly issues: IssueStore,
    private readonly repositories: RepositorySearchStore,
    private readonly owners: OwnerStore,
    private readonly teams: TeamStore,
    private readonly membership: OrgMembershipService,
    private readonly shaper: IssueShaper,
  ) {}

  async search(params: IssueSearchParams, paging: PageRequest, viewer: Owner | undefined): Promise<PageOf<ApiIssue>> {
    const scope = searchScopeFrom(params);
    const readable = await this.readableRepositories(scope, viewer);
    const filter = issueSearchFilterFrom(params, [...readable.keys()], viewer);
    const [listed, total] = await this.issues.listWithDetails(filter, paging.offset, paging.limit);
    return new PageOf(await this.shape(listed, readable, viewer), total, paging);
  }

  /** The repositories searched, by id: those the viewer may read, of the owner (and team) asked for. */
  private async readableRepositories(scope: SearchScope, viewer: Owner | undefined): Promise<Map<number, RepositoryWithOwner>> {
    const ownerId = scope.ownerName === undefined ? undefined : await this.ownerIdNamed(scope.ownerName, viewer);
    const teamId = scope.teamName === undefined || ownerId === undefined ? undefined : await this.teamIdNamed(ownerId, scope.teamName);
    const [repositories] = await this.repositories.search({
      ownerId,
      reachedByTeamId: teamId,
      viewer: viewerFilter(viewer),
      order: 'id',
      skip: 0,
      take: MAX_SEARCHED_REPOSITORIES,
    });
    return new Map(repositories.map((repository) => [repository.id, repository]));
  }

  /** An owner the viewer may not see is answered as one that does not exist (400, as Forgejo answers an unknown owner). */
  private async ownerIdNamed(name: string, viewer: Owner | undefined): Promise<number> {
    const owner = await this.owners.findByName(name);
    if (!owner || owner.id < 0 || !(await this.membership.canSee(owner, viewer))) {
      throw new BadRequestException(`owner "${name}" does not exist`);
    }
    return owner.id;
  }

  private async teamIdNamed(orgId: number, name: string): Promise<number> {
    const team = await this.teams.findByOrgAndName(orgId, name);
    if (!team) throw new BadRequestException(`team "${name}" does not exist in the organization`);
    return team.id;
  }

  /** Each issue shaped with its own repository (one shaping per repository on the page), in the page's order. */
  private async shape(listed: ListedIssue[], readable: Map<number, RepositoryWithOwner>, viewer: Owner | undefined): Promise<ApiIssue[]> {
    const byRepository = new Map<number, ListedIssue[]>();
    for (const item of listed) byRepository.set(item.issue.repoId, [...(byRepository.get(item.issue.repoId) ?? []), item]);
    const shaped = new Map<ListedIssue, ApiIssue>();
    await Promise.all(
      [...byRepository].map(async ([repoId, items]) => {
        const repo = readable.get(repoId)!;
        const answers = await this.shaper.listed(items, { owner: repo.owner, repo }, viewer);
        items.forEach((item, n) => shaped.set(item, answers[n]));
      }),
    );
    return listed.map((item) => shaped.get(item)!);
  }
}

/** As repository lists see repositories (RepositoryListing): site admins everything, others what they may read. */
function viewerFilter(viewer: Owner | undefined): RepositoryViewer | undefined {
  if (viewer?.isAdmin) return undefined;
  if (!viewer) return { ownerVisibilities: ['public'] };
  return { userId: viewer.id, ownerVisibilities: ['public', 'limited'] };
}
