import { QUOTA_SUBJECTS, QuotaSubject } from '@bellows/domain';
import { Gauge, Registry } from 'prom-client';
import { QuotaSummaries } from '../quota-overview/quota-summaries';
import { ScrapeStep } from './scrape-step';

/** Owners read per page when every owner's figures are exported. */
const OWNERS_PER_PAGE = 500;

/** The subjects exported: every one but `size:wiki`, which the ledger does not track (always 0). */
const EXPORTED_SUBJECTS: readonly QuotaSubject[] = QUOTA_SUBJECTS.filter((subject) => subject !== 'size:wiki');

/**
 * The instance's storage, read from the overview's summaries at each scrape:
 * bytes per subject, owners, owners over quota. With `[metrics]
 * PER_OWNER_QUOTA` also one series per owner and subject (owners × 12
 * series: opt-in, see docs/operations.md).
 */
export class QuotaMetrics implements ScrapeStep {
  private readonly usedBytes: Gauge<'subject'>;
  private readonly owners: Gauge;
  private readonly ownersOverQuota: Gauge;
  private readonly ownerUsedBytes: Gauge<'owner' | 'type' | 'subject'> | undefined;

  constructor(
    registry: Registry,
    private readonly summaries: QuotaSummaries,
    perOwner: boolean,
  ) {
    this.usedBytes = new Gauge({
      name: 'bellows_quota_used_bytes',
      help: 'Bytes stored on the instance, summed over every owner, by quota subject.',
      labelNames: ['subject'],
      registers: [registry],
    });
    this.owners = new Gauge({ name: 'bellows_quota_owners', help: 'Owners (users and organizations).', registers: [registry] });
    this.ownersOverQuota = new Gauge({
      name: 'bellows_quota_owners_over_quota',
      help: 'Owners over quota for size:all.',
      registers: [registry],
    });
    this.ownerUsedBytes = perOwner
      ? new Gauge({
          name: 'bellows_owner_quota_used_bytes',
          help: 'Bytes one owner stores, by quota subject ([metrics] PER_OWNER_QUOTA).',
          labelNames: ['owner', 'type', 'subject'],
          registers: [registry],
        })
      : undefined;
  }

  async beforeScrape(): Promise<void> {
    await Promise.all([this.readTotals(), this.readOwners()]);
  }

  private async readTotals(): Promise<void> {
    const totals = await this.summaries.instanceTotals();
    for (const subject of EXPORTED_SUBJECTS) this.usedBytes.set({ subject }, totals.subjects[subject] ?? 0);
    this.owners.set(totals.owners);
    this.ownersOverQuota.set(totals.ownersOverQuota);
  }

  /** Every owner, page by page; owners deleted since the last scrape lose their series. */
  private async readOwners(): Promise<void> {
    const gauge = this.ownerUsedBytes;
    if (!gauge) return;
    const rows: [{ owner: string; type: string; subject: QuotaSubject }, number][] = [];
    for (let page = 1; ; page++) {
      const { items } = await this.summaries.list({ sort: 'size:all', order: 'desc', page, limit: OWNERS_PER_PAGE });
      for (const owner of items) {
        const type = owner.type === 'org' ? 'organization' : 'user';
        for (const subject of EXPORTED_SUBJECTS) rows.push([{ owner: owner.name, type, subject }, owner.bytes[subject] ?? 0]);
      }
      if (items.length < OWNERS_PER_PAGE) break;
    }
    gauge.reset();
    for (const [labels, bytes] of rows) gauge.set(labels, bytes);
  }
}
