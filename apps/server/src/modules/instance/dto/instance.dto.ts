import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The JSON shapes of the server's self-description, with Forgejo's field names. */

export class ApiServerVersion {
  @ApiProperty({ description: "the Forgejo API level followed, with Bellows' own version as build metadata" }) version!: string;
}

export class ApiNodeInfoSoftware {
  @ApiProperty() name!: string;
  @ApiProperty() version!: string;
  @ApiProperty() repository!: string;
  @ApiProperty() homepage!: string;
}

export class ApiNodeInfoServices {
  @ApiProperty({ type: [String] }) inbound!: string[];
  @ApiProperty({ type: [String] }) outbound!: string[];
}

export class ApiNodeInfoUsageUsers {
  @ApiPropertyOptional({ type: 'integer', format: 'int64' }) total?: number;
}

export class ApiNodeInfoUsage {
  @ApiProperty({ type: ApiNodeInfoUsageUsers }) users!: ApiNodeInfoUsageUsers;
}

export class ApiNodeInfo {
  @ApiProperty({ description: 'the NodeInfo schema version' }) version!: string;
  @ApiProperty({ type: ApiNodeInfoSoftware }) software!: ApiNodeInfoSoftware;
  @ApiProperty({ type: [String] }) protocols!: string[];
  @ApiProperty({ type: ApiNodeInfoServices }) services!: ApiNodeInfoServices;
  @ApiProperty() openRegistrations!: boolean;
  @ApiProperty({ type: ApiNodeInfoUsage }) usage!: ApiNodeInfoUsage;
  @ApiProperty({ type: 'object', properties: {} }) metadata!: Record<string, never>;
}

export class ApiGeneralAPISettings {
  @ApiProperty({ type: 'integer', format: 'int64' }) default_paging_num!: number;
  @ApiProperty({ type: 'integer', format: 'int64' }) max_response_items!: number;
  @ApiProperty({ type: 'integer', format: 'int64' }) default_git_trees_per_page!: number;
  @ApiProperty({ type: 'integer', format: 'int64' }) default_max_blob_size!: number;
}

export class ApiGeneralAttachmentSettings {
  @ApiProperty() enabled!: boolean;
  @ApiProperty({ description: '`*/*`: any type' }) allowed_types!: string;
  @ApiProperty({ type: 'integer', format: 'int64', description: 'MiB' }) max_size!: number;
  @ApiProperty({ type: 'integer', format: 'int64', description: 'files per upload request' }) max_files!: number;
}

export class ApiGeneralRepoSettings {
  @ApiProperty() forks_disabled!: boolean;
  @ApiProperty() http_git_disabled!: boolean;
  @ApiProperty() lfs_disabled!: boolean;
  @ApiProperty() migrations_disabled!: boolean;
  @ApiProperty() mirrors_disabled!: boolean;
  @ApiProperty() stars_disabled!: boolean;
  @ApiProperty() time_tracking_disabled!: boolean;
}

export class ApiGeneralUISettings {
  @ApiProperty() default_theme!: string;
  @ApiProperty({ type: [String] }) allowed_reactions!: string[];
  @ApiProperty({ type: [String] }) custom_emojis!: string[];
}
