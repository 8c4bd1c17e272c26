import {
  ConflictException,
  ForbiddenException,
  Injectable,
  MethodNotAllowedException,
  NotFoundException,
  Optional,
  UnprocessableEntityException,
} from '@nestjs/common';
import { GitIdentity, Owner, PullRequestStore, PullRequestWithIssue } from '@bellows/domain';
import { CommentType } from '../issues/timeline-types';
import { RefProtection } from '../protection/ref-protection.service';
import { withGitErrors } from '../repo-files/git-errors';
import { RepoGit, RepoGitResolver } from '../repo-files/repo-git';
import { RepositoryHistory } from '../repositories/repository-history';
import { RepositoryRefs } from '../repositories/repository-refs';
import { MergePullRequestOption } from './dto/merge-pull-request.dto';
import { PullMergeability } from './pull-mergeability';
import { MergeConflictError, MergeStyle, MergeStyleError, PullMerges } from './pull-merges';
import { PullHeads } from './pull-heads';
import { PullsService } from './pulls.service';
import { PullWebhooks } from '../webhook-events/pull-webhooks.service';

/**
 * Merging a pull request (`repoMergePullRequest`) with Forgejo's answers: 405
 * when it is merged already, when the caller may not write, or when it does not
 * merge cleanly; 404 when it is closed; 409 when its head is not the commit the
 * caller saw, when the base moved during the merge, or when a rebase conflicts;
 * 405 too when the base branch's protection refuses it (approvals, checks).
 * The git data is written first (the base branch moves only if nobody moved it
 * meanwhile), then the repository is re-measured for the quota, then the merge
 * is recorded with its timeline entry.
 */
@Injectable()
export class PullMergeService {
  constructor(
    private readonly pullRequests: PullRequestStore,
    private readonly merges: PullMerges,
    private readonly mergeability: PullMergeability,
    private readonly heads: PullHeads,
    private readonly refs: RepositoryRefs,
    private readonly history: RepositoryHistory,
    private readonly repos: RepoGitResolver,
    private readonly protection: RefProtection,
    private readonly pulls: PullsService,
    /** Webhooks' `pull_request` events; optional so merging works without them. */
    @Optional() private readonly webhooks?: PullWebhooks,
  ) {}

  /** 204 for a merged pull request, 404 otherwise (Forgejo's `repoPullRequestIsMerged`). */
  isMerged(pull: PullRequestWithIssue): boolean {
    return pull.hasMerged;
  }

  async merge(target: RepoGit, pull: PullRequestWithIssue, input: MergePullRequestOption, merger: Owner): Promise<void> {
    if (pull.hasMerged) throw new MethodNotAllowedException('the pull request is merged already');
    if (pull.issue.isClosed) throw new NotFoundException(`pull request #${pull.issue.index} is closed`);
    if (!target.canWrite) throw new MethodNotAllowedException('you are not allowed to merge this pull request');
    if (input.Do === 'manually-merged') return this.markManuallyMerged(target, pull, input.MergeCommitID, merger);

    const headSha = await this.heads.sync(target.path, pull);
    const baseSha = await withGitErrors(() => this.refs.branchTip(target.path, pull.baseBranch));
    if (headSha === undefined || baseSha === undefined) throw new MethodNotAllowedException('the head or base branch no longer exists');
    const check = await withGitErrors(() => this.mergeability.check(target.path, baseSha, headSha));
    if (!check.clean)
      throw new MethodNotAllowedException(`the pull request is not mergeable: conflicts in ${check.conflictedFiles.join(', ')}`);
    if (input.head_commit_id && input.head_commit_id !== headSha)
      throw new ConflictException(`head out of date: the head is at ${headSha}, not ${input.head_commit_id}`);
    // The base branch's protection: merge whitelist, approvals, requested changes, status checks (Forgejo: 405).
    const refusal = await this.protection.mergeRefusal(target, { issueId: pull.issueId, baseBranch: pull.baseBranch, headSha }, merger);
    if (refusal) throw new MethodNotAllowedException(`the pull request may not be merged yet: ${refusal}`);

    // Re-measured even when the base moved meanwhile: the merge's objects are in the repository then too.
    const merged = await this.mergeGit(target, pull, input, merger, headSha).finally(() => this.repos.afterWrite(target));
    await this.record(pull, merged, merger);
    // A merge is `closed` with `merged` true, as in Forgejo; the pull request is read again to show it.
    if (this.webhooks) await this.webhooks.send('closed', target, await this.pulls.get(target, pull.issue.index, undefined), merger);
    if (input.delete_branch_after_merge) await this.deleteHeadBranch(target, pull, headSha);
  }

