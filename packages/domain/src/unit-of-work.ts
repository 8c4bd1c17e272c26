import { OwnerStore } from './accounts/owner-store';
import { IssueStore } from './issues/issue-store';
import { CommentStore } from './issues/comment-store';
import { MilestoneStore } from './issues/milestone-store';
import { IssueLabelStore } from './issues/issue-label-store';
import { NotificationStore } from './notifications/notification-store';
import { TeamMemberStore } from './accounts/team-member-store';
import { TeamStore } from './accounts/team-store';
import { AccessTokenStore } from './auth/access-token-store';
import { PackageStore } from './packages/package-store';
import { ActionRunStore } from './actions/action-run-store';
import { ArtifactStore } from './actions/artifact-store';
import { ActionSecretStore } from './actions/action-secret-store';
import { AttachmentStore } from './attachments/attachment-store';
import { ReleaseStore } from './releases/release-store';
import { StopwatchStore, TrackedTimeStore } from './issues/tracked-time-store';
import { IssueDependencyStore } from './issues/issue-dependency-store';
import { WebhookStore } from './webhooks/webhook-store';
import { HookDeliveryStore } from './webhooks/hook-delivery-store';
import { RefSnapshotStore } from './webhooks/ref-snapshot-store';
import { QuotaWarningStore } from './quota/quota-warning-store';

/**
 * The stores as seen inside one transaction. Each field is a port; add a store
 * here when its port exists, so use cases can change it atomically with others.
 */
export interface TransactionStores {
  owners: OwnerStore;
  issues: IssueStore;
  comments: CommentStore;
  milestones: MilestoneStore;
  issueLabels: IssueLabelStore;
  notifications: NotificationStore;
  teams: TeamStore;
  teamMembers: TeamMemberStore;
  accessTokens: AccessTokenStore;
  packages: PackageStore;
  actionRuns: ActionRunStore;
  artifacts: ArtifactStore;
  actionSecrets: ActionSecretStore;
  attachments: AttachmentStore;
  releases: ReleaseStore;
  trackedTimes: TrackedTimeStore;
  stopwatches: StopwatchStore;
  issueDependencies: IssueDependencyStore;
  webhooks: WebhookStore;
  hookDeliveries: HookDeliveryStore;
  refSnapshots: RefSnapshotStore;
  /** The quota outbox's consuming side, fired thresholds and quota events (the warning worker's batch). */
  quotaWarnings: QuotaWarningStore;
}

/**
 * Port: a transaction boundary. `run` gives `work` the stores bound to one
 * transaction: everything `work` writes is stored, or nothing is (it throws).
 */
export abstract class UnitOfWork {
  abstract run<T>(work: (stores: TransactionStores) => Promise<T>): Promise<T>;
}
