import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { AccessToken } from '@bellows/domain';

/** Forgejo's CreateAccessTokenOption. */
export class CreateAccessTokenOption {
  @ApiProperty({ example: 'ci' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  name!: string;

  @ApiPropertyOptional({ type: [String], example: ['read:repository', 'write:package'], description: 'At least one scope is required.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(64)
  @IsString({ each: true })
  scopes?: string[];
}

/** Forgejo's AccessToken. `sha1` (the value) is only present in the answer to its creation. */
export class ApiAccessToken {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiPropertyOptional({ description: 'The token value; only in the response that created it.' }) sha1?: string;
  @ApiProperty() token_last_eight!: string;
  @ApiProperty({ type: [String] }) scopes!: string[];
}

/** The token as Forgejo shows it; `value` only in the answer to its creation. */
export function toApiAccessToken(token: AccessToken, value?: string): ApiAccessToken {
  return {
    id: token.id,
    name: token.name,
    ...(value !== undefined ? { sha1: value } : {}),
    token_last_eight: token.tokenLastEight,
    scopes: token.scopes.split(',').filter((scope) => scope.length > 0),
  };
}
