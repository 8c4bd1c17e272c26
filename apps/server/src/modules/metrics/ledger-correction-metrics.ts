import { LedgerCorrections } from '@bellows/domain';
import { Counter, Registry } from 'prom-client';
import { ScrapeStep } from './scrape-step';

/**
 * What the recount has corrected in the usage ledger, for the whole instance:
 * read from the database at each scrape, because the recount mostly runs in a
 * `bellows admin quota recalculate` process that is never scraped. Every
 * server shows the same figure (take max, not sum, across instances).
 */
export class LedgerCorrectionMetrics implements ScrapeStep {
  private readonly corrections: Counter;
  private readonly bytes: Counter;

  constructor(
    registry: Registry,
    private readonly ledgerCorrections: LedgerCorrections,
  ) {
    this.corrections = new Counter({
      name: 'bellows_quota_ledger_corrections_total',
      help: 'Usage ledger figures the quota recount found wrong and rewrote (whole instance, every process).',
      registers: [registry],
    });
    this.bytes = new Counter({
      name: 'bellows_quota_ledger_corrected_bytes_total',
      help: 'Bytes by which the rewritten ledger figures were off, in either direction (whole instance).',
      registers: [registry],
    });
  }

  async beforeScrape(): Promise<void> {
    const totals = await this.ledgerCorrections.totals();
    this.corrections.reset();
    this.corrections.inc(totals.corrections);
    this.bytes.reset();
    this.bytes.inc(totals.bytes);
  }
}
