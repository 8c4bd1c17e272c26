import { EntityManager, In } from 'typeorm';
import { CommentChanges, CommentPeriod, CommentStore, IssueComment, NewComment } from '@bellows/domain';
import { CommentEntity } from '../entities/comment.entity';
import { findLocked } from '../quota/locked-row';
import { insertRow } from './insert-row';
import { noteWrite } from '../read-cache/change-versions';

/** Comments and the other timeline events of issues (one `comment` row each). */
export class TypeOrmCommentStore implements CommentStore {
  constructor(private readonly manager: EntityManager) {}

  private get comments() {
    return this.manager.getRepository(CommentEntity);
  }

  /** Issue lists count their issues' comments. */
  async insert(input: NewComment): Promise<IssueComment> {
    const comment = await insertRow(this.manager, CommentEntity, { content: '', updatedAt: input.createdAt, isRemoval: false, ...input });
    noteWrite(this.manager, 'issues');
    return comment;
  }

  /** With its poster, in one query (findOne with a relation would first select the id in a second one). */
  findById(id: number): Promise<IssueComment | null> {
    return this.comments
      .createQueryBuilder('comment')
      .leftJoinAndSelect('comment.poster', 'poster')
      .where('comment.id = :id', { id })
      .getOne();
  }

  findByIds(ids: number[]): Promise<IssueComment[]> {
    return ids.length ? this.comments.find({ where: { id: In(ids) }, relations: { poster: true } }) : Promise.resolve([]);
  }

  /** The comment's current row, locked until the transaction ends (on PostgreSQL); null when it is gone. Call inside a transaction. */
  findForChange(id: number): Promise<IssueComment | null> {
    return findLocked(this.manager, CommentEntity, { id });
  }

  /** Writes the given columns by id; false when the comment is gone (a deleted comment is never written back). */
  async update(id: number, changes: CommentChanges): Promise<boolean> {
    return ((await this.comments.update({ id }, changes)).affected ?? 0) > 0;
  }

  /** An issue's entries of the given types (all when absent), oldest first. */
  listOfIssue(
    issueId: number,
    period: CommentPeriod,
    types?: number[],
    paging?: { skip: number; take: number },
  ): Promise<[IssueComment[], number]> {
    const query = this.comments.createQueryBuilder('c').leftJoinAndSelect('c.poster', 'poster').where('c.issueId = :issueId', { issueId });
    if (types) query.andWhere('c.type IN (:...types)', { types });
    this.narrow(query, period);
    query.orderBy('c.createdAt', 'ASC').addOrderBy('c.id', 'ASC');
    if (paging) query.skip(paging.skip).take(paging.take);
    return query.getManyAndCount();
  }

  /** Entries of the given types on any issue of the repository, oldest first. */
  listOfRepository(repoId: number, types: number[], period: CommentPeriod, skip: number, take: number): Promise<[IssueComment[], number]> {
    const query = this.comments
      .createQueryBuilder('c')
      .leftJoinAndSelect('c.poster', 'poster')
      .innerJoinAndSelect('c.issue', 'issue')
      .where('issue.repoId = :repoId', { repoId })
      .andWhere('c.type IN (:...types)', { types });
    this.narrow(query, period);
    return query.orderBy('c.createdAt', 'ASC').addOrderBy('c.id', 'ASC').skip(skip).take(take).getManyAndCount();
  }

  /** How many entries of `type` each issue has (e.g. its comments). */
  async countOfType(issueIds: number[], type: number): Promise<Map<number, number>> {
    const counts = new Map<number, number>(issueIds.map((id) => [id, 0]));
    if (!issueIds.length) return counts;
    const rows = await this.comments
      .createQueryBuilder('c')
      .select('c.issueId', 'issueId')
      .addSelect('COUNT(*)', 'count')
      .where('c.issueId IN (:...issueIds) AND c.type = :type', { issueIds, type })
      .groupBy('c.issueId')
      .getRawMany<{ issueId: number | string; count: number | string }>();
    for (const row of rows) counts.set(Number(row.issueId), Number(row.count));
    return counts;
  }

  /** Whether `issueId` already has a reference event from this source issue (and comment: null for the issue's body). */
  async hasReference(issueId: number, refIssueId: number, refCommentId: number | null): Promise<boolean> {
    const query = this.comments
      .createQueryBuilder('c')
      .where('c.issueId = :issueId AND c.refIssueId = :refIssueId', { issueId, refIssueId });
    if (refCommentId === null) query.andWhere('c.refCommentId IS NULL');
    else query.andWhere('c.refCommentId = :refCommentId', { refCommentId });
    return (await query.getCount()) > 0;
  }

  private narrow(query: ReturnType<typeof this.comments.createQueryBuilder>, { since, before }: CommentPeriod): void {
    if (since) query.andWhere('c.updatedAt >= :since', { since: since.getTime() });
    if (before) query.andWhere('c.updatedAt <= :before', { before: before.getTime() });
  }
}
