import { DataSource, EntityManager } from 'typeorm';
import { DatabaseOptions } from './database-options';
import { openDataSource, POSTGRES_POOL_SIZE } from './data-source';
import { TypeOrmAccessTokenStore } from './stores/access-token.store';
import { TypeOrmOwnerStore } from './stores/owner.store';
import { TypeOrmTeamMemberStore } from './stores/team-member.store';
import { TypeOrmTeamStore } from './stores/team.store';
import { TransactionSlots } from './transaction-slots';
import { InTransaction } from './quota/in-transaction';
import { QuotaRecount } from './quota/quota-recount';
import { TypeOrmOrphanRows } from './quota/orphan-rows';
import { TypeOrmBlobReferenceStore } from './stores/blob-reference.store';
import { TypeOrmQuotaLimitStore } from './quota/typeorm-quota-limit-store';
import { TypeOrmQuotaUsageReader } from './quota/typeorm-quota-usage-reader';
import { TypeOrmCountedObjects } from './quota/typeorm-counted-objects';
import { TypeOrmOwnerQuotaSummaryStore } from './quota/typeorm-owner-quota-summary-store';
import { TypeOrmQuotaSnapshotStore } from './quota/typeorm-quota-snapshot-store';
import { TypeOrmLedgerCorrections } from './quota/typeorm-ledger-corrections';
import { TypeOrmArtifactStore } from './stores/artifact.store';
import { TypeOrmActionRunStore } from './stores/action-run.store';
import { TypeOrmActionSecretStore } from './stores/action-secret.store';
import { TypeOrmActionVariableStore } from './stores/action-variable.store';
import { TypeOrmSshKeyStore } from './stores/ssh-key.store';
import { TypeOrmTrackedTimeStore } from './stores/tracked-time.store';
import { TypeOrmStopwatchStore } from './stores/stopwatch.store';
import { TypeOrmIssueDependencyStore } from './stores/issue-dependency.store';
import { TypeOrmCommitStatusStore } from './stores/commit-status.store';
import { TypeOrmTopicStore } from './stores/topic.store';
import { TypeOrmLfsStore } from './stores/lfs.store';
import { TypeOrmAttachmentStore } from './stores/attachment.store';
import { TypeOrmPackageStore } from './stores/package.store';
import { TypeOrmRepositoryStore } from './stores/repository.store';
import { TypeOrmRepositoryTransferStore } from './stores/repository-transfer.store';
import { TypeOrmPullRequestStore } from './stores/pull-request.store';
import { TypeOrmPullReviewStore } from './stores/pull-review.store';
import { TypeOrmProtectionStore } from './stores/protection.store';
import { TypeOrmStarStore } from './stores/star.store';
import { TypeOrmRepoWatchStore } from './stores/repo-watch.store';
import { TypeOrmFollowStore } from './stores/follow.store';
import { TypeOrmRepoFlagStore } from './stores/repo-flag.store';
import { TypeOrmEmailAddressStore } from './stores/email-address.store';
import { TypeOrmGpgKeyStore } from './stores/gpg-key.store';
import { TypeOrmUserBlockStore } from './stores/user-block.store';
import { TypeOrmPublicMemberStore } from './stores/public-member.store';
import { TypeOrmOAuth2ApplicationStore, TypeOrmOAuth2GrantStore } from './stores/oauth2.store';
import { TypeOrmRepositorySearchStore } from './stores/repository-search.store';
import { TypeOrmCollaborationStore } from './stores/collaboration.store';
import { TypeOrmTeamRepositoryStore } from './stores/team-repository.store';
import { TypeOrmLabelStore } from './stores/label.store';
import { TypeOrmIssueLabelStore } from './stores/issue-label.store';
import { TypeOrmNotificationStore } from './stores/notification.store';
import { TypeOrmIssueWatchStore } from './stores/issue-watch.store';
import { TypeOrmReactionStore } from './stores/reaction.store';
import { TypeOrmIssuePinStore } from './stores/issue-pin.store';
import { TypeOrmIssueStore } from './stores/issue.store';
import { TypeOrmCommentStore } from './stores/comment.store';
import { TypeOrmMilestoneStore } from './stores/milestone.store';
import { TypeOrmReleaseStore } from './stores/release.store';
import { TypeOrmWebhookStore } from './stores/webhook.store';
import { TypeOrmHookDeliveryStore } from './stores/hook-delivery.store';
import { TypeOrmScheduledJobStore } from './stores/scheduled-job.store';
import { TypeOrmRefSnapshotStore } from './stores/ref-snapshot.store';
import { TypeOrmWebSessionStore } from './stores/web-session.store';
import { TypeOrmBiggestItems } from './quota/typeorm-biggest-items';
import { ChangeVersions } from './read-cache/change-versions';
import { TypeOrmQuotaOutbox } from './quota/quota-outbox';
import { TypeOrmQuotaWarningStore } from './quota/typeorm-quota-warning-store';
import { PostgresChangeFeed } from './read-cache/postgres-change-feed';
import { SqliteOtherWriters } from './read-cache/sqlite-other-writers';

