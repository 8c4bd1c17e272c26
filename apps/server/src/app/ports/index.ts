import { ACCOUNTS_PORTS } from './accounts.ports';
import { USERS_PORTS } from './users.ports';
import { COMMIT_STATUSES_PORTS } from './commit-statuses.ports';
import { ISSUES_PORTS } from './issues.ports';
import { ISSUE_TRACKING_PORTS } from './issue-tracking.ports';
import { ISSUE_SOCIAL_PORTS } from './issue-social.ports';
import { PACKAGES_PORTS } from './packages.ports';
import { QUOTA_PORTS } from './quota.ports';
import { RELEASES_PORTS } from './releases.ports';
import { REPOSITORIES_PORTS } from './repositories.ports';
import { STORAGE_PORTS } from './storage.ports';
import { TOPICS_PORTS } from './topics.ports';
import { OAUTH2_PORTS } from './oauth2.ports';
import { TRANSACTION_PORTS } from './transactions.ports';
import { AVATARS_PORTS } from './avatars.ports';
import { SCHEDULING_PORTS } from './scheduling.ports';
import { WEB_PAGES_PORTS } from './web-pages.ports';

/**
 * Every port bound to its adapter, one file per area. CoreModule provides and
 * exports them to every feature module; use cases inject the port.
 */
export const PORT_PROVIDERS = [
  ...TRANSACTION_PORTS,
  ...ACCOUNTS_PORTS,
  ...USERS_PORTS,
  ...REPOSITORIES_PORTS,
  ...ISSUES_PORTS,
  ...ISSUE_TRACKING_PORTS,
  ...ISSUE_SOCIAL_PORTS,
  ...RELEASES_PORTS,
  ...COMMIT_STATUSES_PORTS,
  ...PACKAGES_PORTS,
  ...QUOTA_PORTS,
  ...STORAGE_PORTS,
  ...TOPICS_PORTS,
  ...OAUTH2_PORTS,
  ...AVATARS_PORTS,
  ...SCHEDULING_PORTS,
  ...WEB_PAGES_PORTS,
];
