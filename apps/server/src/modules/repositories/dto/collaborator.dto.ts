import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { ApiUser } from '../../accounts/dto/user.dto';

/** The JSON shapes of collaborators with Forgejo's field names (`AddCollaboratorOption`, `RepoCollaboratorPermission`). */

export const COLLABORATOR_PERMISSIONS = ['read', 'write', 'admin'] as const;

/** Forgejo's `AddCollaboratorOption`; no permission means `write`, as in Forgejo. */
export class AddCollaboratorOption {
  @ApiPropertyOptional({ enum: COLLABORATOR_PERMISSIONS })
  @IsOptional()
  @IsIn(COLLABORATOR_PERMISSIONS)
  permission?: (typeof COLLABORATOR_PERMISSIONS)[number];
}

export class ApiRepoCollaboratorPermission {
  @ApiProperty({ enum: ['none', 'read', 'write', 'admin', 'owner'] }) permission!: string;
  @ApiProperty() role_name!: string;
  @ApiProperty({ type: () => ApiUser }) user!: ApiUser;
}
