import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { ApiCommit } from '../../repo-files/dto/commit.dto';

/** Forgejo's `Note`. */
export class ApiNote {
  @ApiProperty() message!: string;
  @ApiProperty({ type: ApiCommit }) commit!: ApiCommit;
}

/** Forgejo's `NoteOptions`. */
export class NoteOptions {
  @ApiPropertyOptional() @IsOptional() @IsString() message?: string;
}
