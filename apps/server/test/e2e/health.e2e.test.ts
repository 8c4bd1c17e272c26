import { startTestServer, TestServer } from '../support/test-server';
import { createTestUser } from '../support/fixtures';

describe('a running server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('answers the health check when the database answers', async () => {
    const res = await server.request('/api/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'pass' });
  });

  it('answers an unknown API path with 404 and the APIError body', async () => {
    const res = await server.request('/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: expect.any(String), url: expect.stringContaining('api/swagger') });
  });

  it('serves the OpenAPI description with the https server first', async () => {
    const res = await server.request('/swagger.v1.json'.replace(/^\//, ''));
    expect(res.status).toBe(200);
    expect(res.body.servers.map((s: { url: string }) => s.url)).toEqual([server.apiUrl.replace('http://', 'https://'), server.apiUrl]);
  });

  it('keeps a fixture user signable by token', async () => {
    const ada = await createTestUser(server);
    expect(ada.token).toMatch(/^[0-9a-f]{40}$/);
  });
});
