import { ApiProperty } from '@nestjs/swagger';
import { LabelEntity } from '@bellows/persistence-typeorm';

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

/** The one place that turns a label row into its JSON shape (issues use it for `Issue.labels`). */
export function toApiLabel(label: LabelEntity, context: LabelUrlContext): ApiLabel {
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

function labelUrl(label: LabelEntity, { rootUrl, ownerName, repoName }: LabelUrlContext): string {
  const owner = encodeURIComponent(ownerName);
  if (label.orgId !== null || repoName === undefined) return `${rootUrl}api/v1/orgs/${owner}/labels/${label.id}`;
  return `${rootUrl}api/v1/repos/${owner}/${encodeURIComponent(repoName)}/labels/${label.id}`;
}
