import { EntityManager } from 'typeorm';
import { IssueDependencyStore } from '@bellows/domain';
import { IssueDependencyEntity } from '../entities/issue-dependency.entity';
import { parameterMarkers } from '../quota/in-transaction';
import { isUniqueViolation } from '../unique-violation';

/** Issue dependencies on TypeORM: the `issue_dependency` table, one row per pair (a unique index). */
export class TypeOrmIssueDependencyStore implements IssueDependencyStore {
  constructor(private readonly manager: EntityManager) {}

  private get dependencies() {
    return this.manager.getRepository(IssueDependencyEntity);
  }

  async add(issueId: number, dependencyId: number, userId: number, at: Date): Promise<boolean> {
    try {
      await this.dependencies.insert({ issueId, dependencyId, userId, createdAt: at });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false; // made at the same moment by another request
      throw error;
    }
  }

  async remove(issueId: number, dependencyId: number): Promise<boolean> {
    return ((await this.dependencies.delete({ issueId, dependencyId })).affected ?? 0) > 0;
  }

  async dependenciesOf(issueId: number): Promise<number[]> {
    const rows = await this.dependencies.find({ where: { issueId }, order: { id: 'ASC' }, select: { dependencyId: true } });
    return rows.map((row) => row.dependencyId);
  }

  async dependentsOf(issueId: number): Promise<number[]> {
    const rows = await this.dependencies.find({ where: { dependencyId: issueId }, order: { id: 'ASC' }, select: { issueId: true } });
    return rows.map((row) => row.issueId);
  }

  async countOpenDependencies(issueId: number): Promise<number> {
    const p = parameterMarkers(this.manager);
    const [row] = await this.manager.query(
      `SELECT COUNT(*) AS n FROM issue_dependency d JOIN issue i ON i.id = d.dependency_id WHERE d.issue_id = ${p(1)} AND i.is_closed = ${p(2)}`,
      [issueId, false],
    );
    return Number(row.n);
  }
}
