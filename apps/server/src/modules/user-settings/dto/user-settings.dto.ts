import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { DIFF_VIEW_STYLES, Owner } from '@bellows/domain';

/** Forgejo's `UserSettingsOptions`: every field optional; absent fields are left as they are. */
export class UserSettingsOptions {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) full_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) website?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) description?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) location?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(50) pronouns?: string;
  @ApiPropertyOptional({ description: 'a language tag such as en-US, or empty' })
  @IsOptional()
  @IsString()
  @Matches(/^([A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?)?$/, { message: 'language must be a language tag such as en-US' })
  language?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) theme?: string;
  @ApiPropertyOptional({ enum: DIFF_VIEW_STYLES }) @IsOptional() @IsIn(DIFF_VIEW_STYLES) diff_view_style?: string;
  @ApiPropertyOptional({ description: 'Privacy' }) @IsOptional() @IsBoolean() hide_email?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() hide_pronouns?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() hide_activity?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() enable_repo_unit_hints?: boolean;
}

/** Forgejo's `UserSettings`. */
export class ApiUserSettings {
  @ApiProperty() full_name!: string;
  @ApiProperty() website!: string;
  @ApiProperty() description!: string;
  @ApiProperty() location!: string;
  @ApiProperty() pronouns!: string;
  @ApiProperty() language!: string;
  @ApiProperty() theme!: string;
  @ApiProperty() diff_view_style!: string;
  @ApiProperty({ description: 'Privacy' }) hide_email!: boolean;
  @ApiProperty() hide_pronouns!: boolean;
  @ApiProperty() hide_activity!: boolean;
  @ApiProperty() enable_repo_unit_hints!: boolean;
}

export function toApiUserSettings(user: Owner): ApiUserSettings {
  return {
    full_name: user.fullName,
    website: user.website,
    description: user.description,
    location: user.location,
    pronouns: user.pronouns,
    language: user.language,
    theme: user.theme,
    diff_view_style: user.diffViewStyle,
    hide_email: user.keepEmailPrivate,
    hide_pronouns: user.keepPronounsPrivate,
    hide_activity: user.keepActivityPrivate,
    enable_repo_unit_hints: user.enableRepoUnitHints,
  };
}
