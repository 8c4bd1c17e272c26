import { BadRequestException, UnprocessableEntityException } from '@nestjs/common';
import { IssueFilter, Owner } from '@bellows/domain';
import { dateParam } from '../issues/issue-list-query';
import { queryFlag, queryText } from '../repo-files/query-flag';

/** The query parameters of issueSearchIssues, as they arrive. */
export interface IssueSearchParams {
  state?: unknown;
  type?: unknown;
  q?: unknown;
  labels?: unknown;
  milestones?: unknown;
  since?: unknown;
  before?: unknown;
  assigned?: unknown;
  created?: unknown;
  mentioned?: unknown;
  review_requested?: unknown;
  reviewed?: unknown;
  owner?: unknown;
  team?: unknown;
  priority_repo_id?: unknown;
}

/** Which repositories a search covers, before the viewer's reading rights narrow them. */
export interface SearchScope {
  ownerName?: string;
  teamName?: string;
}

const STATES = ['open', 'closed', 'all'];
const TYPES = ['issues', 'pulls'];

/** The owner and team parameters: a team only within its organization (400 otherwise, as in Forgejo). */
export function searchScopeFrom(params: IssueSearchParams): SearchScope {
  const ownerName = queryText(params.owner)?.trim() || undefined;
  const teamName = queryText(params.team)?.trim() || undefined;
  if (teamName && !ownerName) throw new BadRequestException('owner (the organization) is required to filter on team');
  return { ownerName, teamName };
}

/**
 * Turns issueSearchIssues' parameters into a store filter over `repoIds`.
 * The "my issues" flags (created, assigned, mentioned, review_requested,
 * reviewed) concern the signed-in user and are ignored for anonymous
 * callers, as in Forgejo. Label and milestone names that match nothing narrow
 * the answer to nothing, as the repository's issue list does.
 */
export function issueSearchFilterFrom(params: IssueSearchParams, repoIds: number[], viewer: Owner | undefined): IssueFilter {
  const state = oneOf('state', params.state, STATES) ?? 'open';
  const type = oneOf('type', params.type, TYPES);
  checkPriorityRepoId(params.priority_repo_id);
  const filter: IssueFilter = {
    repoIds,
    ...(state === 'all' ? {} : { isClosed: state === 'closed' }),
    ...(type ? { isPull: type === 'pulls' } : {}),
    keyword: queryText(params.q)?.trim() || undefined,
    updatedSince: dateParam('since', params.since),
    updatedBefore: dateParam('before', params.before),
  };
  const labels = names(params.labels);
  if (labels.length) filter.anyLabelNames = labels;
  const milestones = names(params.milestones);
  if (milestones.length) filter.anyMilestoneNames = milestones;
  // Parsed for anonymous callers too, so that a malformed flag is a 422 for everyone.
  const mine = {
    created: queryFlag('created', params.created, false),
    assigned: queryFlag('assigned', params.assigned, false),
    mentioned: queryFlag('mentioned', params.mentioned, false),
    reviewRequested: queryFlag('review_requested', params.review_requested, false),
    reviewed: queryFlag('reviewed', params.reviewed, false),
  };
  if (viewer) {
    if (mine.created) filter.posterId = viewer.id;
    if (mine.assigned) filter.assigneeId = viewer.id;
    if (mine.mentioned) filter.mentioning = viewer.name;
    if (mine.reviewRequested) filter.reviewRequestedFrom = viewer.id;
    if (mine.reviewed) filter.reviewedBy = viewer.id;
  }
  return filter;
}

/** Accepted and, as in Forgejo (whose indexer cannot order by it), not used for ordering; it must be a number. */
function checkPriorityRepoId(raw: unknown): void {
  const value = queryText(raw);
  if (value !== undefined && !/^\d{1,15}$/.test(value)) throw new UnprocessableEntityException('priority_repo_id must be a repository id');
}

function oneOf(name: string, raw: unknown, allowed: string[]): string | undefined {
  const value = queryText(raw);
  if (value !== undefined && !allowed.includes(value))
    throw new UnprocessableEntityException(`${name} must be one of ${allowed.join(', ')}`);
  return value;
}

function names(raw: unknown): string[] {
  return [
    ...new Set(
      (queryText(raw) ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    ),
  ];
}
