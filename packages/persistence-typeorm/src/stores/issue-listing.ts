import { EntityManager } from 'typeorm';
import { Issue, IssueFilter, IssuePullState, Label, ListedIssue, Owner, USER_COMMENT_TYPE } from '@bellows/domain';
import { ReadCaches } from '../read-cache/read-caches';
import { sqlParam } from '../quota/in-transaction';

/** What the list needs to find owners (posters, assignees): the cached OwnerStore read. */
export interface OwnerLookup {
  findById(id: number): Promise<Owner | null>;
}

/** The columns of an issue row (table alias `i`), as `issueOf` reads them. */
export const ISSUE_COLUMNS =
  'i.id, i.repo_id, i."index", i.poster_id, i.title, i.body, i.is_pull, i.is_closed, i.created_at, i.updated_at, i.closed_at, i.milestone_id, i.deadline, i.pin_order';

/**
 * What a list shows beside each issue, read with the page: its user comments
 * counted, its pull request's state, and whether it has labels or assignees at
 * all (most have none, and then their queries are not run).
 */
const DETAIL_COLUMNS = `(SELECT COUNT(*) FROM "comment" c WHERE c.issue_id = i.id AND c.type = ${USER_COMMENT_TYPE}) AS comment_count,
  pr.has_merged AS has_merged, pr.merged_at AS merged_at,
  EXISTS (SELECT 1 FROM issue_label il WHERE il.issue_id = i.id) AS labelled,
  EXISTS (SELECT 1 FROM issue_assignee ia WHERE ia.issue_id = i.id) AS assigned`;

type Row = Record<string, unknown>;

/**
 * The list of a repository's issues in plain SQL, rows mapped straight to the
 * domain's records: the list is the most read page of a forge, and TypeORM's
 * query building and entity hydration cost more than the queries themselves
 * (about 1 ms of CPU for the four queries of a ten-issue page). One query
 * reads the page with its comment counts and pull request states; labels and
 * assignees are read only for the issues that have some, and the total only
 * when the page does not tell it. Posters and assignees come from the owner
 * store, whose read cache serves them without a query.
 *
 * Pages with details are cached (ReadCaches.issueLists) under the `issues`
 * area: every store that writes what a page holds (issues, their labels and
 * the labels' rows, assignees, user comments, pull requests, a milestone's
 * deletion, a repository's or owner's deletion) notes it. What a page does
 * not hold is read on every request: the owners, the milestones, the
 * repository (names in the URLs) and who may see it.
 */
export class IssueListing {
  constructor(
    private readonly manager: EntityManager,
    private readonly owners: OwnerLookup,
  ) {}

  /** A page of the issues matching the filter (newest first, by creation then number) with their posters, and how many match. */
  async issues(filter: IssueFilter, skip: number, take: number): Promise<[Issue[], number]> {
    const rows = await this.page(filter, skip, take, '');
    const issues = await this.withPosters(rows.map(issueOf));
    return [issues, await this.total(filter, skip, take, rows.length)];
  }

  /**
   * The same page as `issues`, each issue with what a list shows of it. The
   * page is served from memory until a write notes the `issues` area (every
   * writer of what it holds does); its posters and assignees are looked up
   * on each read, so a changed account shows at once too.
   */
  async issuesWithDetails(filter: IssueFilter, skip: number, take: number): Promise<[ListedIssue[], number]> {
    const key = `${skip}/${take}/${JSON.stringify(filter)}`;
    const page = readsOnlyCachedAreas(filter)
      ? await ReadCaches.of(this.manager.connection).issueLists.read(this.manager, key, 'issues', () => this.readPage(filter, skip, take))
      : await this.readPage(filter, skip, take);
    const owners = await this.ownersById(page.items.flatMap(({ issue, assigneeIds }) => [...posterOf(issue), ...assigneeIds]));
    const listed = page.items.map(({ issue, labels, assigneeIds, comments, pull }) => ({
      issue: { ...issue, poster: issue.posterId === null ? null : (owners.get(issue.posterId) ?? null) },
      labels: [...labels],
      assignees: assigneeIds.flatMap((id) => owners.get(id) ?? []),
      comments,
      pull,
    }));
    return [listed, page.total];
  }