/**
 * The persistence adapter's entry point: one store per aggregate, all bound to
 * the same EntityManager, so that code inside `transaction()` sees one
 * consistent unit of work.
 *
 * Writes that must be atomic go through `transaction()`. On SQLite there is a
 * single connection, so transactions are queued one at a time (SQLite allows
 * one writer anyway); on PostgreSQL up to half the pool run side by side
 * (TransactionSlots says why not more).
 */
export class Database {
  readonly owners: TypeOrmOwnerStore;
  readonly accessTokens: TypeOrmAccessTokenStore;
  readonly teams: TypeOrmTeamStore;
  readonly teamMembers: TypeOrmTeamMemberStore;
  /** Quota: limits, the usage ledger's reader and recount, and the sized rows (their stores keep the ledger in step). */
  readonly quotaLimits: TypeOrmQuotaLimitStore;
  readonly quotaUsage: TypeOrmQuotaUsageReader;
  readonly quotaRecount: QuotaRecount;
  /** Every owner's usage per subject, groups and over-quota flag, derived from the ledger (the operators' overview). */
  readonly ownerQuotaSummaries: TypeOrmOwnerQuotaSummaryStore;
  /** Daily snapshots of the ledger, per owner and bucket (the usage history). */
  readonly quotaSnapshots: TypeOrmQuotaSnapshotStore;
  /** Owners whose quota must be looked at again (warnings, the overview), and the warnings' fired thresholds and events. */
  readonly quotaOutbox: TypeOrmQuotaOutbox;
  readonly quotaWarnings: TypeOrmQuotaWarningStore;
  /** What the recount has corrected in the ledger, counted by every process (for the metrics). */
  readonly ledgerCorrections: TypeOrmLedgerCorrections;
  /** The objects counted for an owner, biggest first (attachments, package versions, artifacts). */
  readonly countedObjects: TypeOrmCountedObjects;
  /** Rows whose parent is gone and content rows nothing uses (the repair tool's; see OrphanRows). */
  readonly orphanRows: TypeOrmOrphanRows;
  /** Which stored files rows still refer to (for the blob sweep). */
  readonly blobReferences: TypeOrmBlobReferenceStore;
  readonly repositories: TypeOrmRepositoryStore;
  /** Transfers of repositories between owners, pending or with their files still to move. */
  readonly repositoryTransfers: TypeOrmRepositoryTransferStore;
  /** Repository lists and who else may use a repository (collaborators, teams). */
  readonly repositorySearch: TypeOrmRepositorySearchStore;
  readonly collaborations: TypeOrmCollaborationStore;
  readonly teamRepositories: TypeOrmTeamRepositoryStore;
  readonly attachments: TypeOrmAttachmentStore;
  readonly packages: TypeOrmPackageStore;
  readonly artifacts: TypeOrmArtifactStore;
  /** Actions runs with their unfinished artifact uploads, and actions secrets (sealed). */
  readonly actionRuns: TypeOrmActionRunStore;
  readonly actionSecrets: TypeOrmActionSecretStore;
  /** Actions variables (plain values). */
  readonly actionVariables: TypeOrmActionVariableStore;
  /** Users' SSH keys and repositories' deploy keys. */
  readonly sshKeys: TypeOrmSshKeyStore;
  /** Statuses reported on commits. */
  readonly commitStatuses: TypeOrmCommitStatusStore;
  /** Repository topics. */
  readonly topics: TypeOrmTopicStore;
  /** Flags site admins put on repositories. */
  readonly repoFlags: TypeOrmRepoFlagStore;
  /** Pull requests with their issues (numbers shared with issues per repository). */
  readonly pullRequests: TypeOrmPullRequestStore;
  /** Reviews of pull requests, their line comments and requests to review. */
  readonly pullReviews: TypeOrmPullReviewStore;
  /** Branch and tag protection rules. */
  readonly protection: TypeOrmProtectionStore;
  /** Users' stars on repositories (keeps `num_stars` in step). */
  readonly stars: TypeOrmStarStore;
  /** Users watching repositories (keeps `num_watches` in step). */
  readonly repoWatches: TypeOrmRepoWatchStore;
  /** Users following users (keeps both counters in step). */
  readonly follows: TypeOrmFollowStore;
  /** The e-mail addresses users add beside their primary one. */
  readonly emailAddresses: TypeOrmEmailAddressStore;
  /** Users' GPG keys with their subkeys. */
  readonly gpgKeys: TypeOrmGpgKeyStore;
  /** Users blocked by users or organizations (blocking ends follows, watches and collaborations). */
  readonly userBlocks: TypeOrmUserBlockStore;
  /** Which members of organizations show their membership publicly. */
  readonly publicMembers: TypeOrmPublicMemberStore;
  /** OAuth2 applications, and users' grants to them with the codes and tokens issued (hashed). */
  readonly oauth2Applications: TypeOrmOAuth2ApplicationStore;
  readonly oauth2Grants: TypeOrmOAuth2GrantStore;
  /** Git LFS objects and their repository references (keeps `lfs_size` and the ledger in step). */
  readonly lfs: TypeOrmLfsStore;
  /** Repository and organization labels, and the labels on issues. */
  readonly labels: TypeOrmLabelStore;
  readonly issueLabels: TypeOrmIssueLabelStore;
  /** Notification threads, repository watchers and issue participants. */
  readonly notifications: TypeOrmNotificationStore;
  /** Users' explicit subscriptions to issues (and unsubscriptions from them). */
  readonly issueWatches: TypeOrmIssueWatchStore;
  /** Users' reactions on issues and comments. */
  readonly reactions: TypeOrmReactionStore;
  /** Pinned issues and pull requests. */
  readonly issuePins: TypeOrmIssuePinStore;
  /** Issues with their assignees; comments and timeline events; milestones. */
  readonly issues: TypeOrmIssueStore;
  readonly comments: TypeOrmCommentStore;
  readonly milestones: TypeOrmMilestoneStore;
  /** Time tracked on issues, running stopwatches, and issues depending on issues. */
  readonly trackedTimes: TypeOrmTrackedTimeStore;
  readonly stopwatches: TypeOrmStopwatchStore;
  readonly issueDependencies: TypeOrmIssueDependencyStore;

