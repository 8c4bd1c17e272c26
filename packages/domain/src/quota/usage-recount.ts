import { UsageBucket } from './subject';

/** A ledger figure that does not match the rows it counts. */
export interface UsageDifference {
  ownerId: number;
  bucket: UsageBucket;
  stored: number;
  counted: number;
}

/**
 * Port (the operator's repair tool and the tests' oracle): every owner's usage
 * counted again from the sized rows, each in the bucket `bucketOf` gives it,
 * compared with the ledger. Slow by design (it reads everything), never on a
 * request's path.
 */
export abstract class UsageRecount {
  /** The figures that differ, for one owner or for all, ordered by owner and bucket. */
  abstract differences(ownerId?: number): Promise<UsageDifference[]>;
  /** Rewrites the figures that differ (in one transaction) and returns them: what was fixed. */
  abstract fix(ownerId?: number): Promise<UsageDifference[]>;
  /** One owner's bytes per bucket as counted from the rows (0 where nothing counts). */
  abstract countedFor(ownerId: number): Promise<Record<UsageBucket, number>>;
}
