import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

/*
 * Forgejo's quota JSON shapes. Bodies are only whitelisted here (`@Allow`): the
 * quota domain validates them and names the field in its 422 message, so the
 * rules live in one place.
 */

export class CreateQuotaRuleOptions {
  @ApiProperty() @Allow() name!: unknown;
  @ApiProperty({ type: 'integer', format: 'int64', description: 'bytes; -1 = unlimited (inline in a group: 0 when left out)' })
  @Allow()
  limit!: unknown;
  @ApiPropertyOptional({ type: [String], description: 'none: the rule limits nothing' }) @Allow() subjects?: unknown;
}

export class EditQuotaRuleOptions {
  @ApiPropertyOptional({ type: 'integer', format: 'int64' }) @Allow() limit?: unknown;
  @ApiPropertyOptional({ type: [String] }) @Allow() subjects?: unknown;
}

export class CreateQuotaGroupOptions {
  @ApiProperty() @Allow() name!: unknown;
  @ApiPropertyOptional({
    type: [CreateQuotaRuleOptions],
    description: 'rules of the group; one whose name exists is used as stored, any other is created',
  })
  @Allow()
  rules?: unknown;
}

export class SetUserQuotaGroupsOptions {
  @ApiProperty({ type: [String] }) @Allow() groups!: unknown;
}

/** `name` is left out where names are hidden from the owner (see [quota] SHOW_NAMES_TO_OWNERS). */
export class QuotaRuleInfo {
  @ApiPropertyOptional() name?: string;
  @ApiProperty({ type: 'integer', format: 'int64' }) limit!: number;
  @ApiProperty({ type: [String] }) subjects!: string[];
}

export class QuotaGroup {
  @ApiPropertyOptional() name?: string;
  @ApiProperty({ type: [QuotaRuleInfo] }) rules!: QuotaRuleInfo[];
}

class QuotaUsedSizeRepos {
  @ApiProperty({ type: 'integer', format: 'int64' }) public!: number;
  @ApiProperty({ type: 'integer', format: 'int64' }) private!: number;
}
class QuotaUsedSizeGit {
  @ApiProperty({ type: 'integer', format: 'int64' }) LFS!: number;
}
class QuotaUsedSizeAssetsAttachments {
  @ApiProperty({ type: 'integer', format: 'int64' }) issues!: number;
  @ApiProperty({ type: 'integer', format: 'int64' }) releases!: number;
}
class QuotaUsedSizeAssetsPackages {
  @ApiProperty({ type: 'integer', format: 'int64' }) all!: number;
}
class QuotaUsedSizeAssets {
  @ApiProperty({ type: QuotaUsedSizeAssetsAttachments }) attachments!: QuotaUsedSizeAssetsAttachments;
  @ApiProperty({ type: 'integer', format: 'int64' }) artifacts!: number;
  @ApiProperty({ type: QuotaUsedSizeAssetsPackages }) packages!: QuotaUsedSizeAssetsPackages;
}
class QuotaUsedSize {
  @ApiProperty({ type: QuotaUsedSizeRepos }) repos!: QuotaUsedSizeRepos;
  @ApiProperty({ type: QuotaUsedSizeGit }) git!: QuotaUsedSizeGit;
  @ApiProperty({ type: QuotaUsedSizeAssets }) assets!: QuotaUsedSizeAssets;
}
export class QuotaUsed {
  @ApiProperty({ type: QuotaUsedSize }) size!: QuotaUsedSize;
}

export class QuotaInfo {
  @ApiProperty({ type: QuotaUsed }) used!: QuotaUsed;
  @ApiProperty({ type: [QuotaGroup] }) groups!: QuotaGroup[];
}

class QuotaUsedAttachmentContainer {
  @ApiProperty() api_url!: string;
  @ApiProperty() html_url!: string;
}

export class QuotaUsedAttachment {
  @ApiProperty() name!: string;
  @ApiProperty({ type: 'integer', format: 'int64' }) size!: number;
  @ApiProperty() api_url!: string;
  @ApiProperty({ type: QuotaUsedAttachmentContainer }) contained_in!: QuotaUsedAttachmentContainer;
}

export class QuotaUsedPackage {
  @ApiProperty() name!: string;
  @ApiProperty() type!: string;
  @ApiProperty() version!: string;
  @ApiProperty({ type: 'integer', format: 'int64' }) size!: number;
  @ApiProperty() html_url!: string;
}

export class QuotaUsedArtifact {
  @ApiProperty() name!: string;
  @ApiProperty({ type: 'integer', format: 'int64' }) size!: number;
  @ApiProperty() html_url!: string;
}
