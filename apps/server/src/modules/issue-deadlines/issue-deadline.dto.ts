import { ApiProperty } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';

/** Forgejo's `EditDeadlineOption`; `due_date` is read by the domain's parser (RFC 3339), so it is only declared here. */
export class EditDeadlineOption {
  @ApiProperty({ format: 'date-time', nullable: true, description: 'the day it is due (its end, 23:59:59 UTC); null removes the deadline' })
  @IsOptional()
  due_date?: unknown;
}

/** Forgejo's `IssueDeadline`. */
export class ApiIssueDeadline {
  @ApiProperty({ format: 'date-time', description: "Go's zero time (0001-01-01T00:00:00Z) once removed, as in Forgejo" })
  due_date!: string;
}
