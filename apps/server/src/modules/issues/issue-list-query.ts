import { UnprocessableEntityException } from '@nestjs/common';
import { IssueFilter } from '@bellows/domain';
import { queryText } from '../repo-files/query-flag';
import { RepoContext } from '../repositories/repository-access.service';

/** The query parameters of issueListIssues, as they arrive. */
export interface IssueListParams {
  state?: unknown;
  type?: unknown;
  q?: unknown;
  labels?: unknown;
  milestones?: unknown;
  created_by?: unknown;
  assigned_by?: unknown;
  since?: unknown;
  before?: unknown;
}

const STATES = ['open', 'closed', 'all'];
const TYPES = ['issues', 'pulls'];

/** The look-ups a filter needs (IssuesService answers them through its ports). */
export interface IssueListLookups {
  idsLabelledWithAll(repoCtx: RepoContext, labelNames: string[]): Promise<number[]>;
  milestoneIdsNamed(repoCtx: RepoContext, names: string[]): Promise<number[]>;
  ownerIdNamed(name: string): Promise<number>;
}

/**
 * Turns issueListIssues' parameters into a store filter. Names that match
 * nothing (a label, milestone or user) narrow the list to nothing rather than
 * being ignored, so a filter never silently widens the answer.
 */
export async function issueFilterFrom(lookups: IssueListLookups, repoCtx: RepoContext, params: IssueListParams): Promise<IssueFilter> {
  const state = oneOf('state', params.state, STATES) ?? 'open';
  const type = oneOf('type', params.type, TYPES);
  const filter: IssueFilter = {
    repoId: repoCtx.repo.id,
    ...(state === 'all' ? {} : { isClosed: state === 'closed' }),
    ...(type ? { isPull: type === 'pulls' } : {}),
    keyword: queryText(params.q),
    updatedSince: dateParam('since', params.since),
    updatedBefore: dateParam('before', params.before),
  };
  const labelNames = list(params.labels);
  if (labelNames.length) filter.issueIds = await lookups.idsLabelledWithAll(repoCtx, labelNames);
  const milestones = list(params.milestones);
  if (milestones.length) filter.milestoneIds = await lookups.milestoneIdsNamed(repoCtx, milestones);
  const createdBy = queryText(params.created_by);
  if (createdBy) filter.posterId = await lookups.ownerIdNamed(createdBy);
  const assignedTo = queryText(params.assigned_by);
  if (assignedTo) filter.assigneeId = await lookups.ownerIdNamed(assignedTo);
  return filter;
}

function oneOf(name: string, raw: unknown, allowed: string[]): string | undefined {
  const value = queryText(raw);
  if (value !== undefined && !allowed.includes(value))
    throw new UnprocessableEntityException(`${name} must be one of ${allowed.join(', ')}`);
  return value;
}

function list(raw: unknown): string[] {
  return (queryText(raw) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export function dateParam(name: string, raw: unknown): Date | undefined {
  const value = queryText(raw);
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new UnprocessableEntityException(`${name} must be a date-time such as 2024-05-01T12:00:00Z`);
  return date;
}
