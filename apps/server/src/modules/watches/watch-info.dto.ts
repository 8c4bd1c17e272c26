import { ApiProperty } from '@nestjs/swagger';

/** Forgejo's `WatchInfo`: whether the caller watches a repository (or is subscribed to an issue). */
export class ApiWatchInfo {
  @ApiProperty() subscribed!: boolean;
  @ApiProperty() ignored!: boolean;
  @ApiProperty({ nullable: true, type: Object, description: 'always null, as in Forgejo' }) reason!: null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty() url!: string;
  @ApiProperty() repository_url!: string;
}
