import { ActionArtifactEntity } from './action-artifact.entity';
import { AttachmentEntity } from './attachment.entity';
import { OwnerQuotaUsageEntity } from './owner-quota-usage.entity';
import { PackageBlobEntity } from './package-blob.entity';
import { PackageFileEntity } from './package-file.entity';
import { PackageVersionEntity } from './package-version.entity';
import { PackageEntity } from './package.entity';
import { QuotaGroupOwnerEntity } from './quota-group-owner.entity';
import { QuotaGroupRuleEntity } from './quota-group-rule.entity';
import { QuotaGroupEntity } from './quota-group.entity';
import { QuotaRuleEntity } from './quota-rule.entity';
import { QuotaUsageSnapshotEntity } from './quota-usage-snapshot.entity';
import { QuotaUsageSnapshotTotalEntity } from './quota-usage-snapshot-total.entity';
import { RepositoryEntity } from './repository.entity';

export * from './action-artifact.entity';
export * from './attachment.entity';
export * from './owner-quota-usage.entity';
export * from './package-blob.entity';
export * from './package-file.entity';
export * from './package-version.entity';
export * from './package.entity';
export * from './quota-group-owner.entity';
export * from './quota-group-rule.entity';
export * from './quota-group.entity';
export * from './quota-rule.entity';
export * from './quota-usage-snapshot.entity';
export * from './quota-usage-snapshot-total.entity';
export * from './repository.entity';

/** The quota limits, the usage ledger, and the sized rows it counts. */
export const QUOTA_ENTITIES = [
  QuotaRuleEntity,
  QuotaGroupEntity,
  QuotaGroupRuleEntity,
  QuotaGroupOwnerEntity,
  OwnerQuotaUsageEntity,
  RepositoryEntity,
  AttachmentEntity,
  PackageEntity,
  PackageVersionEntity,
  PackageBlobEntity,
  PackageFileEntity,
  ActionArtifactEntity,
  QuotaUsageSnapshotEntity,
  QuotaUsageSnapshotTotalEntity,
];
