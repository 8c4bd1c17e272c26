import { HealthModule } from '../modules/health/health.module';
import { InstanceModule } from '../modules/instance/instance.module';
import { MarkupModule } from '../modules/markup/markup.module';
import { AccountsModule } from '../modules/accounts/accounts.module';
import { AuthModule } from '../modules/auth/auth.module';
import { QuotaModule } from '../modules/quota/quota.module';
import { RepositoriesModule } from '../modules/repositories/repositories.module';
import { GitHttpModule } from '../modules/git-http/git-http.module';
import { KeysModule } from '../modules/keys/keys.module';
import { SshModule } from '../modules/ssh/ssh.module';
import { RepoFilesModule } from '../modules/repo-files/repo-files.module';
import { PullsModule } from '../modules/pulls/pulls.module';
import { ReviewsModule } from '../modules/reviews/reviews.module';
import { ProtectionModule } from '../modules/protection/protection.module';
import { StarsModule } from '../modules/stars/stars.module';
import { FollowsModule } from '../modules/follows/follows.module';
import { WikiModule } from '../modules/wiki/wiki.module';
import { LabelsModule } from '../modules/labels/labels.module';
import { AttachmentsModule } from '../modules/attachments/attachments.module';
import { NotificationsModule } from '../modules/notifications/notifications.module';
import { IssuesModule } from '../modules/issues/issues.module';
import { ReleasesModule } from '../modules/releases/releases.module';
import { PackagesModule } from '../modules/packages/packages.module';
import { ActionsModule } from '../modules/actions/actions.module';
import { RefsModule } from '../modules/refs/refs.module';
import { CommitStatusesModule } from '../modules/commit-statuses/commit-statuses.module';
import { GitDataModule } from '../modules/git-data/git-data.module';
import { TopicsModule } from '../modules/topics/topics.module';
import { StorageGarbageModule } from '../modules/storage-garbage/storage-garbage.module';
// @area webhooks
import { WebhooksModule } from '../modules/webhooks/webhooks.module';
// @area webhook-events
import { WebhookEventsModule } from '../modules/webhook-events/webhook-events.module';
// @area issues-social
import { WatchesModule } from '../modules/watches/watches.module';
import { IssueSubscriptionsModule } from '../modules/issue-subscriptions/issue-subscriptions.module';
import { ReactionsModule } from '../modules/reactions/reactions.module';
import { IssueDeadlinesModule } from '../modules/issue-deadlines/issue-deadlines.module';
import { IssuePinsModule } from '../modules/issue-pins/issue-pins.module';
// @area issues-time
import { TimeTrackingModule } from '../modules/time-tracking/time-tracking.module';
import { IssueDependenciesModule } from '../modules/issue-dependencies/issue-dependencies.module';
// @area users
import { EmailsModule } from '../modules/emails/emails.module';
import { UserSettingsModule } from '../modules/user-settings/user-settings.module';
import { UserBlocksModule } from '../modules/user-blocks/user-blocks.module';
// @area orgs-teams
import { TeamRepositoriesModule } from '../modules/team-repositories/team-repositories.module';
import { OrgLookupsModule } from '../modules/org-lookups/org-lookups.module';
import { PublicMembersModule } from '../modules/public-members/public-members.module';
import { AdminCronModule } from '../modules/admin-cron/admin-cron.module';
// @area misc
import { RepoTemplatesModule } from '../modules/repo-templates/repo-templates.module';
import { RepoConfigModule } from '../modules/repo-config/repo-config.module';
import { GitNotesModule } from '../modules/git-notes/git-notes.module';
import { RepoFlagsModule } from '../modules/repo-flags/repo-flags.module';
import { SyncForkModule } from '../modules/sync-fork/sync-fork.module';
// @area oauth2
import { OAuth2Module } from '../modules/oauth2/oauth2.module';
// @area avatars
import { AvatarsModule } from '../modules/avatars/avatars.module';
// @area gpg
import { GpgKeysModule } from '../modules/gpg-keys/gpg-keys.module';
// @area issue-search
import { IssueSearchModule } from '../modules/issue-search/issue-search.module';
// @area hook-more
// @area quota-warnings
import { QuotaWarningsModule } from '../modules/quota-warnings/quota-warnings.module';
// @area quota-overview
import { QuotaOverviewModule } from '../modules/quota-overview/quota-overview.module';
// @area quota-history
import { QuotaHistoryModule } from '../modules/quota-history/quota-history.module';
// @area storage-page
import { WebSessionsModule } from '../modules/web-sessions/web-sessions.module';
import { StoragePageModule } from '../modules/storage-page/storage-page.module';
// @area metrics
import { MetricsModule } from '../modules/metrics/metrics.module';
// @area end

/**
 * The feature modules the server is made of: one per area of the forge.
 * Add a module here to mount its routes.
 */
export const FEATURE_MODULES = [
  HealthModule,
  InstanceModule,
  MarkupModule,
  AuthModule,
  AccountsModule,
  QuotaModule,
  RepositoriesModule,
  GitHttpModule,
  KeysModule,
  SshModule,
  RepoFilesModule,
  PullsModule,
  ReviewsModule,
  ProtectionModule,
  StarsModule,
  FollowsModule,
  WikiModule,
  IssuesModule,
  NotificationsModule,
  LabelsModule,
  AttachmentsModule,
  ReleasesModule,
  PackagesModule,
  ActionsModule,
  RefsModule,
  CommitStatusesModule,
  GitDataModule,
  TopicsModule,
  StorageGarbageModule,
  // @area webhooks
  WebhooksModule,
  // @area webhook-events
  WebhookEventsModule,
  // @area issues-social
  WatchesModule,
  IssueSubscriptionsModule,
  ReactionsModule,
  IssueDeadlinesModule,
  IssuePinsModule,
  // @area issues-time
  TimeTrackingModule,
  IssueDependenciesModule,
  // @area users
  EmailsModule,
  UserSettingsModule,
  UserBlocksModule,
  // @area orgs-teams
  TeamRepositoriesModule,
  OrgLookupsModule,
  PublicMembersModule,
  AdminCronModule,
  // @area misc
  RepoTemplatesModule,
  RepoConfigModule,
  GitNotesModule,
  RepoFlagsModule,
  SyncForkModule,
  // @area oauth2
  OAuth2Module,
  // @area avatars
  AvatarsModule,
  // @area gpg
  GpgKeysModule,
  // @area issue-search
  IssueSearchModule,
  // @area hook-more
  // @area quota-warnings
  QuotaWarningsModule,
  // @area quota-overview
  QuotaOverviewModule,
  // @area quota-history
  QuotaHistoryModule,
  // @area storage-page
  WebSessionsModule,
  StoragePageModule,
  // @area metrics
  MetricsModule,
  // @area end
];
