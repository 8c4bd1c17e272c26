import { ApiProperty } from '@nestjs/swagger';

/** Forgejo's `SyncForkInfo`. */
export class ApiSyncForkInfo {
  @ApiProperty() allowed!: boolean;
  @ApiProperty() fork_commit!: string;
  @ApiProperty() base_commit!: string;
  @ApiProperty() commits_behind!: number;
}
