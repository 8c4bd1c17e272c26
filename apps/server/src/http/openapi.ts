import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { BellowsConfig } from '../config';
import { documentErrorResponses } from './openapi-error-responses';
import { OPENAPI_TAGS } from './openapi-tags';
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
    .addApiKey(
      { type: 'apiKey', in: 'header', name: 'Authorization', description: 'An access token after "token " or "Bearer ".' },
      'AuthorizationHeaderToken',
    )
    .addApiKey({ type: 'apiKey', in: 'query', name: 'token', description: 'An access token in the query.' }, 'Token')
    .addApiKey({ type: 'apiKey', in: 'query', name: 'access_token', description: 'An access token in the query.' }, 'AccessToken')
    .addBasicAuth({ type: 'http', scheme: 'basic', description: 'User name with a password or an access token.' }, 'BasicAuth')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'Sudo', description: 'A site administrator acts as the named user.' }, 'SudoHeader')
    .addApiKey({ type: 'apiKey', in: 'query', name: 'sudo', description: 'A site administrator acts as the named user.' }, 'SudoParam')
    .addApiKey(
      {
        type: 'apiKey',
        in: 'header',
        name: 'X-FORGEJO-OTP',
        description: 'The current TOTP code, with Basic password sign-in when two-factor is on.',
      },
      'TOTPHeader',
    );
  for (const tag of OPENAPI_TAGS) builder.addTag(tag.name, tag.description);
  for (const url of apiServerUrls(config.server.rootUrl)) builder.addServer(url);
  const document = SwaggerModule.createDocument(app, builder.build(), {
    operationIdFactory: (_controller, method) => method,
  });
  return documentErrorResponses(onlyApiPaths(document));
}

/**
 * Keeps the operations under the API root, with paths relative to it (the
 * servers end in /api/v1); routes served beside the API (health, git, package
 * registries) are not part of this description.
 */
function onlyApiPaths(document: OpenAPIObject): OpenAPIObject {
  const prefix = `/${API_PREFIX}`;
  document.paths = Object.fromEntries(
    Object.entries(document.paths)
      .filter(([path]) => path === prefix || path.startsWith(`${prefix}/`))
      .map(([path, item]) => [path.slice(prefix.length) || '/', item]),
  );
  return document;
}

/** Serves the description at /swagger.v1.json and a browsable page at /api/swagger. */
export function mountOpenApi(app: INestApplication, document: OpenAPIObject): void {
  SwaggerModule.setup('api/swagger', app, document, { jsonDocumentUrl: 'swagger.v1.json', useGlobalPrefix: false, raw: ['json'] });
}