  private async readPage(filter: IssueFilter, skip: number, take: number): Promise<IssueListPage> {
    const rows = await this.page(filter, skip, take, `, ${DETAIL_COLUMNS}`, ' LEFT JOIN pull_request pr ON pr.issue_id = i.id');
    const issues = rows.map(issueOf);
    const idsWhere = (flag: string) => issues.filter((_, n) => Boolean(rows[n][flag])).map((issue) => issue.id);
    const [labels, assigneeIds, total] = await Promise.all([
      this.labelsOf(idsWhere('labelled')),
      this.assigneeIdsOf(idsWhere('assigned')),
      this.total(filter, skip, take, rows.length),
    ]);
    const items = issues.map((issue, n) =>
      deepFrozen({
        issue,
        labels: labels.get(issue.id) ?? [],
        assigneeIds: assigneeIds.get(issue.id) ?? [],
        comments: Number(rows[n].comment_count),
        pull: issue.isPull ? { hasMerged: Boolean(rows[n].has_merged), mergedAt: dateOrNull(rows[n].merged_at) } : null,
      }),
    );
    return Object.freeze({ items: Object.freeze(items), total });
  }

  private page(filter: IssueFilter, skip: number, take: number, details: string, joins = ''): Promise<Row[]> {
    const { where, params } = this.whereOf(filter);
    const p = (n: number) => sqlParam(this.manager, n);
    const sql =
      `SELECT ${ISSUE_COLUMNS}${details} FROM issue i${joins} WHERE ${where}` +
      ` ORDER BY i.created_at DESC, i."index" DESC LIMIT ${p(params.length + 1)} OFFSET ${p(params.length + 2)}`;
    return this.manager.query(sql, [...params, take, skip]);
  }

  /** A first page that is not full holds every match: counting them again would cost a second query. */
  private async total(filter: IssueFilter, skip: number, take: number, pageLength: number): Promise<number> {
    if (skip === 0 && pageLength < take) return pageLength;
    const { where, params } = this.whereOf(filter);
    const [row] = (await this.manager.query(`SELECT COUNT(*) AS total FROM issue i WHERE ${where}`, params)) as Row[];
    return Number(row.total);
  }

