import { QUOTA_SUBJECTS, QuotaSubject } from '@bellows/domain';
import { Gauge, Registry } from 'prom-client';
import { QuotaSummaries } from '../quota-overview/quota-summaries';
import { ScrapeStep } from './scrape-step';

/** The subjects exported: every one but `size:wiki`, which the ledger does not track (always 0). */
export const EXPORTED_SUBJECTS: readonly QuotaSubject[] = QUOTA_SUBJECTS.filter((subject) => subject !== 'size:wiki');

/**
 * The instance's storage, read from the overview's summaries at each scrape:
 * bytes per subject, owners, owners over quota (the per-owner series are
 * OwnerQuotaExposition's).
 */
export class QuotaMetrics implements ScrapeStep {
  private readonly usedBytes: Gauge<'subject'>;
  private readonly owners: Gauge;
  private readonly ownersOverQuota: Gauge;

  constructor(
    registry: Registry,
    private readonly summaries: QuotaSummaries,
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
  }

  async beforeScrape(): Promise<void> {
    const totals = await this.summaries.instanceTotals();
    for (const subject of EXPORTED_SUBJECTS) this.usedBytes.set({ subject }, totals.subjects[subject] ?? 0);
    this.owners.set(totals.owners);
    this.ownersOverQuota.set(totals.ownersOverQuota);
  }
}
