import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Owner, SshKey } from '@bellows/domain';
import { ApiUser, ShapeContext, toApiUser } from '../../accounts/dto/user.dto';
import { ApiRepository } from '../../repositories/dto/repository.dto';

/** Forgejo's CreateKeyOption. */
export class CreateKeyOption {
  @ApiProperty({ description: 'Title of the key to add' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  title!: string;

  @ApiProperty({ description: 'An armored SSH key to add', example: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA… me@laptop' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(16 * 1024)
  key!: string;

  @ApiPropertyOptional({ description: 'Describe if the key has only read access or read/write (deploy keys)' })
  @IsOptional()
  @IsBoolean()
  read_only?: boolean;
}

/** Forgejo's PublicKey: `key_type`, `read_only` and `user` only for the key's owner and site administrators. */
export class ApiPublicKey {
  @ApiProperty() id!: number;
  @ApiProperty() key!: string;
  @ApiProperty() url!: string;
  @ApiProperty() title!: string;
  @ApiProperty() fingerprint!: string;
  @ApiProperty() created_at!: string;
  @ApiPropertyOptional() key_type?: string;
  @ApiPropertyOptional() read_only?: boolean;
  @ApiPropertyOptional({ type: ApiUser }) user?: ApiUser;
}

/** Forgejo's DeployKey. */
export class ApiDeployKey {
  @ApiProperty() id!: number;
  @ApiProperty() key_id!: number;
  @ApiProperty() key!: string;
  @ApiProperty() url!: string;
  @ApiProperty() title!: string;
  @ApiProperty() fingerprint!: string;
  @ApiProperty() created_at!: string;
  @ApiProperty() read_only!: boolean;
  @ApiProperty({ type: ApiRepository }) repository!: ApiRepository;
}

/** A user's key as `viewer` sees it: its owner and site administrators also see whose it is and its kind. */
export function toApiPublicKey(key: SshKey, owner: Owner, viewer: Owner | undefined, ctx: ShapeContext): ApiPublicKey {
  const shown: ApiPublicKey = {
    id: key.id,
    key: key.content,
    url: `${ctx.rootUrl}api/v1/user/keys/${key.id}`,
    title: key.title,
    fingerprint: key.fingerprint,
    created_at: key.createdAt.toISOString(),
  };
  if (!viewer || !(viewer.isAdmin || viewer.id === owner.id)) return shown;
  return { ...shown, key_type: 'user', read_only: key.readOnly, user: toApiUser(owner, viewer, ctx) };
}

/** A deploy key of `repository` (already shaped for the caller); its id is also its `key_id`. */
export function toApiDeployKey(key: SshKey, repository: ApiRepository): ApiDeployKey {
  return {
    id: key.id,
    key_id: key.id,
    key: key.content,
    url: `${repository.url}/keys/${key.id}`,
    title: key.title,
    fingerprint: key.fingerprint,
    created_at: key.createdAt.toISOString(),
    read_only: key.readOnly,
    repository,
  };
}
