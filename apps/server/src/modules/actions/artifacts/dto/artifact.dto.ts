import { ApiProperty } from '@nestjs/swagger';
import { Artifact } from '@bellows/domain';

class ApiArtifactWorkflowRun {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
}

/** An artifact in GitHub's REST shape. */
export class ApiActionArtifact {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ type: 'integer', format: 'int64', description: "the zip's size" }) size_in_bytes!: number;
  @ApiProperty() url!: string;
  @ApiProperty() archive_download_url!: string;
  @ApiProperty() expired!: boolean;
  @ApiProperty({ format: 'date-time', nullable: true }) created_at!: string | null;
  @ApiProperty({ format: 'date-time', nullable: true }) expires_at!: string | null;
  @ApiProperty({ type: ApiArtifactWorkflowRun }) workflow_run!: ApiArtifactWorkflowRun;
}

export class ApiActionArtifactList {
  @ApiProperty({ type: 'integer', format: 'int64' }) total_count!: number;
  @ApiProperty({ type: [ApiActionArtifact] }) artifacts!: ApiActionArtifact[];
}

/** `repoApiUrl` is `{ROOT_URL}api/v1/repos/{owner}/{repo}`. */
export function toApiArtifact(artifact: Artifact, repoApiUrl: string): ApiActionArtifact {
  const url = `${repoApiUrl}/actions/artifacts/${artifact.id}`;
  return {
    id: artifact.id,
    name: artifact.name,
    size_in_bytes: artifact.compressedSize,
    url,
    archive_download_url: `${url}/zip`,
    expired: artifact.status !== 'active',
    created_at: artifact.createdAt?.toISOString() ?? null,
    expires_at: artifact.expiresAt?.toISOString() ?? null,
    workflow_run: { id: artifact.runId },
  };
}
