import { Injectable, NotFoundException } from '@nestjs/common';
import { CrossReferenceEvent, Issue, IssueComment, Owner, TransactionStores } from '@bellows/domain';
import { RepoContext, RepositoryAccess } from '../repositories/repository-access.service';
import { TimelineService } from './timeline.service';
import { CommentType } from './timeline-types';

/** The text that mentions other issues: an issue's body (comment null) or one of its comments. */
export interface MentionSource {
  repoCtx: RepoContext;
  issue: Issue;
  comment: IssueComment | null;
  author: Owner;
}

/**
 * Records the cross-reference events the domain found in a text
 * (`crossReferenceEvents`, dated by the policy) in the timelines of the issues
 * mentioned: only issues that exist and that the author may read, and only
 * once per source (issue body or comment), so editing a text never repeats one.
 */
@Injectable()
export class CrossReferences {
  constructor(
    private readonly access: RepositoryAccess,
    private readonly timeline: TimelineService,
  ) {}

  async record(tx: TransactionStores, source: MentionSource, events: CrossReferenceEvent[]): Promise<void> {
    for (const event of events) {
      const target = await this.visibleTarget(tx, source, event);
      if (!target || target.id === source.issue.id) continue;
      const refCommentId = source.comment?.id ?? null;
      if (await tx.comments.hasReference(target.id, source.issue.id, refCommentId)) continue;
      await this.timeline.record(tx, {
        issueId: target.id,
        type: source.comment ? CommentType.CommentRef : source.issue.isPull ? CommentType.PullRef : CommentType.IssueRef,
        actorId: source.author.id,
        createdAt: event.createdAt,
        refIssueId: source.issue.id,
        refCommentId,
      });
    }
  }

  /** The mentioned issue, if it exists and the author may read its repository. */
  private async visibleTarget(tx: TransactionStores, source: MentionSource, { target }: CrossReferenceEvent): Promise<Issue | null> {
    const here = source.repoCtx;
    const sameRepository =
      target.repository.owner.toLowerCase() === here.owner.lowerName && target.repository.name.toLowerCase() === here.repo.lowerName;
    const repoId = sameRepository
      ? here.repo.id
      : await this.readableRepositoryId(target.repository.owner, target.repository.name, source.author);
    return repoId === null ? null : tx.issues.findByIndex(repoId, target.index);
  }

  private async readableRepositoryId(owner: string, name: string, author: Owner): Promise<number | null> {
    try {
      return (await this.access.resolve(owner, name, { user: author, method: 'token', scopes: null })).repo.id;
    } catch (error) {
      if (error instanceof NotFoundException) return null;
      throw error;
    }
  }
}
