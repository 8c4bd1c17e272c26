import { QuotaValidationError } from './quota-error';
import { QuotaSubject, USAGE_BUCKETS, UsageBucket, leavesOfAll } from './subject';

/** The `used` part of Forgejo's QuotaInfo: bytes per leaf, in Forgejo's field names. */
export interface QuotaUsed {
  size: {
    repos: { public: number; private: number };
    git: { LFS: number };
    assets: {
      attachments: { issues: number; releases: number };
      artifacts: number;
      packages: { all: number };
    };
  };
}

export type UsageBytes = Readonly<Record<UsageBucket, number>>;

/**
 * How many bytes an owner stores, per leaf bucket. Immutable; every figure is a
 * non-negative safe integer, so sums stay exact.
 */
export class QuotaUsage {
  static readonly NONE = new QuotaUsage(Object.fromEntries(USAGE_BUCKETS.map((b) => [b, 0])) as UsageBytes);

  private constructor(private readonly bytes: UsageBytes) {}

  /** Usage from bytes per bucket; buckets left out hold 0. Refuses negative or fractional figures. */
  static of(bytes: Partial<Record<UsageBucket, number>>): QuotaUsage {
    const complete = {} as Record<UsageBucket, number>;
    for (const bucket of USAGE_BUCKETS) {
      const value = bytes[bucket] ?? 0;
      if (!Number.isSafeInteger(value) || value < 0) {
        throw new QuotaValidationError(bucket, `usage of ${bucket} must be a non-negative integer number of bytes, got ${value}`);
      }
      complete[bucket] = value;
    }
    return new QuotaUsage(complete);
  }

  /** Bytes stored in one leaf bucket. */
  bytesIn(bucket: UsageBucket): number {
    return this.bytes[bucket];
  }

  /** Bytes covered by the union of the subjects, each byte counted once. */
  bytesFor(subjects: Iterable<QuotaSubject>): number {
    let total = 0;
    for (const leaf of leavesOfAll(subjects)) total += this.bytes[leaf];
    return total;
  }

  /** A copy with `extra` bytes added to a bucket (usage only grows through this). */
  plus(bucket: UsageBucket, extra: number): QuotaUsage {
    return QuotaUsage.of({ ...this.bytes, [bucket]: this.bytes[bucket] + extra });
  }

  toJSON(): UsageBytes {
    return { ...this.bytes };
  }

  /** The QuotaInfo `used` object. */
  toUsed(): QuotaUsed {
    const b = this.bytes;
    return {
      size: {
        repos: { public: b['repos:public'], private: b['repos:private'] },
        git: { LFS: b['git:lfs'] },
        assets: {
          attachments: { issues: b['attachments:issues'], releases: b['attachments:releases'] },
          artifacts: b.artifacts,
          packages: { all: b.packages },
        },
      },
    };
  }
}
