import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';

/** Forgejo's UpdateUserAvatarOption: the new avatar of a user or an organization. */
export class UpdateUserAvatarOption {
  @ApiProperty({ description: 'image must be base64 encoded' }) @IsString() image!: string;
}

/** Forgejo's UpdateRepoAvatarOption: the new avatar of a repository. */
export class UpdateRepoAvatarOption {
  @ApiProperty({ description: 'image must be base64 encoded' }) @IsString() image!: string;
}
