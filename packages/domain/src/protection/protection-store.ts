import { BranchProtection, BranchProtectionSettings } from './branch-protection';
import { TagProtection } from './tag-protection';

export type TagProtectionFields = Pick<TagProtection, 'namePattern' | 'whitelistUserIds' | 'whitelistTeamIds'>;

/** Port: the branch and tag protection rules of repositories. */
export abstract class ProtectionStore {
  /** The repository's branch rules, oldest first. */
  abstract branchRules(repoId: number): Promise<BranchProtection[]>;
  abstract findBranchRule(repoId: number, ruleName: string): Promise<BranchProtection | null>;
  /** Null when a rule of that name exists already. */
  abstract createBranchRule(repoId: number, ruleName: string, settings: BranchProtectionSettings): Promise<BranchProtection | null>;
  /** Writes the settings by id; false when the rule is gone. */
  abstract updateBranchRule(id: number, settings: BranchProtectionSettings): Promise<boolean>;
  abstract deleteBranchRule(id: number): Promise<boolean>;

  abstract tagRules(repoId: number): Promise<TagProtection[]>;
  abstract findTagRule(repoId: number, id: number): Promise<TagProtection | null>;
  abstract createTagRule(repoId: number, fields: TagProtectionFields): Promise<TagProtection>;
  abstract updateTagRule(id: number, fields: TagProtectionFields): Promise<boolean>;
  abstract deleteTagRule(id: number): Promise<boolean>;
}
