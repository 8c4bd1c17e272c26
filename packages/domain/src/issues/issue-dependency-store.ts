/**
 * Port: issues depending on issues (Forgejo's issue_dependency). "A depends
 * on B" means B blocks A: A cannot be closed while B is open.
 */
export abstract class IssueDependencyStore {
  /** Records that `issueId` depends on `dependencyId`; false when it already did (then, in a transaction, roll it back). */
  abstract add(issueId: number, dependencyId: number, userId: number, at: Date): Promise<boolean>;
  /** Removes the dependency; false when there was none. */
  abstract remove(issueId: number, dependencyId: number): Promise<boolean>;
  /** Ids of the issues `issueId` depends on (its blockers), oldest dependency first. */
  abstract dependenciesOf(issueId: number): Promise<number[]>;
  /** Ids of the issues that depend on `issueId` (those it blocks), oldest dependency first. */
  abstract dependentsOf(issueId: number): Promise<number[]>;
  /** How many of the issues `issueId` depends on are still open. */
  abstract countOpenDependencies(issueId: number): Promise<number>;
}

/**
 * Whether making `issueId` depend on `dependencyId` would close a loop: true
 * when `dependencyId` already depends on `issueId`, directly or through other
 * issues (or is the issue itself). Walks the graph breadth-first through
 * `dependenciesOf`, visiting each issue once.
 */
export async function wouldCreateCycle(
  issueId: number,
  dependencyId: number,
  dependenciesOf: (id: number) => Promise<number[]>,
): Promise<boolean> {
  const seen = new Set<number>([dependencyId]);
  const queue = [dependencyId];
  while (queue.length > 0) {
    const current = queue.shift() as number;
    if (current === issueId) return true;
    for (const next of await dependenciesOf(current)) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return false;
}
