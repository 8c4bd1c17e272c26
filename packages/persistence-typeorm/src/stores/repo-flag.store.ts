import { EntityManager } from 'typeorm';
import { RepoFlagStore } from '@bellows/domain';
import { RepoFlagEntity } from '../entities/repo-flag.entity';
import { InTransaction } from '../quota/in-transaction';
import { isUniqueViolation } from '../unique-violation';

/** Repository flags on TypeORM: the `repo_flag` table, one row per flag, unique per repository. */
export class TypeOrmRepoFlagStore implements RepoFlagStore {
  constructor(
    private readonly manager: EntityManager,
    private readonly inTransaction: InTransaction,
  ) {}

  private get flags() {
    return this.manager.getRepository(RepoFlagEntity);
  }

  async list(repoId: number): Promise<string[]> {
    return (await this.flags.find({ where: { repoId }, order: { id: 'ASC' } })).map((row) => row.name);
  }

  has(repoId: number, name: string): Promise<boolean> {
    return this.flags.existsBy({ repoId, name });
  }

  async add(repoId: number, name: string): Promise<void> {
    try {
      if (!(await this.flags.existsBy({ repoId, name }))) await this.flags.insert({ repoId, name });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error; // added at the same moment by another request
    }
  }

  async remove(repoId: number, name: string): Promise<void> {
    await this.flags.delete({ repoId, name });
  }

  replaceAll(repoId: number, names: readonly string[]): Promise<void> {
    return this.inTransaction(async (manager) => {
      const flags = manager.getRepository(RepoFlagEntity);
      await flags.delete({ repoId });
      if (names.length > 0) await flags.insert([...new Set(names)].map((name) => ({ repoId, name })));
    });
  }

  async removeAll(repoId: number): Promise<void> {
    await this.flags.delete({ repoId });
  }
}
