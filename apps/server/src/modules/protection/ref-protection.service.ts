import { ForbiddenException, Injectable } from '@nestjs/common';
import {
  approvalCount,
  branchUpdateRefusal,
  CommitStatusStore,
  isListed,
  mergeRefusal,
  Owner,
  ProtectionStore,
  PullReview,
  PullReviewStore,
  RefActor,
  RefPolicy,
  refPolicyFor,
  RefUpdate,
  requiredChecksPass,
  ruleFor,
  standingVerdicts,
  tagRuleRefusing,
  TeamRepositoryStore,
} from '@bellows/domain';
import { RepoContext } from '../repositories/repository-access.service';

/** Who changes refs: a user, or a deploy key (acting for its repository). */
export interface RefChanger {
  user: Owner;
  viaDeployKey?: boolean;
}

/**
 * Where branch and tag protection is enforced: the policy a push is judged by
 * (git's update hook applies it, over HTTP and SSH alike), the same judgement
 * for changes made through the API, and whether a pull request may be merged
 * into a protected branch. The rules themselves are the domain's.
 */
@Injectable()
export class RefProtection {
  constructor(
    private readonly store: ProtectionStore,
    private readonly teamRepositories: TeamRepositoryStore,
    private readonly reviews: PullReviewStore,
    private readonly statuses: CommitStatusStore,
  ) {}

  /** What this pusher may do to the repository's protected refs. */
  async policyFor(ctx: RepoContext, changer: RefChanger): Promise<RefPolicy> {
    const [branches, tags] = await Promise.all([this.store.branchRules(ctx.repo.id), this.store.tagRules(ctx.repo.id)]);
    if (branches.length === 0 && tags.length === 0) return { branches: [], tags: [] };
    return refPolicyFor(branches, tags, await this.actorOf(ctx, changer));
  }

  /** A change to a branch through the API (a commit, a deletion) under the same rules as a push; 403 naming the rule. */
  async requireBranchChange(ctx: RepoContext, branch: string, changer: RefChanger, kind: RefUpdate['kind']): Promise<void> {
    const policy = await this.policyFor(ctx, changer);
    const refusal = branchUpdateRefusal(policy, branch, kind);
    if (refusal) throw new ForbiddenException(refusal);
  }

  /** Creating or deleting a tag through the API; 403 naming the rule. */
  async requireTagChange(ctx: RepoContext, tag: string, changer: RefChanger): Promise<void> {
    const rules = await this.store.tagRules(ctx.repo.id);
    if (rules.length === 0) return;
    const refusing = tagRuleRefusing(rules, tag, await this.actorOf(ctx, changer));
    if (refusing)
      throw new ForbiddenException(`tag ${tag} is protected by ${refusing.namePattern}: you are not allowed to create, move or delete it`);
  }

  /**
   * Why merging the pull request (its issue) into `baseBranch` at `headSha` is
   * refused by the base branch's rule, or undefined: the merge whitelist, the
   * approvals that count, a standing request for changes, the required checks.
   */
  async mergeRefusal(
    ctx: RepoContext,
    merge: { issueId: number; baseBranch: string; headSha: string },
    merger: Owner,
  ): Promise<string | undefined> {
    const rule = ruleFor(await this.store.branchRules(ctx.repo.id), merge.baseBranch);
    if (!rule) return undefined;
    const settings = rule.settings;
    const reviews = await this.countedReviews(ctx, merge.issueId, settings.enableApprovalsWhitelist ? settings : undefined);
    const head = settings.dismissStaleApprovals ? merge.headSha : undefined;
    const changesRequested = [...standingVerdicts(reviews, head).values()].some((review) => review.state === 'REQUEST_CHANGES');
    const statusChecksPass =
      !settings.enableStatusCheck ||
      requiredChecksPass(await this.statuses.latestPerContext(ctx.repo.id, merge.headSha), settings.statusCheckContexts);
    return mergeRefusal(rule, await this.actorOf(ctx, { user: merger }), {
      approvals: approvalCount(reviews, head),
      changesRequested,
      statusChecksPass,
    });
  }

  /** The pull request's reviews, only those of whitelisted reviewers when the rule lists approvers. */
  private async countedReviews(
    ctx: RepoContext,
    issueId: number,
    whitelist: { approvalsWhitelistUserIds: number[]; approvalsWhitelistTeamIds: number[] } | undefined,
  ): Promise<PullReview[]> {
    const reviews = await this.reviews.list(issueId);
    if (!whitelist) return reviews;
    const counted: PullReview[] = [];
    for (const review of reviews) {
      const reviewer = { userId: review.reviewerId, teamIds: await this.teamIdsOf(ctx, review.reviewerId) };
      if (isListed(reviewer, whitelist.approvalsWhitelistUserIds, whitelist.approvalsWhitelistTeamIds)) counted.push(review);
    }
    return counted;
  }

  private async actorOf(ctx: RepoContext, changer: RefChanger): Promise<RefActor> {
    return { userId: changer.user.id, teamIds: await this.teamIdsOf(ctx, changer.user.id), viaDeployKey: changer.viaDeployKey };
  }

  private async teamIdsOf(ctx: RepoContext, userId: number): Promise<number[]> {
    if (ctx.owner.kind !== 'organization') return [];
    return (await this.teamRepositories.teamsOfUserReaching(ctx.owner.id, ctx.repo.id, userId)).map((team) => team.id);
  }
}
