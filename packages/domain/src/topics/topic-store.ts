import { Topic } from './topic';

/** Port: topics and which repositories carry them. */
export abstract class TopicStore {
  /** One page of the repository's topic names, by name, and how many it has. */
  abstract namesOf(repoId: number, skip: number, take: number): Promise<[string[], number]>;
  /** Makes the repository carry exactly these (valid, distinct) names. */
  abstract replace(repoId: number, names: readonly string[]): Promise<void>;
  /**
   * Adds the name unless the repository has it; false (nothing added) when that would
   * make more than `max` topics on the repository.
   */
  abstract add(repoId: number, name: string, max: number): Promise<boolean>;
  /** Removes the name from the repository; false when it did not carry it. */
  abstract remove(repoId: number, name: string): Promise<boolean>;
  /** One page of the topics whose name contains `keyword` (all when empty), by name, with their repository counts. */
  abstract search(keyword: string, skip: number, take: number): Promise<[Topic[], number]>;
}
