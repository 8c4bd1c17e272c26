import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { ActionVariable } from '@bellows/domain';

/** Forgejo's ActionVariable: the value is returned (variables are not secret); 0 for the id a holder does not have. */
export class ApiActionVariable {
  @ApiProperty() owner_id!: number;
  @ApiProperty() repo_id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() data!: string;
}

export class CreateVariableOption {
  @ApiProperty({ description: 'the value, stored as given' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  value!: string;
}

export class UpdateVariableOption {
  @ApiPropertyOptional({ description: 'a new name; empty or absent keeps the name' })
  @IsOptional()
  @IsString()
  name?: string;

  @ApiProperty({ description: 'the new value, stored as given' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  value!: string;
}

export function toApiActionVariable(variable: ActionVariable): ApiActionVariable {
  return { owner_id: variable.ownerId ?? 0, repo_id: variable.repoId ?? 0, name: variable.name, data: variable.data };
}
