import { SizedThing, bucketOf } from './sized-thing';
import { UsageBucket } from './subject';

/**
 * One change of the usage ledger: bytes added to (or, when negative, taken
 * from) one owner's bucket. The domain says what changes; the adapter applies
 * it in the transaction that changed the sized rows.
 */
export interface UsageChange {
  readonly ownerId: number;
  readonly bucket: UsageBucket;
  readonly delta: number;
}

/**
 * The ledger changes of the ways a sized thing changes. Each answers a list:
 * empty when the thing counts nowhere or nothing changes.
 */
export const UsageChanges = {
  /** `bytes` of `thing` were stored for the owner. */
  added(ownerId: number, thing: SizedThing, bytes: number): UsageChange[] {
    return change(ownerId, thing, bytes);
  },

  /** `bytes` of `thing` were removed. */
  removed(ownerId: number, thing: SizedThing, bytes: number): UsageChange[] {
    return change(ownerId, thing, -bytes);
  },

  /** The thing's size went from `before` to `after` bytes. */
  resized(ownerId: number, thing: SizedThing, before: number, after: number): UsageChange[] {
    return change(ownerId, thing, after - before);
  },

  /** The same bytes now count as `to` instead of `from` (a repository made private, say). */
  moved(ownerId: number, from: SizedThing, to: SizedThing, bytes: number): UsageChange[] {
    return merged([...change(ownerId, from, -bytes), ...change(ownerId, to, bytes)]);
  },

  /** One change per owner and bucket, zero changes dropped (fewer statements when many rows go at once). */
  merged,
};

function change(ownerId: number, thing: SizedThing, delta: number): UsageChange[] {
  const bucket = bucketOf(thing);
  return bucket === undefined || delta === 0 ? [] : [{ ownerId, bucket, delta }];
}

function merged(changes: readonly UsageChange[]): UsageChange[] {
  const byKey = new Map<string, UsageChange>();
  for (const c of changes) {
    const key = `${c.ownerId}/${c.bucket}`;
    const current = byKey.get(key);
    byKey.set(key, { ownerId: c.ownerId, bucket: c.bucket, delta: (current?.delta ?? 0) + c.delta });
  }
  return [...byKey.values()].filter((c) => c.delta !== 0);
}
