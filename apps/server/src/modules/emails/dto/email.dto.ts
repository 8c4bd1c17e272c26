import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString } from 'class-validator';
import { UserEmail } from '@bellows/domain';

/** At most this many addresses in one request: more is no person's list. */
const MAX_EMAILS_PER_REQUEST = 50;

/** Forgejo's `CreateEmailOption`. */
export class CreateEmailOption {
  @ApiPropertyOptional({ type: [String], description: 'email addresses to add' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_EMAILS_PER_REQUEST)
  @IsString({ each: true })
  emails?: string[];
}

/** Forgejo's `DeleteEmailOption`. */
export class DeleteEmailOption {
  @ApiPropertyOptional({ type: [String], description: 'email addresses to delete' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_EMAILS_PER_REQUEST)
  @IsString({ each: true })
  emails?: string[];
}

/** Forgejo's `Email`. */
export class ApiEmail {
  @ApiProperty({ format: 'email' }) email!: string;
  @ApiProperty() verified!: boolean;
  @ApiProperty() primary!: boolean;
  @ApiProperty({ type: 'integer', format: 'int64' }) user_id!: number;
  @ApiProperty() username!: string;
}

export function toApiEmail(email: UserEmail): ApiEmail {
  return { email: email.email, verified: email.verified, primary: email.primary, user_id: email.userId, username: email.username };
}
