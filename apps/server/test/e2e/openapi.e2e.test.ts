import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { registeredRoutes } from '../../src/http/route-registry';
import { forgejoOperation } from '../support/forgejo-reference';
import { DocumentedOperation, fetchOwnDocument, operationsOf, routeKey } from '../support/openapi-operations';
import { startTestServer, TestServer } from '../support/test-server';

const API_ROOT = '/api/v1';
const FORGEJO_TAGS = ['user', 'admin', 'organization', 'repository', 'issue', 'package', 'notification', 'miscellaneous', 'settings'];

/** `GET /api/v1/users/:username` → `GET /users/{username}`; HEAD routes Fastify derives from GET are left out. */
function servedApiRoutes(server: TestServer): string[] {
  const routes = registeredRoutes(server.app.getHttpAdapter().getInstance())
    .filter((route) => route.method !== 'HEAD' && (route.url === API_ROOT || route.url.startsWith(`${API_ROOT}/`)))
    // A trailing `*` (a file path with slashes, as in /contents/*) is one parameter too.
    .map((route) =>
      routeKey(
        route.method,
        route.url
          .slice(API_ROOT.length)
          .replace(/:([A-Za-z0-9_]+)/g, '{$1}')
          .replace(/\/\*$/, '/{path}') || '/',
      ),
    );
  return [...new Set(routes)].sort();
}

const describeOperation = (operation: DocumentedOperation) => `${operation.method} ${operation.path}`;

describe('the OpenAPI description', () => {
  let server: TestServer;
  let document: any;
  let operations: DocumentedOperation[];

  beforeAll(async () => {
    server = await startTestServer();
    document = await fetchOwnDocument(server);
    operations = operationsOf(document);
  });
  afterAll(async () => server?.close());

  it('is what docs/api-coverage.md was made from (`npm run api:coverage` makes it again)', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { coverageMarkdown, REFERENCE, TARGET } = require(join(__dirname, '../../../../scripts/api-coverage.js')) as {
      coverageMarkdown: (reference: unknown, own: unknown) => string;
      REFERENCE: string;
      TARGET: string;
    };
    const expected = coverageMarkdown(JSON.parse(readFileSync(REFERENCE, 'utf8')), document);
    expect(readFileSync(TARGET, 'utf8')).toBe(expected);
  });

  it('lists every route the server serves under /api/v1, and nothing it does not serve', () => {
    const served = servedApiRoutes(server);
    const documented = [...new Set(operations.map((operation) => routeKey(operation.method, operation.path)))].sort();
    expect(documented).toEqual(served);
  });

  it('sees the routes the server registers (so the comparison above cannot pass on an empty list)', () => {
    const urls = registeredRoutes(server.app.getHttpAdapter().getInstance()).map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(expect.arrayContaining(['GET /api/healthz', 'GET /swagger.v1.json']));
  });

  it('leaves out the routes beside the API: health check, the description itself, the UI', () => {
    const paths = Object.keys(document.paths);
    expect(paths.filter((path) => path.startsWith('/api/') || path.includes('swagger') || path.includes('healthz'))).toEqual([]);
  });

  it('gives every operation a unique operationId and a tag', () => {
    const missing = operations.filter((operation) => !operation.operationId || operation.tags.length === 0).map(describeOperation);
    expect(missing).toEqual([]);
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it("uses Forgejo's operationId and first tag wherever Forgejo has the same operation", () => {
    const differences = operations.flatMap((operation) => {
      const forgejo = forgejoOperation(operation.method, operation.path);
      if (!forgejo) return [];
      const ours = { operationId: operation.operationId, tag: operation.tags[0] };
      const theirs = { operationId: forgejo.operationId, tag: forgejo.tags[0] };
      return ours.operationId === theirs.operationId && ours.tag === theirs.tag
        ? []
        : [{ operation: describeOperation(operation), ours, theirs }];
    });
    expect(differences).toEqual([]);
  });

  it('documents 404 for every operation that addresses a resource through its path', () => {
    const missing = operations
      .filter((operation) => operation.path.includes('{') && !operation.spec.responses?.['404'])
      .map(describeOperation);
    expect(missing).toEqual([]);
  });

  it('documents the APIError body {message, url} for every 4xx answer', () => {
    expect(document.components.schemas.APIError).toMatchObject({
      type: 'object',
      properties: { message: { type: 'string' }, url: { type: 'string' } },
    });
    const missing = operations.flatMap((operation) =>
      Object.entries(operation.spec.responses ?? {})
        .filter(([status]) => /^4\d\d$/.test(status))
        .filter(([, response]: [string, any]) => response.content?.['application/json']?.schema?.$ref !== '#/components/schemas/APIError')
        .map(([status]) => `${describeOperation(operation)} ${status}`),
    );
    expect(missing).toEqual([]);
  });

  it("declares Forgejo's tags with descriptions and its ways to authenticate", () => {
    const tags = document.tags.map((tag: { name: string }) => tag.name);
    expect(tags).toEqual(expect.arrayContaining(FORGEJO_TAGS));
    for (const tag of document.tags) expect(tag.description).toEqual(expect.any(String));
    expect(Object.keys(document.components.securitySchemes)).toEqual(
      expect.arrayContaining(['AuthorizationHeaderToken', 'BasicAuth', 'SudoHeader', 'SudoParam', 'TOTPHeader']),
    );
  });

  it('names the https server first and the http one second, both at the API root', () => {
    expect(document.servers.map((entry: { url: string }) => entry.url)).toEqual([server.apiUrl.replace(/^http:/, 'https:'), server.apiUrl]);
  });

  it('is browsable at /api/swagger', async () => {
    const res = await server.request('/api/swagger');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.text).toContain('swagger');
  });
});
