import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** Forgejo's `CreateForkOption`: into the caller's account unless `organization` names one; the parent's name unless `name` is given. */
export class CreateForkOption {
  @ApiPropertyOptional({ description: 'name of the forked repository' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name?: string;

  @ApiPropertyOptional({ description: 'organization name, if forking into an organization' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  organization?: string;
}
