/**
 * What a git write did to the refs hooks hear of (branches and tags), from
 * the refs before and after it: each ref created, updated or deleted, with
 * its old and new commit. The all-zero id stands for "none", as in git.
 */
export const ZERO_SHA = '0000000000000000000000000000000000000000';

export interface RefChange {
  /** The full ref name: `refs/heads/main`, `refs/tags/v1`. */
  ref: string;
  before: string;
  after: string;
}

export type RefState = Record<string, string>;

export function refChanges(before: RefState, after: RefState): RefChange[] {
  const changes: RefChange[] = [];
  for (const [ref, sha] of Object.entries(after)) {
    if (before[ref] !== sha) changes.push({ ref, before: before[ref] ?? ZERO_SHA, after: sha });
  }
  for (const [ref, sha] of Object.entries(before)) {
    if (!(ref in after)) changes.push({ ref, before: sha, after: ZERO_SHA });
  }
  return changes.sort((a, b) => a.ref.localeCompare(b.ref));
}

/** `branch` or `tag`, and the short name (`main`, `v1`), of a ref hooks hear of. */
export function refKind(ref: string): { type: 'branch' | 'tag'; name: string } {
  return ref.startsWith('refs/tags/')
    ? { type: 'tag', name: ref.slice('refs/tags/'.length) }
    : { type: 'branch', name: ref.slice('refs/heads/'.length) };
}
