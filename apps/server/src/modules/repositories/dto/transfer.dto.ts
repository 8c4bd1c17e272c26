import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** Forgejo's `TransferRepoOption`: who is to own the repository, and (for an organization) which of its teams get it. */
export class TransferRepoOption {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(255) new_owner!: string;

  @ApiPropertyOptional({ type: [Number], description: 'teams of the new organization owner to add the repository to' })
  @IsOptional()
  @IsArray()
  @IsInt({ each: true })
  team_ids?: number[];
}
