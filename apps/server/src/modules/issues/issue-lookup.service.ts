import { Injectable, NotFoundException } from '@nestjs/common';
import { CommentStore, Issue, IssueComment, IssueStore } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { parseId } from '../../http/id-param.pipe';
import { RepoContext, RepositoryAccess } from '../repositories/repository-access.service';
import { CommentType } from './timeline-types';

export interface ResolvedIssue {
  repoCtx: RepoContext;
  issue: Issue;
}

export interface ResolvedComment extends ResolvedIssue {
  comment: IssueComment;
}

/**
 * Finds an issue or a comment the way a request names it, for the caller: a
 * missing one and one in a repository the caller may not read are both 404.
 * Issue numbers name pull requests too (one sequence); callers that only
 * accept issues check `issue.isPull` themselves. Ids come parsed by the
 * routes' IdParam; a text id is parsed the same way (anything else is not found).
 */
@Injectable()
export class IssueLookup {
  constructor(
    private readonly issues: IssueStore,
    private readonly comments: CommentStore,
    private readonly access: RepositoryAccess,
  ) {}

  async resolveIssue(owner: string, repo: string, index: number | string, actor: Actor | undefined): Promise<ResolvedIssue> {
    const repoCtx = await this.access.resolve(owner, repo, actor);
    const number = typeof index === 'number' ? index : parseId(index);
    const issue = number ? await this.issues.findByIndex(repoCtx.repo.id, number) : null;
    if (!issue) throw new NotFoundException(`issue #${index} does not exist in ${repoCtx.owner.name}/${repoCtx.repo.name}`);
    return { repoCtx, issue };
  }

  /** A user's comment (type comment; other timeline entries are not comments) of an issue in the repository. */
  async resolveComment(owner: string, repo: string, commentId: number | string, actor: Actor | undefined): Promise<ResolvedComment> {
    const repoCtx = await this.access.resolve(owner, repo, actor);
    const id = typeof commentId === 'number' ? commentId : parseId(commentId);
    const comment = id ? await this.comments.findById(id) : null;
    const issue = comment && comment.type === CommentType.Comment ? await this.issues.findById(comment.issueId) : null;
    if (!comment || !issue || issue.repoId !== repoCtx.repo.id) {
      throw new NotFoundException(`comment ${commentId} does not exist in ${repoCtx.owner.name}/${repoCtx.repo.name}`);
    }
    return { repoCtx, issue, comment };
  }
}
