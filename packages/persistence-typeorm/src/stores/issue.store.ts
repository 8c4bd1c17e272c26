import { EntityManager, In } from 'typeorm';
import {
  AssigneeChange,
  Issue,
  IssueChanges,
  IssueFilter,
  IssuePullState,
  IssueStore,
  ListedIssue,
  NewIssue,
  Owner,
} from '@bellows/domain';
import { IssueAssigneeEntity } from '../entities/issue-assignee.entity';
import { IssueEntity } from '../entities/issue.entity';
import { IssueLabelEntity } from '../entities/issue-label.entity';
import { PullRequestEntity } from '../entities/pull-request.entity';
import { findLocked } from '../quota/locked-row';
import { insertNumberedIssue } from './issue-index';
import { ISSUE_COLUMNS, issueOf, IssueListing } from './issue-listing';
import { noteWrite } from '../read-cache/change-versions';
import { TypeOrmOwnerStore } from './owner.store';
import { parameterMarkers, sqlParam } from '../quota/in-transaction';

/**
 * Issues (and the issue half of pull requests) with their assignees. Every
 * write notes the `issues` area, which the cached pages of issue lists are
 * read under (see IssueListing).
 */
export class TypeOrmIssueStore implements IssueStore {
  private readonly listing: IssueListing;
  private readonly owners: TypeOrmOwnerStore;

  constructor(private readonly manager: EntityManager) {
    this.owners = new TypeOrmOwnerStore(manager);
    this.listing = new IssueListing(manager, this.owners);
  }

  private get issues() {
    return this.manager.getRepository(IssueEntity);
  }

  /** Inserts an issue with the next number of the repository's shared sequence; call inside a transaction. */
  async create(input: NewIssue): Promise<Issue> {
    const issue = await insertNumberedIssue(this.manager, {
      ...input,
      isPull: false,
      updatedAt: input.createdAt,
      closedAt: input.isClosed ? input.createdAt : null,
    });
    noteWrite(this.manager, 'issues');
    return issue;
  }

  /** With its poster (from the owner store's cache, as the issue list shows it). */
  findByIndex(repoId: number, index: number): Promise<Issue | null> {
    const p = parameterMarkers(this.manager);
    return this.oneWithPoster(`i.repo_id = ${p(1)} AND i."index" = ${p(2)}`, [repoId, index]);
  }

  findById(id: number): Promise<Issue | null> {
    return this.oneWithPoster(`i.id = ${sqlParam(this.manager, 1)}`, [id]);
  }

  /**
   * The issue matching the condition on `issue i`, in plain SQL: every comment
   * and attachment request reads its issue first, and the query builder's
   * join took four times the CPU of the statement (see docs/performance.md).
   */
  private async oneWithPoster(where: string, params: unknown[]): Promise<Issue | null> {
    const [row] = (await this.manager.query(`SELECT ${ISSUE_COLUMNS} FROM issue i WHERE ${where}`, params)) as Record<string, unknown>[];
    if (!row) return null;
    const issue = issueOf(row);
    return { ...issue, poster: issue.posterId === null ? null : await this.owners.findById(issue.posterId) };
  }

  findByIds(ids: number[]): Promise<Issue[]> {
    return ids.length ? this.issues.find({ where: { id: In(ids) }, relations: { poster: true } }) : Promise.resolve([]);
  }

  /**
   * The issue's current row, locked until the transaction ends (on PostgreSQL)
   * so that an edit works on what is stored now, not on what a request read
   * earlier; null when it is gone. Call inside a transaction.
   */
  findForChange(id: number): Promise<Issue | null> {
    return findLocked(this.manager, IssueEntity, { id });
  }

  /** Writes the given columns by id; false when the issue is gone (a deleted issue is never written back). */
  async update(id: number, changes: IssueChanges): Promise<boolean> {
    const updated = ((await this.issues.update({ id }, changes)).affected ?? 0) > 0;
    noteWrite(this.manager, 'issues');
    return updated;
  }

