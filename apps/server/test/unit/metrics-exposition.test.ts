import { QUOTA_SUBJECTS, QuotaSubject } from '@bellows/domain';
import { OwnerQuotaQuery, OwnerQuotaSummary, QuotaSummaries } from '../../src/modules/quota-overview/quota-summaries';
import { metricsAccessAllowed } from '../../src/modules/metrics/metrics-token';
import { labelValue, OwnerQuotaExposition } from '../../src/modules/metrics/owner-quota-exposition';
import { Scrape } from '../support/prometheus-scrape';

/** The overview's list over a fixed set of owners, paged as the real one pages. */
function summariesOf(owners: OwnerQuotaSummary[]): { summaries: QuotaSummaries; pagesRead: number[] } {
  const pagesRead: number[] = [];
  const summaries = {
    list: async (query: OwnerQuotaQuery) => {
      pagesRead.push(query.page);
      const start = (query.page - 1) * query.limit;
      return { total: owners.length, items: owners.slice(start, start + query.limit) };
    },
  } as unknown as QuotaSummaries;
  return { summaries, pagesRead };
}

function owner(ownerId: number, name: string, type: 'user' | 'org'): OwnerQuotaSummary {
  const bytes = Object.fromEntries(QUOTA_SUBJECTS.map((subject, i) => [subject, ownerId * 100 + i])) as Record<QuotaSubject, number>;
  return { ownerId, name, type, bytes, groups: [], overQuota: false } as unknown as OwnerQuotaSummary;
}

describe('the per-owner quota series (exposition text written by hand)', () => {
  it('lists every owner across pages, 12 subjects each (not size:wiki), readable by a Prometheus parser', async () => {
    const owners = Array.from({ length: 2345 }, (_, i) => owner(i + 1, `owner-${i + 1}`, i % 7 === 3 ? 'org' : 'user'));
    const { summaries, pagesRead } = summariesOf(owners);
    const scrape = new Scrape(await new OwnerQuotaExposition(summaries).render());

    expect(pagesRead).toEqual([1, 2, 3]);
    expect(scrape.typeOf('bellows_owner_quota_used_bytes')).toBe('GAUGE');
    const samples = scrape.samples('bellows_owner_quota_used_bytes');
    expect(samples).toHaveLength(2345 * 12);
    expect(samples.some((s) => s.labels.subject === 'size:wiki')).toBe(false);
    const allIndex = QUOTA_SUBJECTS.indexOf('size:all');
    expect(scrape.value('bellows_owner_quota_used_bytes', { owner: 'owner-4', type: 'organization', subject: 'size:all' })).toBe(
      400 + allIndex,
    );
    expect(scrape.value('bellows_owner_quota_used_bytes', { owner: 'owner-2345', type: 'user', subject: 'size:all' })).toBe(
      234500 + allIndex,
    );
  });

  it('escapes what the text format needs escaped in a label value', async () => {
    expect(labelValue('a"b\\c\nd')).toBe('a\\"b\\\\c\\nd');
    const { summaries } = summariesOf([owner(1, 'odd"name\\with\nall', 'user')]);
    const scrape = new Scrape(await new OwnerQuotaExposition(summaries).render());
    expect(scrape.samples('bellows_owner_quota_used_bytes').map((s) => s.labels.owner)).toEqual(Array(12).fill('odd"name\\with\nall'));
  });

  it('has the header once, and nothing else, for an instance without owners', async () => {
    const { summaries, pagesRead } = summariesOf([]);
    const text = await new OwnerQuotaExposition(summaries).render();
    expect(pagesRead).toEqual([1]);
    expect(new Scrape(text).samples('bellows_owner_quota_used_bytes')).toEqual([]);
    expect(text.split('\n').filter((line) => line.startsWith('# TYPE'))).toEqual(['# TYPE bellows_owner_quota_used_bytes gauge']);
  });
});

describe('who may scrape', () => {
  it('is anyone without a TOKEN, and with one exactly `Bearer <token>`, as Forgejo', () => {
    expect(metricsAccessAllowed('', undefined)).toBe(true);
    expect(metricsAccessAllowed('', 'anything')).toBe(true);
    expect(metricsAccessAllowed('s3cret', 'Bearer s3cret')).toBe(true);
    for (const header of [undefined, '', 'Bearer', 'Bearer s3cre', 'Bearer s3cret2', 'bearer s3cret', 'token s3cret', 's3cret']) {
      expect({ header, allowed: metricsAccessAllowed('s3cret', header) }).toEqual({ header, allowed: false });
    }
  });
});
