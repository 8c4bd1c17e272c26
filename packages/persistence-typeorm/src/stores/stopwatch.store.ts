import { EntityManager } from 'typeorm';
import { Stopwatch, StopwatchStore } from '@bellows/domain';
import { StopwatchEntity } from '../entities/stopwatch.entity';
import { isUniqueViolation } from '../unique-violation';

/** Stopwatches on TypeORM: the `stopwatch` table, whose unique user index is what keeps one per user. */
export class TypeOrmStopwatchStore implements StopwatchStore {
  constructor(private readonly manager: EntityManager) {}

  private get stopwatches() {
    return this.manager.getRepository(StopwatchEntity);
  }

  async start(userId: number, issueId: number, at: Date): Promise<boolean> {
    try {
      await this.stopwatches.insert({ userId, issueId, createdAt: at });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false; // the user runs one already, maybe started a moment ago
      throw error;
    }
  }

  runningOf(userId: number): Promise<Stopwatch | null> {
    return this.stopwatches.findOneBy({ userId });
  }

  async remove(id: number): Promise<boolean> {
    return ((await this.stopwatches.delete({ id })).affected ?? 0) > 0;
  }

  listOf(userId: number, skip: number, take: number): Promise<[Stopwatch[], number]> {
    return this.stopwatches.findAndCount({ where: { userId }, order: { id: 'ASC' }, skip, take });
  }
}