  /** Releases of repositories (their attachments are in `attachments`). */
  readonly releases: TypeOrmReleaseStore;
  /** Webhooks, and the queue of deliveries with their attempts. */
  readonly webhooks: TypeOrmWebhookStore;
  readonly hookDeliveries: TypeOrmHookDeliveryStore;
  /** Scheduled jobs shared by every instance: due times, history, leases. */
  readonly scheduledJobs: TypeOrmScheduledJobStore;
  /** The refs webhooks last saw per repository (compare and swap, shared by every instance). */
  readonly refSnapshots: TypeOrmRefSnapshotStore;
  /** Browser sign-in sessions (hashed tokens). */
  readonly webSessions: TypeOrmWebSessionStore;
  /** An owner's biggest repositories by git and LFS size (the storage page). */
  readonly biggestItems: TypeOrmBiggestItems;

  /** How this process hears of changes other processes make (PostgreSQL only; see PostgresChangeFeed). */
  private changeFeed: PostgresChangeFeed | undefined;
  /** SQLite's way to the same: asked once per request (see catchUp). */
  private otherWriters: SqliteOtherWriters | undefined;

  private constructor(
    readonly dataSource: DataSource,
    private readonly manager: EntityManager,
    private readonly slots: TransactionSlots,
  ) {
    this.owners = new TypeOrmOwnerStore(manager);
    this.accessTokens = new TypeOrmAccessTokenStore(manager);
    this.teams = new TypeOrmTeamStore(manager);
    this.teamMembers = new TypeOrmTeamMemberStore(manager);
    const inTransaction: InTransaction = (work) => this.transaction((tx) => work(tx.manager));
    this.quotaLimits = new TypeOrmQuotaLimitStore(manager, inTransaction);
    this.quotaUsage = new TypeOrmQuotaUsageReader(manager);
    this.quotaRecount = new QuotaRecount(manager, inTransaction);
    this.ownerQuotaSummaries = new TypeOrmOwnerQuotaSummaryStore(manager, inTransaction);
    this.quotaSnapshots = new TypeOrmQuotaSnapshotStore(manager, inTransaction);
    this.quotaOutbox = new TypeOrmQuotaOutbox(manager);
    this.quotaWarnings = new TypeOrmQuotaWarningStore(manager, () => this.catchUp());
    this.ledgerCorrections = new TypeOrmLedgerCorrections(manager);
    this.repositories = new TypeOrmRepositoryStore(manager, inTransaction);
    this.repositoryTransfers = new TypeOrmRepositoryTransferStore(manager, inTransaction);
    this.repositorySearch = new TypeOrmRepositorySearchStore(manager);
    this.collaborations = new TypeOrmCollaborationStore(manager);
    this.teamRepositories = new TypeOrmTeamRepositoryStore(manager);
    this.attachments = new TypeOrmAttachmentStore(manager, inTransaction);
    this.releases = new TypeOrmReleaseStore(manager);
    this.webhooks = new TypeOrmWebhookStore(manager);
    this.hookDeliveries = new TypeOrmHookDeliveryStore(manager, inTransaction);
    this.scheduledJobs = new TypeOrmScheduledJobStore(manager);
    this.refSnapshots = new TypeOrmRefSnapshotStore(manager);
    this.webSessions = new TypeOrmWebSessionStore(manager);
    this.biggestItems = new TypeOrmBiggestItems(manager);
    this.packages = new TypeOrmPackageStore(manager, inTransaction);
    this.artifacts = new TypeOrmArtifactStore(manager, inTransaction);
    this.actionRuns = new TypeOrmActionRunStore(manager, inTransaction);
    this.actionSecrets = new TypeOrmActionSecretStore(manager);
    this.actionVariables = new TypeOrmActionVariableStore(manager);
    this.sshKeys = new TypeOrmSshKeyStore(manager);
    this.commitStatuses = new TypeOrmCommitStatusStore(manager);
    this.topics = new TypeOrmTopicStore(manager);
    this.repoFlags = new TypeOrmRepoFlagStore(manager, inTransaction);
    this.pullRequests = new TypeOrmPullRequestStore(manager, inTransaction);
    this.pullReviews = new TypeOrmPullReviewStore(manager, inTransaction);
    this.protection = new TypeOrmProtectionStore(manager);
    this.stars = new TypeOrmStarStore(manager, inTransaction);
    this.repoWatches = new TypeOrmRepoWatchStore(manager, inTransaction);
    this.follows = new TypeOrmFollowStore(manager, inTransaction);
    this.emailAddresses = new TypeOrmEmailAddressStore(manager, inTransaction);
    this.gpgKeys = new TypeOrmGpgKeyStore(manager, inTransaction);
    this.userBlocks = new TypeOrmUserBlockStore(manager, inTransaction);
    this.publicMembers = new TypeOrmPublicMemberStore(manager);
    this.oauth2Applications = new TypeOrmOAuth2ApplicationStore(manager, inTransaction);
    this.oauth2Grants = new TypeOrmOAuth2GrantStore(manager);
    this.lfs = new TypeOrmLfsStore(manager, inTransaction);
    this.labels = new TypeOrmLabelStore(manager);
    this.issueLabels = new TypeOrmIssueLabelStore(manager);
    this.notifications = new TypeOrmNotificationStore(manager, this.repoWatches);
    this.issueWatches = new TypeOrmIssueWatchStore(manager);
    this.reactions = new TypeOrmReactionStore(manager);
    this.issuePins = new TypeOrmIssuePinStore(manager, inTransaction);
    this.issues = new TypeOrmIssueStore(manager);
    this.comments = new TypeOrmCommentStore(manager);
    this.milestones = new TypeOrmMilestoneStore(manager);
    this.trackedTimes = new TypeOrmTrackedTimeStore(manager);
    this.stopwatches = new TypeOrmStopwatchStore(manager);
    this.issueDependencies = new TypeOrmIssueDependencyStore(manager);
    const sizedRowStores = { attachments: this.attachments, artifacts: this.artifacts, packages: this.packages };
    this.orphanRows = new TypeOrmOrphanRows(manager, inTransaction, sizedRowStores);
    this.blobReferences = new TypeOrmBlobReferenceStore(manager);
    this.countedObjects = new TypeOrmCountedObjects(this);
  }

