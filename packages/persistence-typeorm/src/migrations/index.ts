import { Accounts1763800000000 } from './1763800000000-accounts';
import { Organizations1763800001000 } from './1763800001000-organizations';
import { QuotaLimits1763800003000 } from './1763800003000-quota-limits';
import { SizedRows1763800004000 } from './1763800004000-sized-rows';
import { Repositories1763800005000 } from './1763800005000-repositories';
import { ForksAndTransfers1763800021000 } from './1763800021000-forks-and-transfers';
import { ForkPullRequests1763800023000 } from './1763800023000-fork-pull-requests';
import { LfsObjects1763800006000 } from './1763800006000-lfs-objects';
import { IssuesAndPullRequests1763800007000 } from './1763800007000-issues-and-pull-requests';
import { IssuesCommentsMilestones1763800008000 } from './1763800008000-issues-comments-milestones';
import { LabelsAndIssueAttachments1763800009000 } from './1763800009000-labels-and-issue-attachments';
import { Notifications1763800010000 } from './1763800010000-notifications';
import { Releases1763800011000 } from './1763800011000-releases';
import { PackageRegistry1763800012000 } from './1763800012000-package-registry';
import { ActionRuns1763800013000 } from './1763800013000-action-runs';
import { ActionSecrets1763800014000 } from './1763800014000-action-secrets';
import { TotpLastUsedStep1763800015000 } from './1763800015000-totp-last-used-step';
import { LastIssueIndex1763800016000 } from './1763800016000-last-issue-index';
import { PullReviews1763800022000 } from './1763800022000-pull-reviews';
import { RefProtection1763800024000 } from './1763800024000-ref-protection';
import { LazyPackageDigests1763800017000 } from './1763800017000-lazy-package-digests';
import { CommitStatuses1763800018000 } from './1763800018000-commit-statuses';
import { Topics1763800025000 } from './1763800025000-topics';
import { SshKeys1763800019000 } from './1763800019000-ssh-keys';
import { PullRequestMerger1763800020000 } from './1763800020000-pull-request-merger';
import { ActionVariables1763800026000 } from './1763800026000-action-variables';
import { Stars1763800027000 } from './1763800027000-stars';
import { Follows1763800028000 } from './1763800028000-follows';
// @area webhooks
import { Webhooks1763800030000 } from './1763800030000-webhooks';
// @area webhook-events
// @area issues-social
import { RepositoryWatchers1763800032000 } from './1763800032000-repository-watchers';
import { IssueWatches1763800032100 } from './1763800032100-issue-watches';
import { Reactions1763800032200 } from './1763800032200-reactions';
import { IssueDeadlines1763800032300 } from './1763800032300-issue-deadlines';
import { IssuePins1763800032400 } from './1763800032400-issue-pins';
// @area issues-time
import { IssueTimeAndDependencies1763800033000 } from './1763800033000-issue-time-and-dependencies';
import { TimelineTimeAndDependency1763800033100 } from './1763800033100-timeline-time-and-dependency';
// @area users
import { UserEmailsAndSettings1763800034000 } from './1763800034000-user-emails-and-settings';
import { UserBlocks1763800034100 } from './1763800034100-user-blocks';
// @area orgs-teams
import { OrgPublicMembers1763800035000 } from './1763800035000-org-public-members';
// @area misc
import { RepoFlags1763800036000 } from './1763800036000-repo-flags';
// @area oauth2
import { OAuth21763800037000 } from './1763800037000-oauth2';
import { OAuth2GrantNonce1763800037100 } from './1763800037100-oauth2-grant-nonce';
// @area avatars
import { Avatars1763800038000 } from './1763800038000-avatars';
// @area gpg
import { GpgKeys1763800039000 } from './1763800039000-gpg-keys';
// @area issue-search
// @area hook-more
// @area several-instances
import { ScheduledJobs1763800040000 } from './1763800040000-scheduled-jobs';
import { WebhookRefSnapshots1763800040100 } from './1763800040100-webhook-ref-snapshots';
// @area hotrow
import { UsageLedgerStripes1763800041000 } from './1763800041000-usage-ledger-stripes';
// @area quota-history
import { QuotaUsageSnapshots1763800044000 } from './1763800044000-quota-usage-snapshots';
import { QuotaUsageSnapshotTotals1763800044100 } from './1763800044100-quota-usage-snapshot-totals';
// @area quota-warnings
import { QuotaWarnings1763800042000 } from './1763800042000-quota-warnings';
import { QuotaNotifications1763800042100 } from './1763800042100-quota-notifications';
// @area metrics
import { InstanceCounters1763800046000 } from './1763800046000-instance-counters';
// @area quota-overview
import { OwnerQuotaSummary1763800043000 } from './1763800043000-owner-quota-summary';
import { OwnerQuotaTotals1763800043100 } from './1763800043100-owner-quota-totals';
// @area storage-page
import { WebSessions1763800045000 } from './1763800045000-web-sessions';
// @area end

/** Every migration, oldest first. Add new ones at the end. */
export const MIGRATIONS = [
  Accounts1763800000000,
  Organizations1763800001000,
  QuotaLimits1763800003000,
  SizedRows1763800004000,
  Repositories1763800005000,
  LfsObjects1763800006000,
  IssuesAndPullRequests1763800007000,
  IssuesCommentsMilestones1763800008000,
  LabelsAndIssueAttachments1763800009000,
  Notifications1763800010000,
  Releases1763800011000,
  PackageRegistry1763800012000,
  ActionRuns1763800013000,
  ActionSecrets1763800014000,
  TotpLastUsedStep1763800015000,
  LastIssueIndex1763800016000,
  LazyPackageDigests1763800017000,
  CommitStatuses1763800018000,
  SshKeys1763800019000,
  PullRequestMerger1763800020000,
  ForksAndTransfers1763800021000,
  PullReviews1763800022000,
  RefProtection1763800024000,
  ForkPullRequests1763800023000,
  Topics1763800025000,
  ActionVariables1763800026000,
  Stars1763800027000,
  Follows1763800028000,
  // @area webhooks
  Webhooks1763800030000,
  // @area webhook-events
  // @area issues-social
  RepositoryWatchers1763800032000,
  IssueWatches1763800032100,
  Reactions1763800032200,
  IssueDeadlines1763800032300,
  IssuePins1763800032400,
  // @area issues-time
  IssueTimeAndDependencies1763800033000,
  TimelineTimeAndDependency1763800033100,
  // @area users
  UserEmailsAndSettings1763800034000,
  UserBlocks1763800034100,
  // @area orgs-teams
  OrgPublicMembers1763800035000,
  // @area misc
  RepoFlags1763800036000,
  // @area oauth2
  OAuth21763800037000,
  OAuth2GrantNonce1763800037100,
  // @area avatars
  Avatars1763800038000,
  // @area gpg
  GpgKeys1763800039000,
  // @area issue-search
  // @area hook-more
  // @area several-instances
  ScheduledJobs1763800040000,
  WebhookRefSnapshots1763800040100,
  // @area hotrow
  UsageLedgerStripes1763800041000,
  // @area quota-history
  QuotaUsageSnapshots1763800044000,
  QuotaUsageSnapshotTotals1763800044100,
  // @area quota-warnings
  QuotaWarnings1763800042000,
  QuotaNotifications1763800042100,
  // @area metrics
  InstanceCounters1763800046000,
  // @area quota-overview
  OwnerQuotaSummary1763800043000,
  OwnerQuotaTotals1763800043100,
  // @area storage-page
  WebSessions1763800045000,
  // @area end
];
