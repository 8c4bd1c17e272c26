import { CrossingDirection, humanSize, Owner, QuotaEvent } from '@bellows/domain';

/**
 * The percent a quota event shows: `usage` of `limit`, to two decimals. A
 * limit of 0 is shown as 100 once anything is stored (the exact figure would
 * be infinite, which JSON cannot carry).
 */
export function eventPercent(usage: number, limit: number): number {
  if (limit <= 0) return usage > 0 ? 100 : 0;
  return Math.round((usage * 10_000) / limit) / 100;
}

/** What every shape of a quota event says of the crossing itself: the API's event and the `quota` webhook's payload. */
export interface QuotaCrossingFields {
  group: string;
  rule: string;
  subjects: string[];
  limit: number;
  usage: number;
  percent: number;
  threshold: number;
  direction: CrossingDirection;
  created: string;
}

export function crossingFields(event: QuotaEvent): QuotaCrossingFields {
  return {
    group: event.group,
    rule: event.rule,
    subjects: [...event.subjects],
    limit: event.limit,
    usage: event.usage,
    percent: eventPercent(event.usage, event.limit),
    threshold: event.threshold,
    direction: event.direction,
    created: event.createdAt.toISOString(),
  };
}

/** The one-line title of an event, as the notification shows it: "Storage: 90% of rule «x» used (9 GiB of 10 GiB)". */
export function eventTitle(event: Pick<QuotaEvent, 'rule' | 'threshold' | 'usage' | 'limit' | 'direction'>): string {
  const figures = `(${humanSize(event.usage)} of ${humanSize(event.limit)})`;
  if (event.direction === 'down') return `Storage: back under ${event.threshold}% of rule «${event.rule}» ${figures}`;
  return `Storage: ${event.threshold}% of rule «${event.rule}» used ${figures}`;
}

/** Where an owner's storage page is: the user's settings, or the organization's. */
export function storagePageUrl(rootUrl: string, owner: Pick<Owner, 'kind' | 'name'>): string {
  return owner.kind === 'organization'
    ? `${rootUrl}org/${encodeURIComponent(owner.name)}/settings/storage`
    : `${rootUrl}user/settings/storage`;
}

/** Where the owner's events are listed in the API. */
export function eventsApiUrl(rootUrl: string, owner: Pick<Owner, 'kind' | 'name'>): string {
  return owner.kind === 'organization'
    ? `${rootUrl}api/v1/orgs/${encodeURIComponent(owner.name)}/quota/events`
    : `${rootUrl}api/v1/user/quota/events`;
}

/** The webhook's `action`: which way the threshold was crossed. */
export function crossingAction(direction: CrossingDirection): 'crossed_up' | 'crossed_down' {
  return direction === 'up' ? 'crossed_up' : 'crossed_down';
}
