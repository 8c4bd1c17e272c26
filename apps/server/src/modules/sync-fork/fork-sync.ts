/**
 * Fast-forwarding a fork's branch to its base repository's, the port of the
 * git adapter (bound in app/ports/git.ports.ts). Paths are bare repositories.
 */
export abstract class ForkSync {
  /** Moves `branch` of `into` to `from`'s if it still points at `expected`; GitConflictError when moved or diverged. Answers the new tip. */
  abstract fastForwardFrom(into: string, from: string, branch: string, expected: string): Promise<string>;
}
