import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { BellowsConfig } from '../config';
import { API_PREFIX } from './routes';

/** The API's base URLs: the https one first, then http, as Forgejo's description lists its schemes. */
export function apiServerUrls(rootUrl: string): string[] {
  const https = new URL(rootUrl);
  https.protocol = 'https:';
  const http = new URL(rootUrl);
  http.protocol = 'http:';
  return [`${https.toString()}${API_PREFIX}`, `${http.toString()}${API_PREFIX}`];
}

export function buildOpenApiDocument(app: INestApplication, config: BellowsConfig): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Bellows API')
    .setDescription('The Bellows forge API: Forgejo-compatible paths, methods and fields, plus the storage quota engine.')
    .setVersion('1')
    .addSecurityRequirements('AuthorizationHeaderToken')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'Authorization', description: 'token <value> or Bearer <value>' }, 'AuthorizationHeaderToken')
    .addApiKey({ type: 'apiKey', in: 'query', name: 'token' }, 'Token')
    .addApiKey({ type: 'apiKey', in: 'query', name: 'access_token' }, 'AccessToken')
    .addBasicAuth({ type: 'http', scheme: 'basic' }, 'BasicAuth')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'Sudo' }, 'SudoHeader')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-FORGEJO-OTP' }, 'TOTPHeader');
  for (const url of apiServerUrls(config.server.rootUrl)) builder.addServer(url);
  return SwaggerModule.createDocument(app, builder.build(), {
    ignoreGlobalPrefix: true,
    operationIdFactory: (_controller, method) => method,
  });
}

/** Serves the description at /swagger.v1.json and a browsable page at /api/swagger. */
export function mountOpenApi(app: INestApplication, document: OpenAPIObject): void {
  SwaggerModule.setup('api/swagger', app, document, { jsonDocumentUrl: 'swagger.v1.json', useGlobalPrefix: false, raw: ['json'] });
}
