import {
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
  Optional,
  PreconditionFailedException,
  UnprocessableEntityException,
} from '@nestjs/common';
import {
  isFromAnotherRepository,
  IssueDependencyStore,
  NewComment,
  Owner,
  OwnerStore,
  PullRequestChanges,
  PullRequestState,
  PullRequestStore,
  PullRequestWithIssue,
} from '@bellows/domain';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { PageRequest } from '../../http/pagination';
import { withGitErrors } from '../repo-files/git-errors';
import { ChangedFile, CommitWithFiles, Page, RepositoryHistory } from '../repositories/repository-history';
import { GitStream } from '../repositories/repository-contents';
import { RepositoryRefs } from '../repositories/repository-refs';
import { RepoGit } from '../repo-files/repo-git';
import { CommentType } from '../issues/timeline-types';
import { ApiPullRequest, CreatePullRequestOption, EditPullRequestOption, PullGitState, toApiPullRequest } from './dto/pull-request.dto';
import { ForkPullHeads } from './fork-pull-heads';
import { PullDiffs } from './pull-diffs';
import { PullHeads } from './pull-heads';
import { pullHeadRef } from './pull-merges';
import { PullMergeability } from './pull-mergeability';
import { PullWebhooks } from '../webhook-events/pull-webhooks.service';

/**
 * Pull requests between two branches of one repository. Their numbers come
 * from the repository's issue sequence (the PullRequestStore gives them out):
 * issues, when they arrive, continue the same sequence.
 */
@Injectable()
export class PullsService {
  constructor(
    private readonly pullRequests: PullRequestStore,
    private readonly refs: RepositoryRefs,
    private readonly history: RepositoryHistory,
    private readonly heads: PullHeads,
    private readonly mergeability: PullMergeability,
    private readonly diffs: PullDiffs,
    private readonly owners: OwnerStore,
    private readonly forkHeads: ForkPullHeads,
    private readonly dependencies: IssueDependencyStore,
    @Inject(CONFIG) private readonly config: BellowsConfig,
    /** Webhooks' `pull_request` events; optional so pull requests work without them. */
    @Optional() private readonly webhooks?: PullWebhooks,
  ) {}

  /**
   * Opens a pull request for `base` from a branch of this repository, or from
   * a branch of a fork (`owner:branch`), whose head is fetched into this
   * repository first (see ForkPullHeads).
   */
  async create(target: RepoGit, input: CreatePullRequestOption, poster: Owner): Promise<ApiPullRequest> {
    const base = input.base.trim();
    const fromFork = await this.forkHeads.forkNamed(target, input.head.trim(), poster);
    if (!fromFork) return this.open(target, input, this.headIn(target, input.head.trim()), base, poster);
    const incoming = await this.forkHeads.fetchIncoming(target, fromFork.fork, fromFork.branch);
    try {
      const head = { branch: fromFork.branch, revision: incoming.sha, repoId: fromFork.fork.repo.id };
      return await this.open(target, input, head, base, poster);
    } finally {
      await incoming.release();
    }
  }

  private async open(
    target: RepoGit,
    input: CreatePullRequestOption,
    head: PullHead,
    base: string,
    poster: Owner,
  ): Promise<ApiPullRequest> {
    const ancestor = await this.checkBranches(target, head, base);
    if (await this.pullRequests.findOpen(target.repo.id, head.branch, base, head.repoId)) {
      throw new ConflictException(`an open pull request already proposes ${head.branch} for ${base}`);
    }
    const pull = await this.pullRequests.create({
      repoId: target.repo.id,
      posterId: poster.id,
      title: input.title.trim(),
      body: input.body ?? '',
      headRepoId: head.repoId,
      headBranch: head.branch,
      baseBranch: base,
      mergeBase: ancestor,
    });
    await this.heads.sync(target.path, pull);
    // The payload shows the pull request as anyone may see it; the answer as its poster does.
    if (this.webhooks) await this.webhooks.send('opened', target, await this.shape(target, pull, undefined), poster);
    return this.shape(target, pull, poster);
  }

  async list(
    target: RepoGit,
    state: PullRequestState,
    paging: PageRequest,
    viewer: Owner | undefined,
  ): Promise<[ApiPullRequest[], number]> {
    const [pulls, total] = await this.pullRequests.list(target.repo.id, state, paging.offset, paging.limit);
    return [await Promise.all(pulls.map((pull) => this.shape(target, pull, viewer))), total];
  }

  async get(target: RepoGit, index: number, viewer: Owner | undefined): Promise<ApiPullRequest> {
    return this.shape(target, await this.find(target, index), viewer);
  }

