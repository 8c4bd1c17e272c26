import { EntityManager } from 'typeorm';
import { BranchProtection, BranchProtectionSettings, ProtectionStore, TagProtection, TagProtectionFields } from '@bellows/domain';
import { ProtectedBranchEntity } from '../entities/protected-branch.entity';
import { ProtectedTagEntity } from '../entities/protected-tag.entity';
import { isUniqueViolation } from '../unique-violation';

/** Branch and tag protection rules on TypeORM: `protected_branch`, `protected_tag`. */
export class TypeOrmProtectionStore implements ProtectionStore {
  constructor(private readonly manager: EntityManager) {}

  private get branches() {
    return this.manager.getRepository(ProtectedBranchEntity);
  }

  private get tags() {
    return this.manager.getRepository(ProtectedTagEntity);
  }

  branchRules(repoId: number): Promise<BranchProtection[]> {
    return this.branches.find({ where: { repoId }, order: { id: 'ASC' } });
  }

  findBranchRule(repoId: number, ruleName: string): Promise<BranchProtection | null> {
    return this.branches.findOneBy({ repoId, ruleName });
  }

  async createBranchRule(repoId: number, ruleName: string, settings: BranchProtectionSettings): Promise<BranchProtection | null> {
    const now = new Date();
    try {
      return await this.branches.save(this.branches.create({ repoId, ruleName, settings, createdAt: now, updatedAt: now }));
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  async updateBranchRule(id: number, settings: BranchProtectionSettings): Promise<boolean> {
    const result = await this.branches.update({ id }, { settings, updatedAt: new Date() });
    return (result.affected ?? 0) > 0;
  }

  async deleteBranchRule(id: number): Promise<boolean> {
    return ((await this.branches.delete({ id })).affected ?? 0) > 0;
  }

  tagRules(repoId: number): Promise<TagProtection[]> {
    return this.tags.find({ where: { repoId }, order: { id: 'ASC' } });
  }

  findTagRule(repoId: number, id: number): Promise<TagProtection | null> {
    return this.tags.findOneBy({ repoId, id });
  }

  createTagRule(repoId: number, fields: TagProtectionFields): Promise<TagProtection> {
    const now = new Date();
    return this.tags.save(this.tags.create({ repoId, ...fields, createdAt: now, updatedAt: now }));
  }

  async updateTagRule(id: number, fields: TagProtectionFields): Promise<boolean> {
    return ((await this.tags.update({ id }, { ...fields, updatedAt: new Date() })).affected ?? 0) > 0;
  }

  async deleteTagRule(id: number): Promise<boolean> {
    return ((await this.tags.delete({ id })).affected ?? 0) > 0;
  }
}
