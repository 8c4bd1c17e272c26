import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { OAuth2Application } from '@bellows/domain';

/** Forgejo's CreateOAuth2ApplicationOptions (also the body of an update, which replaces every field). */
export class CreateOAuth2ApplicationOptions {
  @ApiProperty({ example: 'ci-dashboard' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  name!: string;

  @ApiProperty({ type: [String], example: ['https://dashboard.example.com/callback'] })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(32)
  @IsString({ each: true })
  @MaxLength(1024, { each: true })
  redirect_uris!: string[];

  @ApiPropertyOptional({ description: 'A server that keeps its secret (default false: a public client, which must use PKCE).' })
  @IsOptional()
  @IsBoolean()
  confidential_client?: boolean;
}

/** Forgejo's OAuth2Application. `client_secret` is only filled in the answers that made a new secret. */
export class ApiOAuth2Application {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() client_id!: string;
  @ApiProperty({ description: 'The client secret: only in the answers to creation and update (which makes a new one); empty elsewhere.' })
  client_secret!: string;
  @ApiProperty({ type: [String] }) redirect_uris!: string[];
  @ApiProperty() confidential_client!: boolean;
  @ApiProperty({ type: String, format: 'date-time' }) created!: string;
}

export function toApiOAuth2Application(application: OAuth2Application, clientSecret = ''): ApiOAuth2Application {
  return {
    id: application.id,
    name: application.name,
    client_id: application.clientId,
    client_secret: clientSecret,
    redirect_uris: application.redirectUris,
    confidential_client: application.confidentialClient,
    created: application.createdAt.toISOString(),
  };
}
