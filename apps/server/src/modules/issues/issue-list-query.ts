import { UnprocessableEntityException } from '@nestjs/common';
import { Database, IssueFilter } from '@bellows/persistence-typeorm';
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

/**
 * Turns issueListIssues' parameters into a store filter. Names that match
 * nothing (a label, milestone or user) narrow the list to nothing rather than
 * being ignored, so a filter never silently widens the answer.
 */
export async function issueFilterFrom(db: Database, repoCtx: RepoContext, params: IssueListParams): Promise<IssueFilter> {
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
  if (labelNames.length) {
    const labels = await db.labels.findUsable({ repoId: repoCtx.repo.id, orgId: repoCtx.owner.kind === 'organization' ? repoCtx.owner.id : null }, [], labelNames);
    filter.issueIds = labels.length < labelNames.length ? [] : await db.issues.idsLabelledWithAll(repoCtx.repo.id, labels.map((l) => l.id));
  }
  const milestones = list(params.milestones);
  if (milestones.length) filter.milestoneIds = await milestoneIds(db, repoCtx, milestones);
  const createdBy = queryText(params.created_by);
  if (createdBy) filter.posterId = (await db.owners.findByName(createdBy))?.id ?? -1;
  const assignedTo = queryText(params.assigned_by);
  if (assignedTo) filter.assigneeId = (await db.owners.findByName(assignedTo))?.id ?? -1;
  return filter;
}

/** Milestones named by id or name. */
async function milestoneIds(db: Database, repoCtx: RepoContext, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    const byId = /^\d+$/.test(name) ? await db.milestones.findById(repoCtx.repo.id, Number(name)) : null;
    const milestone = byId ?? (await db.milestones.findByName(repoCtx.repo.id, name));
    if (milestone) ids.push(milestone.id);
  }
  return ids;
}

function oneOf(name: string, raw: unknown, allowed: string[]): string | undefined {
  const value = queryText(raw);
  if (value !== undefined && !allowed.includes(value)) throw new UnprocessableEntityException(`${name} must be one of ${allowed.join(', ')}`);
  return value;
}

function list(raw: unknown): string[] {
  return (queryText(raw) ?? '').split(',').map((item) => item.trim()).filter((item) => item !== '');
}

export function dateParam(name: string, raw: unknown): Date | undefined {
  const value = queryText(raw);
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new UnprocessableEntityException(`${name} must be a date-time such as 2024-05-01T12:00:00Z`);
  return date;
}