  /**
   * The poster or anyone who may write may edit; state, title, body and base
   * change as asked. Only the changed columns are written, by id: a pull
   * request deleted while the request ran is a 404 and stays deleted.
   */
  async edit(target: RepoGit, index: number, changes: EditPullRequestOption, editor: Owner): Promise<ApiPullRequest> {
    const pull = await this.find(target, index);
    if (!target.canWrite && pull.issue.posterId !== editor.id)
      throw new ForbiddenException('only the poster and writers may edit this pull request');
    const update: Required<PullRequestChanges> = { issue: {}, pull: {} };
    const events: NewComment[] = [];
    if (changes.title !== undefined) update.issue.title = changes.title.trim();
    if (changes.body !== undefined) update.issue.body = changes.body;
    const base = changes.base?.trim();
    const reopening = changes.state === 'open' && pull.issue.isClosed;
    if ((base !== undefined && base !== pull.baseBranch) || reopening) {
      const newBase = base ?? pull.baseBranch;
      update.pull.mergeBase = await this.checkBranches(target, this.headOf(pull), newBase);
      const clash =
        pull.headRepoId === null ? null : await this.pullRequests.findOpen(target.repo.id, pull.headBranch, newBase, pull.headRepoId);
      if (clash && clash.id !== pull.id)
        throw new ConflictException(`pull request #${clash.issue.index} already proposes ${pull.headBranch} for ${newBase}`);
      update.pull.baseBranch = newBase;
    }
    if (changes.state !== undefined) {
      if (pull.hasMerged) throw new ConflictException('a merged pull request cannot be reopened or closed');
      const closed = changes.state === 'closed';
      // As Forgejo: a pull request that depends on open issues stays open until they are closed.
      if (closed && !pull.issue.isClosed && (await this.dependencies.countOpenDependencies(pull.issueId)) > 0)
        throw new PreconditionFailedException(`pull request #${index} still has open dependencies; close them first`);
      if (closed !== pull.issue.isClosed) {
        const at = new Date();
        Object.assign(update.issue, { isClosed: closed, closedAt: closed ? at : null });
        events.push({ issueId: pull.issueId, type: closed ? CommentType.Close : CommentType.Reopen, posterId: editor.id, createdAt: at });
      }
    }
    if (!(await this.pullRequests.update(pull, update, events))) throw this.notFound(target, index);
    const edited = await this.find(target, index);
    await this.webhooks?.edited(target, pull, edited, () => this.shape(target, edited, undefined), editor);
    return this.shape(target, edited, editor);
  }

  /**
   * The newest pull request (any state) proposing `head` (`branch` or
   * `owner:branch` of this repository) for `base`; 404 when there is none.
   */
  async getByBranches(target: RepoGit, base: string, head: string, viewer: Owner | undefined): Promise<ApiPullRequest> {
    const [where, branch] = head.includes(':') ? [head.slice(0, head.indexOf(':')), head.slice(head.indexOf(':') + 1)] : ['', head];
    const here = where === '' || where.toLowerCase() === target.owner.lowerName;
    const pull = here ? await this.pullRequests.findLatest(target.repo.id, branch, base) : null;
    if (!pull) throw new NotFoundException(`no pull request proposes ${head} for ${base} in ${target.owner.name}/${target.repo.name}`);
    return this.shape(target, pull, viewer);
  }

  /**
   * The pull request merged as the commit `sha` names (a sha, short or full,
   * or a ref), as Forgejo finds it by its merged commit; 404 when there is none.
   */
  async getByMergedCommit(target: RepoGit, sha: string, viewer: Owner | undefined): Promise<ApiPullRequest> {
    const commit = await withGitErrors(async () =>
      (await this.refs.isEmpty(target.path)) ? undefined : this.refs.resolveRef(target.path, sha),
    );
    const pull = commit === undefined ? null : await this.pullRequests.findByMergedCommit(target.repo.id, commit);
    if (!pull) throw new NotFoundException(`no pull request of ${target.owner.name}/${target.repo.name} was merged as ${sha}`);
    return this.shape(target, pull, viewer);
  }

  /** The pull request's changes as a diff or patch, streamed from git (Forgejo's `repoDownloadPullDiffOrPatch`). */
  async diff(target: RepoGit, index: number, kind: 'diff' | 'patch', binary: boolean): Promise<GitStream> {
    const pull = await this.find(target, index);
    const head = (await this.heads.sync(target.path, pull)) ?? this.headOf(pull).revision;
    return withGitErrors(() => this.diffs.openPullDiff(target.path, refOf(pull.baseBranch), head, kind, binary));
  }

  /** The commits the head brings that the base lacks, newest first, each with its files. */
  async commits(target: RepoGit, index: number, paging: PageRequest): Promise<Page<CommitWithFiles>> {
    const pull = await this.find(target, index);
    const page = { skip: paging.offset, limit: paging.limit };
    return withGitErrors(() => this.history.commitsBetween(target.path, refOf(pull.baseBranch), this.headOf(pull).revision, page));
  }

