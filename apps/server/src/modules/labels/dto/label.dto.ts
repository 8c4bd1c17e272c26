import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Label } from '@bellows/domain';

const NAME_MAX = 255;
const DESCRIPTION_MAX = 1024;

/** Forgejo's `CreateLabelOption`. The colour is checked by the service (the domain's colour rule). */
export class CreateLabelOption {
  @ApiProperty({ example: 'priority/high' }) @IsString() @IsNotEmpty() @MaxLength(NAME_MAX) name!: string;
  @ApiProperty({ example: '#00aabb', description: '`#rrggbb` or `rrggbb`' }) @IsString() color!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(DESCRIPTION_MAX) description?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() exclusive?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() is_archived?: boolean;
}

/** Forgejo's `EditLabelOption`: absent fields stay as they are. */
export class EditLabelOption {
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(NAME_MAX) name?: string;
  @ApiPropertyOptional({ example: '#00aabb' }) @IsOptional() @IsString() color?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(DESCRIPTION_MAX) description?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() exclusive?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() is_archived?: boolean;
}

/** Forgejo's `IssueLabelsOption`: labels by id (numbers) or by name (strings), and the optional back-dating. */
export class IssueLabelsOption {
  @ApiPropertyOptional({ type: 'array', items: { oneOf: [{ type: 'integer' }, { type: 'string' }] } })
  @IsOptional()
  @IsArray()
  labels?: unknown[];

  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() updated_at?: unknown;
}

/** Forgejo's `Label`. */
export class ApiLabel {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ example: '00aabb', description: 'six hexadecimal digits, without `#` (as Forgejo sends it)' }) color!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ description: 'with a `scope/name` name: at most one label of the scope on an issue' }) exclusive!: boolean;
  @ApiProperty() is_archived!: boolean;
  @ApiProperty() url!: string;
}

/**
 * Where labels are seen from: the server's root URL and the name of the owner
 * of the repository or organization they belong to (an organization's labels
 * are only used in its own repositories, so the owner's name is the org's).
 */
export interface LabelUrlContext {
  rootUrl: string;
  ownerName: string;
  /** The repository, for repository labels; absent when listing an organization's labels. */
  repoName?: string;
}

/** The one place that turns a label into its JSON shape (issues use it for `Issue.labels`). */
export function toApiLabel(label: Label, context: LabelUrlContext): ApiLabel {
  return {
    id: label.id,
    name: label.name,
    color: label.color.replace(/^#/, ''),
    description: label.description,
    exclusive: label.exclusive,
    is_archived: label.isArchived,
    url: labelUrl(label, context),
  };
}

function labelUrl(label: Label, { rootUrl, ownerName, repoName }: LabelUrlContext): string {
  const owner = encodeURIComponent(ownerName);
  if (label.orgId !== null || repoName === undefined) return `${rootUrl}api/v1/orgs/${owner}/labels/${label.id}`;
  return `${rootUrl}api/v1/repos/${owner}/${encodeURIComponent(repoName)}/labels/${label.id}`;
}