  /** Deletes the issue row (comments, labels, assignees and its pull request cascade); attachments go through their store. */
  async delete(id: number): Promise<void> {
    await this.issues.delete({ id });
    noteWrite(this.manager, 'issues');
  }

  /** Sets the issue's update date (and nothing else). */
  async touch(issueId: number, date: Date): Promise<void> {
    // Written out, not built by the query builder: it ends every comment and attachment transaction.
    const p = parameterMarkers(this.manager);
    await this.manager.query(`UPDATE issue SET updated_at = ${p(1)} WHERE id = ${p(2)}`, [date.getTime(), issueId]);
    noteWrite(this.manager, 'issues');
  }

  /** A page of issues matching the filter, newest first, and how many match in all (in plain SQL: see IssueListing). */
  list(filter: IssueFilter, skip: number, take: number): Promise<[Issue[], number]> {
    return this.listing.issues(filter, skip, take);
  }

  /** The same page with what a list shows of each issue. */
  listWithDetails(filter: IssueFilter, skip: number, take: number): Promise<[ListedIssue[], number]> {
    return this.listing.issuesWithDetails(filter, skip, take);
  }

  /** Ids of the repository's issues that carry every one of the labels. */
  async idsLabelledWithAll(repoId: number, labelIds: number[]): Promise<number[]> {
    if (!labelIds.length) return [];
    const rows = await this.manager
      .getRepository(IssueLabelEntity)
      .createQueryBuilder('il')
      .innerJoin(IssueEntity, 'issue', 'issue.id = il.issueId')
      .select('il.issueId', 'issueId')
      .where('issue.repoId = :repoId AND il.labelId IN (:...labelIds)', { repoId, labelIds })
      .groupBy('il.issueId')
      .having('COUNT(DISTINCT il.labelId) = :wanted', { wanted: new Set(labelIds).size })
      .getRawMany<{ issueId: number | string }>();
    return rows.map((row) => Number(row.issueId));
  }

  /** The pull request of each issue that is one (keyed by issue id). */
  async pullsOf(issueIds: number[]): Promise<Map<number, IssuePullState>> {
    if (!issueIds.length) return new Map();
    const pulls = await this.manager.getRepository(PullRequestEntity).find({ where: { issueId: In(issueIds) } });
    return new Map(pulls.map((pull) => [pull.issueId, { hasMerged: pull.hasMerged, mergedAt: pull.mergedAt }]));
  }

  /** The assignees of each issue, in the order they were assigned. */
  async assigneesOf(issueIds: number[]): Promise<Map<number, Owner[]>> {
    const result = new Map<number, Owner[]>(issueIds.map((id) => [id, []]));
    if (!issueIds.length) return result;
    const rows = await this.manager
      .getRepository(IssueAssigneeEntity)
      .find({ where: { issueId: In(issueIds) }, relations: { assignee: true }, order: { id: 'ASC' } });
    for (const row of rows) if (row.assignee) result.get(row.issueId)?.push(row.assignee);
    return result;
  }

  /** Makes `assigneeIds` the issue's assignees; returns who was added and who removed. */
  async setAssignees(issueId: number, assigneeIds: number[]): Promise<AssigneeChange> {
    const repo = this.manager.getRepository(IssueAssigneeEntity);
    const current = (await repo.find({ where: { issueId } })).map((row) => row.assigneeId);
    const wanted = [...new Set(assigneeIds)];
    const added = wanted.filter((id) => !current.includes(id));
    const removed = current.filter((id) => !wanted.includes(id));
    if (removed.length) await repo.delete({ issueId, assigneeId: In(removed) });
    if (added.length) await repo.save(added.map((assigneeId) => repo.create({ issueId, assigneeId })));
    noteWrite(this.manager, 'issues');
    return { added, removed };
  }
}
