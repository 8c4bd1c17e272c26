import { ForbiddenException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import {
  BranchProtection,
  BranchProtectionSettings,
  DEFAULT_BRANCH_PROTECTION,
  isGlob,
  ProtectionStore,
  TagProtection,
  TagProtectionFields,
} from '@bellows/domain';
import { RepoGit } from '../repo-files/repo-git';
import { RepositoryAccess } from '../repositories/repository-access.service';
import { RepositoryRefs } from '../repositories/repository-refs';
import { ApiBranchProtection, CreateBranchProtectionOption, EditBranchProtectionOption } from './dto/branch-protection.dto';
import { ApiTagProtection, CreateTagProtectionOption, EditTagProtectionOption } from './dto/tag-protection.dto';
import { WhitelistNames } from './whitelist-names';

/**
 * Managing a repository's branch and tag protection rules (Forgejo's
 * `branch_protections` and `tag_protections`): administrators of the
 * repository only, as in Forgejo.
 */
@Injectable()
export class ProtectionRulesService {
  constructor(
    private readonly store: ProtectionStore,
    private readonly names: WhitelistNames,
    private readonly refs: RepositoryRefs,
    private readonly access: RepositoryAccess,
  ) {}

  async listBranchRules(target: RepoGit): Promise<ApiBranchProtection[]> {
    this.access.requireAdmin(target);
    return Promise.all((await this.store.branchRules(target.repo.id)).map((rule) => this.shapeBranchRule(rule)));
  }

  async getBranchRule(target: RepoGit, name: string): Promise<ApiBranchProtection> {
    this.access.requireAdmin(target);
    return this.shapeBranchRule(await this.branchRule(target, name));
  }

  /** A plain rule must name an existing branch (404), as in Forgejo; a second rule of one name is a 403. */
  async createBranchRule(target: RepoGit, input: CreateBranchProtectionOption): Promise<ApiBranchProtection> {
    this.access.requireAdmin(target);
    const ruleName = (input.rule_name || input.branch_name || '').trim();
    if (ruleName === '') throw new UnprocessableEntityException('rule_name: name the branch, or a glob of branch names');
    if (!isGlob(ruleName) && (await this.refs.branchTip(target.path, ruleName)) === undefined) {
      throw new NotFoundException(`branch ${ruleName} does not exist`);
    }
    const settings = await this.settingsFrom(target, input, DEFAULT_BRANCH_PROTECTION);
    const created = await this.store.createBranchRule(target.repo.id, ruleName, settings);
    if (!created) throw new ForbiddenException(`branch protection ${ruleName} exists already`);
    return this.shapeBranchRule(created);
  }

  async editBranchRule(target: RepoGit, name: string, input: EditBranchProtectionOption): Promise<ApiBranchProtection> {
    this.access.requireAdmin(target);
    const rule = await this.branchRule(target, name);
    const settings = await this.settingsFrom(target, input, rule.settings);
    if (!(await this.store.updateBranchRule(rule.id, settings))) throw new NotFoundException(`branch protection ${name} does not exist`);
    return this.shapeBranchRule({ ...rule, settings, updatedAt: new Date() });
  }

  async deleteBranchRule(target: RepoGit, name: string): Promise<void> {
    this.access.requireAdmin(target);
    const rule = await this.branchRule(target, name);
    if (!(await this.store.deleteBranchRule(rule.id))) throw new NotFoundException(`branch protection ${name} does not exist`);
  }

  async listTagRules(target: RepoGit): Promise<ApiTagProtection[]> {
    this.access.requireAdmin(target);
    return Promise.all((await this.store.tagRules(target.repo.id)).map((rule) => this.shapeTagRule(rule)));
  }

  async getTagRule(target: RepoGit, id: number): Promise<ApiTagProtection> {
    this.access.requireAdmin(target);
    return this.shapeTagRule(await this.tagRule(target, id));
  }

  async createTagRule(target: RepoGit, input: CreateTagProtectionOption): Promise<ApiTagProtection> {
    this.access.requireAdmin(target);
    return this.shapeTagRule(await this.store.createTagRule(target.repo.id, await this.tagFieldsFrom(target, input, undefined)));
  }

  async editTagRule(target: RepoGit, id: number, input: EditTagProtectionOption): Promise<ApiTagProtection> {
    this.access.requireAdmin(target);
    const rule = await this.tagRule(target, id);
    const fields = await this.tagFieldsFrom(target, input, rule);
    if (!(await this.store.updateTagRule(rule.id, fields))) throw new NotFoundException(`tag protection ${id} does not exist`);
    return this.shapeTagRule({ ...rule, ...fields, updatedAt: new Date() });
  }

  async deleteTagRule(target: RepoGit, id: number): Promise<void> {
    this.access.requireAdmin(target);
    if (!(await this.store.deleteTagRule((await this.tagRule(target, id)).id)))
      throw new NotFoundException(`tag protection ${id} does not exist`);
  }

  private async branchRule(target: RepoGit, name: string): Promise<BranchProtection> {
    const rule = await this.store.findBranchRule(target.repo.id, name);
    if (!rule) throw new NotFoundException(`branch protection ${name} does not exist`);
    return rule;
  }

  private async tagRule(target: RepoGit, id: number): Promise<TagProtection> {
    const rule = await this.store.findTagRule(target.repo.id, id);
    if (!rule) throw new NotFoundException(`tag protection ${id} does not exist`);
    return rule;
  }

  /** The stored settings with the given fields replaced, names turned into ids (422 for unknown ones). */
  private async settingsFrom(
    target: RepoGit,
    input: EditBranchProtectionOption,
    base: BranchProtectionSettings,
  ): Promise<BranchProtectionSettings> {
    const owner = target.owner;
    const pick = <T>(value: T | undefined, fallback: T): T => (value === undefined ? fallback : value);
    return {
      enablePush: pick(input.enable_push, base.enablePush),
      enablePushWhitelist: pick(input.enable_push_whitelist, base.enablePushWhitelist),
      pushWhitelistUserIds: pick(
        await this.names.userIds('push_whitelist_usernames', input.push_whitelist_usernames),
        base.pushWhitelistUserIds,
      ),
      pushWhitelistTeamIds: pick(
        await this.names.teamIds('push_whitelist_teams', input.push_whitelist_teams, owner),
        base.pushWhitelistTeamIds,
      ),
      pushWhitelistDeployKeys: pick(input.push_whitelist_deploy_keys, base.pushWhitelistDeployKeys),
      enableMergeWhitelist: pick(input.enable_merge_whitelist, base.enableMergeWhitelist),
      mergeWhitelistUserIds: pick(
        await this.names.userIds('merge_whitelist_usernames', input.merge_whitelist_usernames),
        base.mergeWhitelistUserIds,
      ),
      mergeWhitelistTeamIds: pick(
        await this.names.teamIds('merge_whitelist_teams', input.merge_whitelist_teams, owner),
        base.mergeWhitelistTeamIds,
      ),
      enableStatusCheck: pick(input.enable_status_check, base.enableStatusCheck),
      statusCheckContexts: pick(input.status_check_contexts, base.statusCheckContexts),
      requiredApprovals: pick(input.required_approvals, base.requiredApprovals),
      enableApprovalsWhitelist: pick(input.enable_approvals_whitelist, base.enableApprovalsWhitelist),
      approvalsWhitelistUserIds: pick(
        await this.names.userIds('approvals_whitelist_username', input.approvals_whitelist_username),
        base.approvalsWhitelistUserIds,
      ),
      approvalsWhitelistTeamIds: pick(
        await this.names.teamIds('approvals_whitelist_teams', input.approvals_whitelist_teams, owner),
        base.approvalsWhitelistTeamIds,
      ),
      blockOnRejectedReviews: pick(input.block_on_rejected_reviews, base.blockOnRejectedReviews),
      blockOnOfficialReviewRequests: pick(input.block_on_official_review_requests, base.blockOnOfficialReviewRequests),
      blockOnOutdatedBranch: pick(input.block_on_outdated_branch, base.blockOnOutdatedBranch),
      dismissStaleApprovals: pick(input.dismiss_stale_approvals, base.dismissStaleApprovals),
      ignoreStaleApprovals: pick(input.ignore_stale_approvals, base.ignoreStaleApprovals),
      requireSignedCommits: pick(input.require_signed_commits, base.requireSignedCommits),
      protectedFilePatterns: pick(input.protected_file_patterns, base.protectedFilePatterns),
      unprotectedFilePatterns: pick(input.unprotected_file_patterns, base.unprotectedFilePatterns),
      applyToAdmins: pick(input.apply_to_admins, base.applyToAdmins),
    };
  }

  private async tagFieldsFrom(
    target: RepoGit,
    input: EditTagProtectionOption,
    base: TagProtection | undefined,
  ): Promise<TagProtectionFields> {
    const namePattern = (input.name_pattern ?? base?.namePattern ?? '').trim();
    if (namePattern === '') throw new UnprocessableEntityException('name_pattern: give a glob or a /regular expression/');
    return {
      namePattern,
      whitelistUserIds: (await this.names.userIds('whitelist_usernames', input.whitelist_usernames)) ?? base?.whitelistUserIds ?? [],
      whitelistTeamIds: (await this.names.teamIds('whitelist_teams', input.whitelist_teams, target.owner)) ?? base?.whitelistTeamIds ?? [],
    };
  }

  private async shapeBranchRule(rule: BranchProtection): Promise<ApiBranchProtection> {
    const s = rule.settings;
    return {
      branch_name: rule.ruleName,
      rule_name: rule.ruleName,
      enable_push: s.enablePush,
      enable_push_whitelist: s.enablePushWhitelist,
      push_whitelist_usernames: await this.names.userNames(s.pushWhitelistUserIds),
      push_whitelist_teams: await this.names.teamNames(s.pushWhitelistTeamIds),
      push_whitelist_deploy_keys: s.pushWhitelistDeployKeys,
      enable_merge_whitelist: s.enableMergeWhitelist,
      merge_whitelist_usernames: await this.names.userNames(s.mergeWhitelistUserIds),
      merge_whitelist_teams: await this.names.teamNames(s.mergeWhitelistTeamIds),
      enable_status_check: s.enableStatusCheck,
      status_check_contexts: s.statusCheckContexts,
      required_approvals: s.requiredApprovals,
      enable_approvals_whitelist: s.enableApprovalsWhitelist,
      approvals_whitelist_username: await this.names.userNames(s.approvalsWhitelistUserIds),
      approvals_whitelist_teams: await this.names.teamNames(s.approvalsWhitelistTeamIds),
      block_on_rejected_reviews: s.blockOnRejectedReviews,
      block_on_official_review_requests: s.blockOnOfficialReviewRequests,
      block_on_outdated_branch: s.blockOnOutdatedBranch,
      dismiss_stale_approvals: s.dismissStaleApprovals,
      ignore_stale_approvals: s.ignoreStaleApprovals,
      require_signed_commits: s.requireSignedCommits,
      protected_file_patterns: s.protectedFilePatterns,
      unprotected_file_patterns: s.unprotectedFilePatterns,
      apply_to_admins: s.applyToAdmins,
      created_at: rule.createdAt.toISOString(),
      updated_at: rule.updatedAt.toISOString(),
    };
  }

  private async shapeTagRule(rule: TagProtection): Promise<ApiTagProtection> {
    return {
      id: rule.id,
      name_pattern: rule.namePattern,
      whitelist_usernames: await this.names.userNames(rule.whitelistUserIds),
      whitelist_teams: await this.names.teamNames(rule.whitelistTeamIds),
      created_at: rule.createdAt.toISOString(),
      updated_at: rule.updatedAt.toISOString(),
    };
  }
}