  /** Every file the pull request changes (diff from the merge base to the head), and the head commit. */
  async files(target: RepoGit, index: number): Promise<{ files: ChangedFile[]; headSha: string }> {
    const pull = await this.find(target, index);
    return withGitErrors(async () => ({
      files: await this.history.changedFiles(target.path, refOf(pull.baseBranch), this.headOf(pull).revision),
      headSha: (await this.refs.resolveRef(target.path, this.headOf(pull).revision)) ?? '',
    }));
  }

  /** The pull request of that number in the repository; 404 when there is none. */
  async find(target: RepoGit, index: number): Promise<PullRequestWithIssue> {
    const pull = Number.isSafeInteger(index) && index > 0 ? await this.pullRequests.findByIndex(target.repo.id, index) : null;
    if (!pull) throw this.notFound(target, index);
    return pull;
  }

  private notFound(target: RepoGit, index: number): NotFoundException {
    return new NotFoundException(`pull request #${index} does not exist in ${target.owner.name}/${target.repo.name}`);
  }

  /** `branch`, `owner:branch` or `owner/repo:branch` of this repository (forks are ForkPullHeads'). */
  private headIn(target: RepoGit, head: string): PullHead {
    const branch = head.slice(head.indexOf(':') + 1);
    return { branch, revision: refOf(branch), repoId: target.repo.id };
  }

  /** Where git finds the pull request's head in this repository: its branch, or for a fork the ref its head is fetched into. */
  private headOf(pull: PullRequestWithIssue): PullHead {
    if (!isFromAnotherRepository(pull)) return { branch: pull.headBranch, revision: refOf(pull.headBranch), repoId: pull.issue.repoId };
    return { branch: pull.headBranch, revision: pullHeadRef(pull.issue.index), repoId: pull.headRepoId ?? undefined };
  }

  /** Both heads exist, differ and share history (422 otherwise); returns their merge base. */
  private async checkBranches(target: RepoGit, head: PullHead, base: string): Promise<string> {
    const inThisRepository = head.repoId === target.repo.id;
    if (inThisRepository && head.branch === base) throw new UnprocessableEntityException('head and base must be different branches');
    return withGitErrors(async () => {
      if (inThisRepository && (await this.refs.branchTip(target.path, head.branch)) === undefined) {
        throw new UnprocessableEntityException(`head: branch ${head.branch} does not exist`);
      }
      if ((await this.refs.branchTip(target.path, base)) === undefined) {
        throw new UnprocessableEntityException(`base: branch ${base} does not exist`);
      }
      const ancestor = await this.history.mergeBase(target.path, refOf(base), head.revision);
      if (ancestor === undefined) throw new UnprocessableEntityException(`${head.branch} and ${base} have no common history`);
      return ancestor;
    });
  }

  private async shape(target: RepoGit, pull: PullRequestWithIssue, viewer: Owner | undefined): Promise<ApiPullRequest> {
    const [git, merger] = await Promise.all([
      this.gitState(target, pull),
      pull.mergerId === null ? Promise.resolve(null) : this.owners.findById(pull.mergerId),
    ]);
    return toApiPullRequest(
      { pull, owner: target.owner, repo: target.repo, permission: target.permission, viewer, git, merger },
      { rootUrl: this.config.server.rootUrl },
    );
  }

  /**
   * Tips, diff size and mergeability now (an open pull request is mergeable
   * when git merges it without conflicts); a deleted branch leaves them empty
   * rather than failing the answer.
   */
  private async gitState(target: RepoGit, pull: PullRequestWithIssue): Promise<PullGitState> {
    const [headSha, baseSha] = await Promise.all([this.heads.sync(target.path, pull), this.refs.branchTip(target.path, pull.baseBranch)]);
    if (headSha === undefined || baseSha === undefined) {
      return { headSha: headSha ?? '', baseSha: baseSha ?? '', mergeable: false, additions: 0, deletions: 0, changedFiles: 0 };
    }
    const [files, check] = await Promise.all([
      this.history.changedFiles(target.path, baseSha, headSha).catch(() => []),
      pull.issue.isClosed ? undefined : this.mergeability.check(target.path, baseSha, headSha),
    ]);
    return {
      headSha,
      baseSha,
      mergeable: check?.clean ?? false,
      additions: files.reduce((sum, file) => sum + file.additions, 0),
      deletions: files.reduce((sum, file) => sum + file.deletions, 0),
      changedFiles: files.length,
    };
  }
}

/** A pull request's head: the branch, where git finds it in the base repository, and the repository it lives in (undefined: a deleted fork). */
interface PullHead {
  branch: string;
  revision: string;
  repoId: number | undefined;
}

/** A branch as a revision git cannot mistake for a tag of the same name. */
function refOf(branch: string): string {
  return `refs/heads/${branch}`;
}
