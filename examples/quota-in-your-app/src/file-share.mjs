// A file share that limits what each user stores, with the Bellows quota engine.
// The share keeps its own record of the bytes each user stores; the engine reads
// it through the QuotaUsageReader port and the plans (rules and groups) through
// the QuotaLimitStore port, here the in-memory one the package ships.
import { InMemoryQuotaLimitStore, QuotaEngine, QuotaGroup, QuotaRule, QuotaUsage, QuotaUsageReader, closestToLimit } from '@bellows/domain';

/**
 * The engine's buckets are a forge's (repositories, LFS, attachments, …): an app
 * maps its own kinds of bytes onto them. This share keeps files and the previews
 * it makes of them.
 */
const BUCKET_OF = { file: 'attachments:releases', preview: 'artifacts' };

/** What uploads are checked against: every byte a user stores. */
const UPLOAD_SUBJECT = 'size:all';

/** A preview costs a tenth of its file (a stand-in for a real thumbnailer). */
const previewSizeOf = (size) => Math.ceil(size / 10);

/** The share's own totals per user, changed on every upload and deletion; one cheap read per check. */
class StoredBytes extends QuotaUsageReader {
  #byUser = new Map();

  async usageOf(userId) {
    return this.#byUser.get(userId) ?? QuotaUsage.NONE;
  }

  change(userId, bucket, bytes) {
    this.#byUser.set(userId, (this.#byUser.get(userId) ?? QuotaUsage.NONE).plus(bucket, bytes));
  }
}

/** A refused upload: the engine's explanation says which group and rule refused it. */
export class OverQuotaError extends Error {
  constructor(explanation) {
    super(`over quota for ${explanation.subject}`);
    this.name = 'OverQuotaError';
    this.explanation = explanation;
  }
}

export class FileShare {
  #usage = new StoredBytes();
  #files = new Map();
  #nextId = 1;

  /**
   * `limits` holds the plans; `defaultGroups` apply to users assigned none, and
   * `defaultTotal` limits users no group applies to (-1: unlimited).
   */
  constructor({ limits = new InMemoryQuotaLimitStore(), defaultGroups = [], defaultTotal = -1 } = {}) {
    this.limits = limits;
    this.engine = new QuotaEngine(this.#usage, limits, { defaultGroups, defaultTotal });
  }

  /** Two plans: "free" (1 MB in all, 50 kB of previews) and "pro" (10 MB, previews unlimited). */
  static async withPlans() {
    const limits = new InMemoryQuotaLimitStore();
    const rule = (name, limit, ...subjects) => QuotaRule.create({ name, limit, subjects });
    await limits.createGroup(
      QuotaGroup.create('free', [rule('free-total', 1_000_000, 'size:all'), rule('free-previews', 50_000, 'size:assets:artifacts')]),
    );
    await limits.createGroup(QuotaGroup.create('pro', [rule('pro-total', 10_000_000, 'size:all')]));
    return new FileShare({ limits, defaultGroups: ['free'] });
  }

  /**
   * Stores a file and its preview. Refused once the user is over quota, as
   * Forgejo refuses writes: the upload that crosses a limit is stored, the next
   * one is not.
   */
  async upload(userId, name, size) {
    if (await this.engine.check(userId, UPLOAD_SUBJECT)) {
      throw new OverQuotaError(await this.engine.explain(userId, UPLOAD_SUBJECT));
    }
    const id = this.#nextId++;
    const preview = previewSizeOf(size);
    this.#files.set(id, { userId, name, size, preview });
    this.#usage.change(userId, BUCKET_OF.file, size);
    this.#usage.change(userId, BUCKET_OF.preview, preview);
    return id;
  }

  /** Deletes a file and its preview; the user's usage drops at once. */
  async remove(id) {
    const file = this.#files.get(id);
    if (!file) return false;
    this.#files.delete(id);
    this.#usage.change(file.userId, BUCKET_OF.file, -file.size);
    this.#usage.change(file.userId, BUCKET_OF.preview, -file.preview);
    return true;
  }

  /** What a storage page shows: bytes per subject, every rule's standing and the closest to its limit. */
  async storage(userId) {
    const [usage, standings] = await Promise.all([this.#usage.usageOf(userId), this.engine.standings(userId)]);
    return {
      files: usage.bytesFor(['size:assets:attachments:releases']),
      previews: usage.bytesFor(['size:assets:artifacts']),
      total: usage.bytesFor(['size:all']),
      standings,
      closest: closestToLimit(standings),
    };
  }
}
