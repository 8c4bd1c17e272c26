import { QuotaSubject, UsageBucket } from '@bellows/domain';
import { QuotaHistoryPoint } from '../quota-history/quota-history.service';

/** One figure of what an owner stores: a leaf bucket, as GET /user/quota's `used` shows it. */
export interface BucketFigure {
  bucket: UsageBucket;
  label: string;
  bytes: number;
}

/** How far one rule is used, as the page shows it. */
export interface RuleView {
  /** The group's name, or "Group n" when names are not shown to owners. */
  groupLabel: string;
  ruleLabel: string;
  subjects: readonly QuotaSubject[];
  /** Bytes, -1 for unlimited. */
  limit: number;
  used: number;
  percent: number | null;
  /** The limited rule nearest its limit (one at most). */
  closest: boolean;
  /** Each subject's own bytes, when the rule has several. */
  perSubject: { subject: QuotaSubject; bytes: number }[];
}

/** One of the biggest things of a kind, with where it lives. */
export interface BigItem {
  name: string;
  /** A second line: the repository, the package version… */
  detail?: string;
  bytes: number;
  href: string;
}

export interface BigItemKind {
  /** `repositories`, `lfs`, `attachments`, `packages`, `artifacts`: the section's id. */
  id: string;
  title: string;
  items: BigItem[];
  /** How many there are in all (the list shows the biggest few). */
  total: number;
}

/** Everything the storage page of one owner shows. */
export interface OwnerStorageReport {
  owner: { name: string; kind: 'user' | 'organization' };
  total: number;
  buckets: BucketFigure[];
  /** The owner's effective groups (names or "Group n"); empty when only the built-in default rule applies. */
  groups: string[];
  rules: RuleView[];
  biggest: BigItemKind[];
  history: { from: string; to: string; points: QuotaHistoryPoint[] };
}
