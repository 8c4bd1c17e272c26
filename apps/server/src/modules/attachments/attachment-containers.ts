import { ForbiddenException, Injectable } from '@nestjs/common';
import {
  AttachmentPlace,
  createCommentAttachmentDates,
  createIssueAttachmentDates,
  NewAttachment,
  Release,
  TransactionStores,
} from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { IssueLookup, ResolvedComment, ResolvedIssue } from '../issues/issue-lookup.service';
import { UpdateDatePolicy } from '../issues/update-date-policy';
import { atLeast } from '../repositories/repo-permission';

/** What an upload writes besides the attachment, decided before its body is read. */
export interface UploadDates {
  /** The attachment's creation date; now when absent. */
  createdAt?: Date;
  /** Writes the container's update dates in the upload's transaction. */
  touch(tx: TransactionStores): Promise<void>;
}

/**
 * An issue, a comment or a release as the place of attachments, found and
 * authorized for the request: what the attachment service needs to list,
 * find, record, rename and delete attachments there. The kinds differ only here.
 */
export interface AttachmentContainer {
  readonly place: AttachmentPlace;
  /** The columns an attachment recorded here gets. */
  readonly links: Pick<NewAttachment, 'repoId' | 'issueId' | 'commentId' | 'releaseId'>;
  /** The 404 message for an attachment that is not here. */
  missing(rawId: string): string;
  /** The dates of an upload by `actor`, with the `updated_at` it asked for (only issues and comments take one). */
  uploadDates(actor: Actor, rawUpdatedAt: unknown): UploadDates;
}

/** A release's files: uploads are dated now and change no other row. Who may see or change them is checked by the releases area. */
export function releaseContainer(release: Pick<Release, 'id' | 'repoId'>): AttachmentContainer {
  return {
    place: { kind: 'release', id: release.id },
    links: { repoId: release.repoId, releaseId: release.id },
    missing: (rawId) => `attachment ${rawId} of release ${release.id} does not exist`,
    uploadDates: () => ({ touch: async () => undefined }),
  };
}

/** How a request names an issue or a comment: owner, repository, and the issue number or the comment id. */
export interface IssueContainerAddress {
  owner: string;
  repo: string;
  kind: 'issue' | 'comment';
  /** The issue's number, or the comment's id. */
  id: string;
}

/** An issue's or a comment's container, with what the lookup found. */
type IssueContainer = AttachmentContainer & { target: ResolvedIssue | ResolvedComment };

/**
 * Finds the issue or comment whose attachments a request reads or changes.
 * Reading needs read access; changing needs the container's author or write
 * access, as in Forgejo. Uploads are dated by the update-date policy (they may
 * be back-dated) and date the comment and the issue they change.
 */
@Injectable()
export class IssueContainers {
  constructor(
    private readonly lookup: IssueLookup,
    private readonly policy: UpdateDatePolicy,
  ) {}

  async open({ owner, repo, kind, id }: IssueContainerAddress, actor: Actor | undefined): Promise<IssueContainer> {
    if (kind === 'issue') return this.issueContainer(await this.lookup.resolveIssue(owner, repo, id, actor));
    return this.commentContainer(await this.lookup.resolveComment(owner, repo, id, actor));
  }

  /** The container, when `actor` is its author or a writer of the repository (403 otherwise). */
  async openForChange(address: IssueContainerAddress, actor: Actor): Promise<AttachmentContainer> {
    const container = await this.open(address, actor);
    const target = container.target;
    const author = 'comment' in target ? target.comment.posterId : target.issue.posterId;
    if (author === actor.user.id || atLeast(target.repoCtx.permission, 'write')) return container;
    const { owner, repo } = target.repoCtx;
    throw new ForbiddenException(`only the author or a writer of ${owner.name}/${repo.name} may change these attachments`);
  }

  private issueContainer(target: ResolvedIssue): IssueContainer {
    return {
      target,
      place: { kind: 'issue', id: target.issue.id },
      links: { repoId: target.repoCtx.repo.id, issueId: target.issue.id },
      missing: (rawId) => `attachment ${rawId} does not exist`,
      uploadDates: (actor, rawUpdatedAt) => {
        const context = this.policy.context(target.repoCtx, actor, rawUpdatedAt);
        const dates = this.policy.decide(() => createIssueAttachmentDates(target.issue, context));
        return {
          createdAt: dates.attachmentCreatedAt,
          // Bellows keeps no content history, so the content change is dated by the attachment itself.
          touch: (tx) => tx.issues.touch(target.issue.id, dates.issueUpdatedAt),
        };
      },
    };
  }

  private commentContainer(target: ResolvedComment): IssueContainer {
    return {
      target,
      place: { kind: 'comment', id: target.comment.id },
      links: { repoId: target.repoCtx.repo.id, issueId: target.issue.id, commentId: target.comment.id },
      missing: (rawId) => `attachment ${rawId} does not exist`,
      uploadDates: (actor, rawUpdatedAt) => {
        const context = this.policy.context(target.repoCtx, actor, rawUpdatedAt);
        const dates = this.policy.decide(() => createCommentAttachmentDates(target.issue, context));
        return {
          createdAt: dates.attachmentCreatedAt,
          touch: async (tx) => {
            // By id: the comment row read before the upload may have been deleted since (insert held and checked it).
            await tx.comments.update(target.comment.id, { updatedAt: dates.commentUpdatedAt });
            await tx.issues.touch(target.issue.id, dates.issueUpdatedAt);
          },
        };
      },
    };
  }
}