  static async open(options: DatabaseOptions): Promise<Database> {
    const dataSource = await openDataSource(options);
    const database = Database.over(dataSource);
    // Other processes on the same database (other instances, `bellows admin` commands) change rows this one caches.
    if (database.engine === 'postgres') database.changeFeed = await PostgresChangeFeed.start(dataSource);
    else database.otherWriters = new SqliteOtherWriters(dataSource, ChangeVersions.of(dataSource), options.path);
    return database;
  }

  static over(dataSource: DataSource): Database {
    const slots = new TransactionSlots(dataSource.options.type === 'sqlite' ? 1 : POSTGRES_POOL_SIZE / 2);
    return new Database(dataSource, dataSource.manager, slots);
  }

  get engine(): 'sqlite' | 'postgres' {
    return this.dataSource.options.type === 'sqlite' ? 'sqlite' : 'postgres';
  }

  /** Runs `work` in one transaction: all of it is stored, or none of it. */
  transaction<T>(work: (db: Database) => Promise<T>): Promise<T> {
    if (this.manager.queryRunner?.isTransactionActive) return work(this);
    return this.slots.run(async () => {
      // SQLite: TypeORM has ONE query runner on the one connection, and a `save()` made outside any transaction
      // opens a transaction of its own on it. Starting ours inside it failed both ("cannot start a transaction
      // within a transaction"); so wait for it to end. Checked and started in one tick: a save() that comes after
      // sees ours active and writes inside it instead of starting its own.
      while (this.implicitTransactionOpen()) await new Promise((resolve) => setTimeout(resolve, 1));
      return this.dataSource.transaction((manager) => work(new Database(this.dataSource, manager, this.slots)));
    });
  }

  /** Whether SQLite's shared query runner is in a transaction this Database did not start (see transaction). */
  private implicitTransactionOpen(): boolean {
    if (this.engine !== 'sqlite') return false;
    return (
      (this.dataSource.driver as unknown as { queryRunner?: { isTransactionActive: boolean } }).queryRunner?.isTransactionActive === true
    );
  }

  /**
   * Whether each request must `catchUp()` before it reads: on SQLite nothing
   * tells this process when another one (a `bellows admin` command) commits.
   */
  get needsCatchUp(): boolean {
    return this.otherWriters !== undefined;
  }

  /** Resolves once what other processes committed before this call is known to the read caches. */
  async catchUp(): Promise<void> {
    await this.otherWriters?.catchUp();
  }

  /** Answers when the database does (for the health check). */
  async ping(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }

  async close(): Promise<void> {
    await this.changeFeed?.stop();
    this.otherWriters?.close();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