  /** The filter as SQL conditions on `issue i` and their parameters, in order. */
  private whereOf(filter: IssueFilter): { where: string; params: unknown[] } {
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return sqlParam(this.manager, params.length);
    };
    const list = (values: number[]) => values.map(param).join(', ');
    const flag = (value: boolean) => param(this.manager.connection.options.type === 'postgres' ? value : value ? 1 : 0);
    const conditions = [repositoryCondition(filter, param)];
    if (filter.isPull !== undefined) conditions.push(`i.is_pull = ${flag(filter.isPull)}`);
    if (filter.isClosed !== undefined) conditions.push(`i.is_closed = ${flag(filter.isClosed)}`);
    if (filter.keyword) {
      const pattern = `%${filter.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(`(LOWER(i.title) LIKE ${param(pattern)} ESCAPE '\\' OR LOWER(i.body) LIKE ${param(pattern)} ESCAPE '\\')`);
    }
    if (filter.milestoneIds) conditions.push(filter.milestoneIds.length ? `i.milestone_id IN (${list(filter.milestoneIds)})` : '1 = 0');
    if (filter.issueIds) conditions.push(filter.issueIds.length ? `i.id IN (${list(filter.issueIds)})` : '1 = 0');
    if (filter.posterId !== undefined) conditions.push(`i.poster_id = ${param(filter.posterId)}`);
    if (filter.assigneeId !== undefined)
      conditions.push(`i.id IN (SELECT a.issue_id FROM issue_assignee a WHERE a.assignee_id = ${param(filter.assigneeId)})`);
    if (filter.updatedSince) conditions.push(`i.updated_at >= ${param(filter.updatedSince.getTime())}`);
    if (filter.updatedBefore) conditions.push(`i.updated_at <= ${param(filter.updatedBefore.getTime())}`);
    conditions.push(...searchConditions(filter, param));
    return { where: conditions.join(' AND '), params };
  }

  /** The issues with their posters (null once the account is gone), each distinct poster looked up once. */
  private async withPosters(issues: Issue[]): Promise<Issue[]> {
    const posters = await this.ownersById(issues.flatMap(posterOf));
    return issues.map((issue) => ({ ...issue, poster: issue.posterId === null ? null : (posters.get(issue.posterId) ?? null) }));
  }

  /** The labels of each issue, by name (then id, as the label store orders them). */
  private async labelsOf(issueIds: number[]): Promise<Map<number, Label[]>> {
    const byIssue = new Map<number, Label[]>();
    if (!issueIds.length) return byIssue;
    const rows = (await this.manager.query(
      'SELECT il.issue_id AS issue_id, l.id AS id, l.repo_id AS repo_id, l.org_id AS org_id, l.name AS name, l.color AS color,' +
        ' l.description AS description, l.exclusive AS exclusive, l.is_archived AS is_archived' +
        ` FROM issue_label il INNER JOIN label l ON l.id = il.label_id WHERE il.issue_id IN (${this.placeholders(issueIds.length)})` +
        ' ORDER BY l.name ASC, l.id ASC',
      issueIds,
    )) as Row[];
    for (const row of rows) {
      pushTo(byIssue, Number(row.issue_id), labelOf(row));
    }
    return byIssue;
  }

  /** The assignees' ids of each issue, in the order they were assigned. */
  private async assigneeIdsOf(issueIds: number[]): Promise<Map<number, number[]>> {
    const byIssue = new Map<number, number[]>();
    if (!issueIds.length) return byIssue;
    const rows = (await this.manager.query(
      `SELECT issue_id, assignee_id FROM issue_assignee WHERE issue_id IN (${this.placeholders(issueIds.length)}) ORDER BY id ASC`,
      issueIds,
    )) as Row[];
    for (const row of rows) pushTo(byIssue, Number(row.issue_id), Number(row.assignee_id));
    return byIssue;
  }

  /** Owners by id, each looked up once; an account gone meanwhile is absent. */
  private async ownersById(ids: number[]): Promise<Map<number, Owner>> {
    const distinct = [...new Set(ids)];
    const owners = await Promise.all(distinct.map((id) => this.owners.findById(id)));
    return new Map(owners.filter((owner): owner is Owner => owner !== null).map((owner) => [owner.id, owner]));
  }

  private placeholders(count: number): string {
    return Array.from({ length: count }, (_, n) => sqlParam(this.manager, n + 1)).join(', ');
  }
}

/**
 * A page as the cache keeps it: the issues without their owners, whom each
 * read looks up. Frozen, so no request can change what another is served.
 */
export interface IssueListPage {
  readonly items: readonly {
    readonly issue: Issue;
    readonly labels: readonly Label[];
    readonly assigneeIds: readonly number[];
    readonly comments: number;
    readonly pull: IssuePullState | null;
  }[];
  readonly total: number;
}

type Param = (value: unknown) => string;

/**
 * Whether every row the filter reads is noted under the `issues` area: reviews
 * (review requests, verdicts) and milestone names are not, so pages filtered
 * by them are read afresh every time.
 */
function readsOnlyCachedAreas(filter: IssueFilter): boolean {
  return filter.reviewRequestedFrom === undefined && filter.reviewedBy === undefined && filter.anyMilestoneNames === undefined;
}

/**
 * One repository, or any of a search's: those ids are written into the SQL
 * (integers only), as a reader may see thousands of repositories, more than
 * a statement takes parameters.
 */
function repositoryCondition(filter: IssueFilter, param: Param): string {
  if (filter.repoIds === undefined) return `i.repo_id = ${param(filter.repoId ?? null)}`;
  const ids = filter.repoIds.filter((id) => Number.isSafeInteger(id));
  return ids.length ? `i.repo_id IN (${ids.join(', ')})` : '1 = 0';
}

/** The conditions only a search across repositories uses (issueSearchIssues). */
function searchConditions(filter: IssueFilter, param: Param): string[] {
  const conditions: string[] = [];
  const names = (values: string[]) => values.map(param).join(', ');
  if (filter.anyLabelNames)
    conditions.push(
      filter.anyLabelNames.length
        ? `i.id IN (SELECT sil.issue_id FROM issue_label sil INNER JOIN label sl ON sl.id = sil.label_id WHERE sl.name IN (${names(filter.anyLabelNames)}))`
        : '1 = 0',
    );
  if (filter.anyMilestoneNames)
    conditions.push(
      filter.anyMilestoneNames.length
        ? `i.milestone_id IN (SELECT sm.id FROM milestone sm WHERE sm.name IN (${names(filter.anyMilestoneNames)}))`
        : '1 = 0',
    );
  if (filter.reviewRequestedFrom !== undefined) {
    // The user's latest review row of the pull request is still the request: answering it replaces it as the latest.
    const user = param(filter.reviewRequestedFrom);
    conditions.push(
      `i.id IN (SELECT rr.issue_id FROM pull_review rr WHERE rr.reviewer_id = ${user} AND rr.state = 'REQUEST_REVIEW'` +
        ` AND rr.id = (SELECT MAX(rl.id) FROM pull_review rl WHERE rl.issue_id = rr.issue_id AND rl.reviewer_id = ${user}))`,
    );
  }
  if (filter.reviewedBy !== undefined) {
    const user = param(filter.reviewedBy);
    conditions.push(
      `i.poster_id <> ${user} AND i.id IN (SELECT rv.issue_id FROM pull_review rv WHERE rv.reviewer_id = ${user}` +
        ` AND rv.state IN ('APPROVED', 'REQUEST_CHANGES', 'COMMENT'))`,
    );
  }
  if (filter.mentioning) {
    const pattern = param(`%@${filter.mentioning.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    conditions.push(
      `(LOWER(i.title) LIKE ${pattern} ESCAPE '\\' OR LOWER(i.body) LIKE ${pattern} ESCAPE '\\' OR i.id IN (SELECT mc.issue_id FROM "comment" mc` +
        ` WHERE mc.type = ${USER_COMMENT_TYPE} AND LOWER(mc.content) LIKE ${pattern} ESCAPE '\\'))`,
    );
  }
  return conditions;
}

function posterOf(issue: Issue): number[] {
  return issue.posterId === null ? [] : [issue.posterId];
}

/** Freezes the object and every plain object and array in it (dates stay as they are: nothing sets them). */
function deepFrozen<T>(value: T): T {
  if (value && typeof value === 'object' && !(value instanceof Date) && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFrozen(inner);
    Object.freeze(value);
  }
  return value;
}

/** Integer columns arrive as numbers, BIGINT ones (the dates) as strings on PostgreSQL, booleans as 0/1 on SQLite. */
export function issueOf(row: Row): Issue {
  return {
    id: Number(row.id),
    repoId: Number(row.repo_id),
    index: Number(row.index),
    posterId: numberOrNull(row.poster_id),
    title: row.title as string,
    body: row.body as string,
    isPull: Boolean(row.is_pull),
    isClosed: Boolean(row.is_closed),
    createdAt: new Date(Number(row.created_at)),
    updatedAt: new Date(Number(row.updated_at)),
    closedAt: dateOrNull(row.closed_at),
    milestoneId: numberOrNull(row.milestone_id),
    deadline: dateOrNull(row.deadline),
    pinOrder: Number(row.pin_order ?? 0),
  };
}

function labelOf(row: Row): Label {
  return {
    id: Number(row.id),
    repoId: numberOrNull(row.repo_id),
    orgId: numberOrNull(row.org_id),
    name: row.name as string,
    color: row.color as string,
    description: row.description as string,
    exclusive: Boolean(row.exclusive),
    isArchived: Boolean(row.is_archived),
  };
}

function pushTo<T>(byIssue: Map<number, T[]>, issueId: number, item: T): void {
  const items = byIssue.get(issueId);
  if (items) items.push(item);
  else byIssue.set(issueId, [item]);
}

function numberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

function dateOrNull(value: unknown): Date | null {
  return value === null || value === undefined ? null : new Date(Number(value));
}