  /**
   * Forgejo's `repoUpdatePullRequest`: merges the base into the head branch
   * (or replays the head's commits on the base), so the pull request is
   * tested against the base of now. 422 when it is merged or closed, 403 for
   * callers who may not write, 409 on conflicts or a head moved meanwhile.
   */
  async update(target: RepoGit, pull: PullRequestWithIssue, style: 'merge' | 'rebase', actor: Owner): Promise<void> {
    if (pull.hasMerged || pull.issue.isClosed) throw new UnprocessableEntityException(`pull request #${pull.issue.index} is not open`);
    if (!target.canWrite) throw new ForbiddenException('you are not allowed to update this pull request');
    const baseSha = await withGitErrors(() => this.refs.branchTip(target.path, pull.baseBranch));
    if (baseSha === undefined) throw new UnprocessableEntityException(`base branch ${pull.baseBranch} does not exist`);
    const message = `Merge branch '${pull.baseBranch}' into ${pull.headBranch}`;
    const options = { branch: pull.headBranch, baseSha, style, message, committer: identityOf(actor) };
    await withGitErrors(async () => {
      try {
        await this.merges.updateBranch(target.path, options).finally(() => this.repos.afterWrite(target));
      } catch (error) {
        if (error instanceof MergeConflictError)
          throw new ConflictException(`${style} failed because of conflicts in ${error.files.join(', ')}`);
        throw error;
      }
    });
  }

  private async mergeGit(
    target: RepoGit,
    pull: PullRequestWithIssue,
    input: MergePullRequestOption,
    merger: Owner,
    headSha: string,
  ): Promise<string> {
    const style = input.Do as MergeStyle;
    const poster = pull.issue.poster ?? merger;
    try {
      const result = await this.merges.mergePullRequest(target.path, {
        style,
        baseBranch: pull.baseBranch,
        headSha,
        message: mergeMessage(pull, style, input),
        committer: identityOf(merger),
        squashAuthor: identityOf(poster),
      });
      return result.baseSha;
    } catch (error) {
      if (error instanceof MergeStyleError) throw new MethodNotAllowedException(error.message);
      if (error instanceof MergeConflictError) throw new ConflictException(error.message);
      throw error;
    }
  }

  /**
   * Forgejo's manually-merged: the given commit must be on the base branch and
   * contain the head (409 "wrong commit ID" otherwise); no git data is written.
   */
  private async markManuallyMerged(target: RepoGit, pull: PullRequestWithIssue, commitId: string | undefined, merger: Owner) {
    const given = commitId?.trim() ?? '';
    const headSha = await this.heads.sync(target.path, pull);
    const commit = given ? await withGitErrors(() => this.refs.resolveRef(target.path, given)) : undefined;
    const onBase =
      commit !== undefined &&
      headSha !== undefined &&
      (await withGitErrors(async () => {
        const ancestors = await Promise.all([
          this.history.isAncestor(target.path, commit, `refs/heads/${pull.baseBranch}`),
          this.history.isAncestor(target.path, headSha, commit),
        ]);
        return ancestors.every(Boolean);
      }));
    if (!onBase)
      throw new ConflictException(`Wrong commit ID: ${given || '(none)'} is not a commit of ${pull.baseBranch} containing the head`);
    await this.record(pull, commit, merger);
  }

  /** Marks it merged and closed with a `merge_pull` timeline entry; a concurrent merge recorded first is a 405. */
  private async record(pull: PullRequestWithIssue, commitSha: string, merger: Owner): Promise<void> {
    const at = new Date();
    const event = { issueId: pull.issueId, type: CommentType.MergePull, posterId: merger.id, createdAt: at, content: commitSha };
    if (!(await this.pullRequests.markMerged(pull, { mergedAt: at, mergedCommitId: commitSha, mergerId: merger.id }, [event])))
      throw new MethodNotAllowedException('the pull request is merged already');
  }

  /**
   * As Forgejo: never the default branch, nor a branch another open pull
   * request still proposes; and only if nobody pushed to it since it was merged.
   */
  private async deleteHeadBranch(target: RepoGit, pull: PullRequestWithIssue, headSha: string): Promise<void> {
    if (pull.headBranch === target.repo.defaultBranch) return;
    if (await this.pullRequests.findOpen(target.repo.id, pull.headBranch, pull.baseBranch)) return;
    await withGitErrors(() => this.merges.deleteBranchAt(target.path, pull.headBranch, headSha));
  }
}

/** Forgejo's default messages, or the caller's title and message (separated by an empty line). */
export function mergeMessage(
  pull: PullRequestWithIssue,
  style: MergeStyle,
  input: Pick<MergePullRequestOption, 'MergeTitleField' | 'MergeMessageField'>,
): string {
  const { title, index } = pull.issue;
  const fallback =
    style === 'squash'
      ? `${title} (#${index})`
      : `Merge pull request '${title}' (#${index}) from ${pull.headBranch} into ${pull.baseBranch}`;
  const first = input.MergeTitleField?.trim() || fallback;
  const rest = input.MergeMessageField?.trim();
  return rest ? `${first}\n\n${rest}` : first;
}

/** A user as git writes them: full name (or login) and email (or a no-reply address). */
export function identityOf(user: Owner): GitIdentity {
  return { name: user.fullName || user.name, email: user.email || `${user.lowerName}@noreply.bellows` };
}
