import { AccessTokenEntity } from './access-token.entity';
import { ReleaseEntity } from './release.entity';
import { OwnerEntity } from './owner.entity';
import { TeamEntity } from './team.entity';
import { TeamMemberEntity } from './team-member.entity';
import { QUOTA_ENTITIES } from './quota-entities';
import { CollaborationEntity } from './collaboration.entity';
import { TeamRepositoryEntity } from './team-repository.entity';
import { IssueEntity } from './issue.entity';
import { PullRequestEntity } from './pull-request.entity';
import { MilestoneEntity } from './milestone.entity';
import { IssueAssigneeEntity } from './issue-assignee.entity';
import { CommentEntity } from './comment.entity';
import { LabelEntity } from './label.entity';
import { IssueLabelEntity } from './issue-label.entity';
import { LfsObjectEntity } from './lfs-object.entity';
import { LfsObjectRepositoryEntity } from './lfs-object-repository.entity';
import { RepositoryTransferEntity } from './repository-transfer.entity';
import { NotificationEntity } from './notification.entity';
import { RepoWatchEntity } from './repo-watch.entity';
import { IssueWatchEntity } from './issue-watch.entity';
import { ReactionEntity } from './reaction.entity';
import { IssueParticipantEntity } from './issue-participant.entity';
import { PackageDistTagEntity } from './package-dist-tag.entity';
import { ActionRunEntity } from './action-run.entity';
import { ActionArtifactUploadEntity } from './action-artifact-upload.entity';
import { ActionSecretEntity } from './action-secret.entity';
import { ActionVariableEntity } from './action-variable.entity';
import { SshKeyEntity } from './ssh-key.entity';
import { CommitStatusEntity } from './commit-status.entity';
import { RepoTopicEntity, TopicEntity } from './topic.entity';
import { PullReviewEntity } from './pull-review.entity';
import { PullReviewCommentEntity } from './pull-review-comment.entity';
import { ProtectedBranchEntity } from './protected-branch.entity';
import { ProtectedTagEntity } from './protected-tag.entity';
import { StarEntity } from './star.entity';
import { FollowEntity } from './follow.entity';
import { RepoFlagEntity } from './repo-flag.entity';
import { EmailAddressEntity } from './email-address.entity';
import { GpgKeyEntity } from './gpg-key.entity';
import { UserBlockEntity } from './user-block.entity';
import { OrgPublicMemberEntity } from './org-public-member.entity';
import { TrackedTimeEntity } from './tracked-time.entity';
import { StopwatchEntity } from './stopwatch.entity';
import { IssueDependencyEntity } from './issue-dependency.entity';
import { OAuth2ApplicationEntity, OAuth2AuthorizationCodeEntity, OAuth2GrantEntity, OAuth2TokenEntity } from './oauth2.entities';
import { WebhookEntity } from './webhook.entity';
import { HookDeliveryEntity } from './hook-delivery.entity';
import { HookDeliveryAttemptEntity } from './hook-delivery-attempt.entity';
import { ScheduledJobEntity } from './scheduled-job.entity';
import { WebhookRefSnapshotEntity } from './webhook-ref-snapshot.entity';
import { InstanceCounterEntity } from './instance-counter.entity';

export * from './access-token.entity';
export * from './commit-status.entity';
export * from './topic.entity';
export * from './owner.entity';
export * from './team.entity';
export * from './team-member.entity';
export * from './quota-entities';
export * from './collaboration.entity';
export * from './team-repository.entity';
export * from './issue.entity';
export * from './pull-request.entity';
export * from './pull-review.entity';
export * from './pull-review-comment.entity';
export * from './protected-branch.entity';
export * from './protected-tag.entity';
export * from './star.entity';
export * from './follow.entity';
export * from './repo-flag.entity';
export * from './email-address.entity';
export * from './gpg-key.entity';
export * from './user-block.entity';
export * from './org-public-member.entity';
export * from './tracked-time.entity';
export * from './stopwatch.entity';
export * from './issue-dependency.entity';
export * from './oauth2.entities';
export * from './webhook.entity';
export * from './hook-delivery.entity';
export * from './hook-delivery-attempt.entity';
export * from './scheduled-job.entity';
export * from './webhook-ref-snapshot.entity';
export * from './milestone.entity';
export * from './issue-assignee.entity';
export * from './comment.entity';
export * from './label.entity';
export * from './issue-label.entity';
export * from './lfs-object.entity';
export * from './lfs-object-repository.entity';
export * from './repository-transfer.entity';
export * from './notification.entity';
export * from './repo-watch.entity';
export * from './issue-watch.entity';
export * from './reaction.entity';
export * from './issue-participant.entity';
export * from './package-dist-tag.entity';
export * from './release.entity';
export * from './action-run.entity';
export * from './action-artifact-upload.entity';
export * from './action-secret.entity';

/** Every entity the data source knows. Add new ones here. */
export const ENTITIES = [
  OwnerEntity,
  AccessTokenEntity,
  TeamEntity,
  TeamMemberEntity,
  ...QUOTA_ENTITIES,
  CollaborationEntity,
  TeamRepositoryEntity,
  LfsObjectEntity,
  LfsObjectRepositoryEntity,
  RepositoryTransferEntity,
  IssueEntity,
  PullRequestEntity,
  MilestoneEntity,
  IssueAssigneeEntity,
  CommentEntity,
  LabelEntity,
  IssueLabelEntity,
  NotificationEntity,
  RepoWatchEntity,
  IssueWatchEntity,
  ReactionEntity,
  IssueParticipantEntity,
  PackageDistTagEntity,
  ReleaseEntity,
  ActionRunEntity,
  ActionArtifactUploadEntity,
  ActionSecretEntity,
  ActionVariableEntity,
  CommitStatusEntity,
  TopicEntity,
  RepoTopicEntity,
  SshKeyEntity,
  PullReviewEntity,
  PullReviewCommentEntity,
  ProtectedBranchEntity,
  ProtectedTagEntity,
  StarEntity,
  FollowEntity,
  RepoFlagEntity,
  EmailAddressEntity,
  GpgKeyEntity,
  UserBlockEntity,
  OrgPublicMemberEntity,
  TrackedTimeEntity,
  StopwatchEntity,
  IssueDependencyEntity,
  OAuth2ApplicationEntity,
  OAuth2GrantEntity,
  OAuth2AuthorizationCodeEntity,
  OAuth2TokenEntity,
  WebhookEntity,
  HookDeliveryEntity,
  HookDeliveryAttemptEntity,
  ScheduledJobEntity,
  WebhookRefSnapshotEntity,
  InstanceCounterEntity,
];
