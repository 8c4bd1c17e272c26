import { ApiProperty } from '@nestjs/swagger';
import { ApiCommit, ApiCommitAffectedFiles } from '../../repo-files/dto/commit.dto';

/** Forgejo's `Compare`: the commits head has that base lacks, and the files they change. */
export class ApiCompare {
  @ApiProperty({ type: 'integer', format: 'int64' }) total_commits!: number;
  @ApiProperty({ type: [ApiCommit] }) commits!: ApiCommit[];
  @ApiProperty({ type: [ApiCommitAffectedFiles] }) files!: ApiCommitAffectedFiles[];
}
