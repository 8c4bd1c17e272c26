import { EntityManager, FindOptionsWhere, Not } from 'typeorm';
import {
  NewComment,
  NewPullRequest,
  PullRequest,
  PullRequestChanges,
  PullRequestMerge,
  PullRequestState,
  PullRequestStore,
  PullRequestWithIssue,
} from '@bellows/domain';
import { IssueEntity } from '../entities/issue.entity';
import { PullRequestEntity } from '../entities/pull-request.entity';
import { InTransaction } from '../quota/in-transaction';
import { nextIssueIndex } from './issue-index';
import { noteWrite } from '../read-cache/change-versions';
import { TypeOrmCommentStore } from './comment.store';

const WITH_ISSUE = { issue: { poster: true } } as const;

/** Pull requests of a repository, created with the next number of its issue sequence, on TypeORM. */
export class TypeOrmPullRequestStore implements PullRequestStore {
  constructor(
    private readonly manager: EntityManager,
    private readonly inTransaction: InTransaction,
  ) {}

  private get pulls() {
    return this.manager.getRepository(PullRequestEntity);
  }

  /** Inserts the issue (taking the next number) and its pull request together. */
  create(input: NewPullRequest): Promise<PullRequestWithIssue> {
    return this.inTransaction(async (manager) => {
      noteWrite(manager, 'issues');
      const now = new Date();
      const issues = manager.getRepository(IssueEntity);
      const issue = await issues.save(
        issues.create({
          repoId: input.repoId,
          index: await nextIssueIndex(manager, input.repoId),
          posterId: input.posterId,
          title: input.title,
          body: input.body,
          isPull: true,
          isClosed: false,
          createdAt: now,
          updatedAt: now,
          closedAt: null,
        }),
      );
      const pulls = manager.getRepository(PullRequestEntity);
      const pull = await pulls.save(
        pulls.create({
          issueId: issue.id,
          headRepoId: input.headRepoId ?? input.repoId,
          headBranch: input.headBranch,
          baseBranch: input.baseBranch,
          mergeBase: input.mergeBase,
          hasMerged: false,
          mergedAt: null,
          mergedCommitId: null,
          mergerId: null,
        }),
      );
      return (await pulls.findOne({ where: { id: pull.id }, relations: WITH_ISSUE })) as PullRequestWithIssue;
    });
  }

  findByIndex(repoId: number, index: number): Promise<PullRequestWithIssue | null> {
    return this.pulls.findOne({ where: { issue: { repoId, index } }, relations: WITH_ISSUE }) as Promise<PullRequestWithIssue | null>;
  }

  /** The open pull request proposing `head` for `base`, if there is one. */
  findOpen(repoId: number, headBranch: string, baseBranch: string, headRepoId = repoId): Promise<PullRequestWithIssue | null> {
    return this.pulls.findOne({
      where: { headRepoId, headBranch, baseBranch, issue: { repoId, isClosed: false } },
      relations: WITH_ISSUE,
    }) as Promise<PullRequestWithIssue | null>;
  }

  openFromHeadRepository(headRepoId: number): Promise<PullRequestWithIssue[]> {
    return this.pulls.find({
      where: { headRepoId, issue: { repoId: Not(headRepoId), isClosed: false } },
      relations: WITH_ISSUE,
      order: { id: 'ASC' },
    }) as Promise<PullRequestWithIssue[]>;
  }

  /** A page of the repository's pull requests, newest first. */
  list(repoId: number, state: PullRequestState, skip: number, take: number): Promise<[PullRequestWithIssue[], number]> {
    const issue: FindOptionsWhere<IssueEntity> = { repoId, ...(state === 'all' ? {} : { isClosed: state === 'closed' }) };
    return this.pulls.findAndCount({
      where: { issue },
      relations: WITH_ISSUE,
      order: { issue: { index: 'DESC' } },
      skip,
      take,
    }) as Promise<[PullRequestWithIssue[], number]>;
  }

  findLatest(repoId: number, headBranch: string, baseBranch: string): Promise<PullRequestWithIssue | null> {
    return this.pulls.findOne({
      where: { headBranch, baseBranch, issue: { repoId } },
      relations: WITH_ISSUE,
      order: { issue: { index: 'DESC' } },
    }) as Promise<PullRequestWithIssue | null>;
  }

  findByMergedCommit(repoId: number, mergedCommitId: string): Promise<PullRequestWithIssue | null> {
    return this.pulls.findOne({
      where: { mergedCommitId, issue: { repoId } },
      relations: WITH_ISSUE,
      order: { issue: { index: 'ASC' } },
    }) as Promise<PullRequestWithIssue | null>;
  }

  /**
   * Writes exactly the given columns of the pull request and of its issue, by
   * id, in one transaction (the issue's update date too), so what another
   * request changed meanwhile in other columns stays. False, writing nothing,
   * when the issue is gone: a deleted pull request never comes back. The issue
   * is written first, as a deletion goes (the pull request row cascades from
   * it), so once its row is held the pull request cannot vanish under us.
   */
  update(pull: Pick<PullRequest, 'id' | 'issueId'>, changes: PullRequestChanges, events: readonly NewComment[] = []): Promise<boolean> {
    return this.inTransaction(async (manager) => {
      noteWrite(manager, 'issues');
      const issueColumns = { ...changes.issue, updatedAt: new Date() };
      if (!((await manager.getRepository(IssueEntity).update({ id: pull.issueId, isPull: true }, issueColumns)).affected ?? 0))
        return false;
      if (changes.pull && Object.keys(changes.pull).length > 0)
        await manager.getRepository(PullRequestEntity).update({ id: pull.id }, changes.pull);
      await insertEvents(manager, events);
      return true;
    });
  }

  /**
   * The merge columns are written only where the row is not merged yet, and
   * first: a second merge finds nothing to change and writes nothing.
   */
  async markMerged(pull: Pick<PullRequest, 'id' | 'issueId'>, merge: PullRequestMerge, events: readonly NewComment[]): Promise<boolean> {
    return this.inTransaction(async (manager) => {
      noteWrite(manager, 'issues');
      const marked = await manager
        .getRepository(PullRequestEntity)
        .update({ id: pull.id, hasMerged: false }, { hasMerged: true, ...merge });
      if (!(marked.affected ?? 0)) return false;
      const closing = { isClosed: true, closedAt: merge.mergedAt, updatedAt: merge.mergedAt };
      await manager.getRepository(IssueEntity).update({ id: pull.issueId }, closing);
      await insertEvents(manager, events);
      return true;
    });
  }
}

/** Timeline entries written in the transaction of the change they record. */
async function insertEvents(manager: EntityManager, events: readonly NewComment[]): Promise<void> {
  const comments = new TypeOrmCommentStore(manager);
  for (const event of events) await comments.insert(event);
}
