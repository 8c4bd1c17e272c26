import { QuotaSubject } from '@bellows/domain';
import { QuotaSummaries } from '../quota-overview/quota-summaries';
import { EXPORTED_SUBJECTS } from './quota-metrics';

/** Owners read per page of the overview. */
const OWNERS_PER_PAGE = 1000;

const NAME = 'bellows_owner_quota_used_bytes';
const HEADER = `# HELP ${NAME} Bytes one owner stores, by quota subject ([metrics] PER_OWNER_QUOTA).\n` + `# TYPE ${NAME} gauge\n`;

/**
 * `bellows_owner_quota_used_bytes{owner,type,subject}` ([metrics]
 * PER_OWNER_QUOTA): every owner's bytes per subject, read page by page from
 * the overview at each scrape. Written as exposition text here rather than
 * through a prom-client Gauge: at 10 000 owners that is 120 000 series, and
 * setting then rendering them through the client's label maps took seconds
 * a scrape (bench/metrics), this a fraction of that.
 */
export class OwnerQuotaExposition {
  constructor(private readonly summaries: QuotaSummaries) {}

  async render(): Promise<string> {
    const lines: string[] = [HEADER];
    for (let page = 1; ; page++) {
      const { items } = await this.summaries.list({ sort: 'size:all', order: 'desc', page, limit: OWNERS_PER_PAGE });
      for (const owner of items) {
        const type = owner.type === 'org' ? 'organization' : 'user';
        const prefix = `${NAME}{owner="${labelValue(owner.name)}",type="${type}",subject="`;
        for (const subject of EXPORTED_SUBJECTS) lines.push(`${prefix}${subject}"} ${bytesOf(owner.bytes, subject)}\n`);
      }
      if (items.length < OWNERS_PER_PAGE) break;
    }
    return lines.join('');
  }
}

function bytesOf(bytes: Readonly<Record<QuotaSubject, number>>, subject: QuotaSubject): number {
  return bytes[subject] ?? 0;
}

/** A label value as the text format wants it: backslash, double quote and line feed escaped. */
export function labelValue(value: string): string {
  return value.replace(/[\\"\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`));
}
