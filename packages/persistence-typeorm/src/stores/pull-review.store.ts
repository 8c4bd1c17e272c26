import { EntityManager, In } from 'typeorm';
import {
  NewPullReview,
  NewPullReviewComment,
  PullReview,
  PullReviewComment,
  PullReviewStore,
  ReviewSubmissionRecord,
} from '@bellows/domain';
import { PullReviewCommentEntity } from '../entities/pull-review-comment.entity';
import { PullReviewEntity } from '../entities/pull-review.entity';
import { InTransaction } from '../quota/in-transaction';
import { findLocked } from '../quota/locked-row';

/** Reviews of pull requests and their line comments on TypeORM: `pull_review`, `pull_review_comment`. */
export class TypeOrmPullReviewStore implements PullReviewStore {
  constructor(
    private readonly manager: EntityManager,
    private readonly inTransaction: InTransaction,
  ) {}

  private get reviews() {
    return this.manager.getRepository(PullReviewEntity);
  }

  private get lineComments() {
    return this.manager.getRepository(PullReviewCommentEntity);
  }

  create(review: NewPullReview, comments: readonly NewPullReviewComment[]): Promise<PullReview> {
    return this.inTransaction(async (manager) => {
      const now = new Date();
      const reviews = manager.getRepository(PullReviewEntity);
      const saved = await reviews.save(reviews.create({ ...review, dismissed: false, createdAt: now, updatedAt: now }));
      await insertComments(manager, saved, review.reviewerId, comments, now);
      return saved;
    });
  }

  findById(issueId: number, reviewId: number): Promise<PullReview | null> {
    return this.reviews.findOneBy({ id: reviewId, issueId });
  }

  findPending(issueId: number, reviewerId: number): Promise<PullReview | null> {
    return this.reviews.findOne({ where: { issueId, reviewerId, state: 'PENDING' }, order: { id: 'ASC' } });
  }

  list(issueId: number): Promise<PullReview[]> {
    return this.reviews.find({ where: { issueId }, order: { id: 'ASC' } });
  }

  async submit(reviewId: number, submission: ReviewSubmissionRecord): Promise<boolean> {
    const result = await this.reviews.update({ id: reviewId, state: 'PENDING' }, { ...submission, updatedAt: submission.submittedAt });
    return (result.affected ?? 0) > 0;
  }

  async setDismissed(reviewId: number, dismissed: boolean): Promise<boolean> {
    const result = await this.reviews.update({ id: reviewId }, { dismissed, updatedAt: new Date() });
    return (result.affected ?? 0) > 0;
  }

  async delete(reviewId: number): Promise<boolean> {
    const result = await this.reviews.delete({ id: reviewId });
    return (result.affected ?? 0) > 0;
  }

  addComments(
    review: Pick<PullReview, 'id' | 'commitId'>,
    authorId: number,
    comments: readonly NewPullReviewComment[],
  ): Promise<PullReviewComment[]> {
    return this.inTransaction(async (manager) => {
      // The review row is held so that a concurrent deletion either comes first (nothing is added) or waits.
      if (!(await findLocked(manager, PullReviewEntity, { id: review.id }))) return [];
      return insertComments(manager, review, authorId, comments, new Date());
    });
  }

  comments(reviewId: number): Promise<PullReviewComment[]> {
    return this.lineComments.find({ where: { reviewId }, order: { id: 'ASC' } });
  }

  async commentCounts(reviewIds: readonly number[]): Promise<Map<number, number>> {
    if (reviewIds.length === 0) return new Map();
    const rows: { reviewId: number; count: string | number }[] = await this.lineComments
      .createQueryBuilder('c')
      .select('c.review_id', 'reviewId')
      .addSelect('COUNT(*)', 'count')
      .where({ reviewId: In([...reviewIds]) })
      .groupBy('c.review_id')
      .getRawMany();
    return new Map(rows.map((row) => [Number(row.reviewId), Number(row.count)]));
  }

  async deleteComment(reviewId: number, commentId: number): Promise<boolean> {
    const result = await this.lineComments.delete({ id: commentId, reviewId });
    return (result.affected ?? 0) > 0;
  }

  requestReviews(issueId: number, reviewerIds: readonly number[], commitId: string): Promise<PullReview[]> {
    return this.inTransaction(async (manager) => {
      const reviews = manager.getRepository(PullReviewEntity);
      const existing = await reviews.find({ where: { issueId, reviewerId: In([...reviewerIds]), state: 'REQUEST_REVIEW' } });
      const asked = new Set(existing.map((review) => review.reviewerId));
      const now = new Date();
      const fresh = [...new Set(reviewerIds)]
        .filter((reviewerId) => !asked.has(reviewerId))
        .map((reviewerId) =>
          reviews.create({
            issueId,
            reviewerId,
            state: 'REQUEST_REVIEW',
            body: '',
            commitId,
            official: false,
            dismissed: false,
            createdAt: now,
            updatedAt: now,
            submittedAt: null,
          }),
        );
      return [...existing, ...(fresh.length > 0 ? await reviews.save(fresh) : [])].sort((a, b) => a.id - b.id);
    });
  }

  async withdrawRequests(issueId: number, reviewerIds: readonly number[]): Promise<number> {
    if (reviewerIds.length === 0) return 0;
    const result = await this.reviews.delete({ issueId, reviewerId: In([...reviewerIds]), state: 'REQUEST_REVIEW' });
    return result.affected ?? 0;
  }
}

async function insertComments(
  manager: EntityManager,
  review: Pick<PullReview, 'id' | 'commitId'>,
  authorId: number,
  comments: readonly NewPullReviewComment[],
  now: Date,
): Promise<PullReviewComment[]> {
  if (comments.length === 0) return [];
  const repo = manager.getRepository(PullReviewCommentEntity);
  return repo.save(
    comments.map((comment) =>
      repo.create({ ...comment, reviewId: review.id, authorId, commitId: review.commitId, createdAt: now, updatedAt: now }),
    ),
  );
}
