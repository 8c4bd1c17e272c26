import { createTestUser } from '../support/fixtures';
import { GARBAGE_CREDENTIALS, GarbageRequest, garbageRequestsFor } from '../support/garbage-inputs';
import { DocumentedOperation, fetchOwnDocument, operationsOf } from '../support/openapi-operations';
import { RawResponse, sendRaw } from '../support/raw-request';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Sends malformed input to EVERY operation of our own API description, as a
 * site administrator and as an anonymous caller: no answer may be a 5xx, and
 * every error must be the APIError body with a message.
 */
const PARALLEL_REQUESTS = 4;

/** How many tests the operations are spread over. */
const OPERATION_SHARES = 8;

/** What goes wrong with one answer, or undefined when it is acceptable. */
function problemWith(res: RawResponse): string | undefined {
  if (res.status >= 500) return `answered ${res.status}`;
  if (res.status < 400) return undefined;
  const body = res.json;
  const isApiError =
    body && typeof body === 'object' && typeof body.message === 'string' && body.message.trim() !== '' && typeof body.url === 'string';
  return isApiError ? undefined : `answered ${res.status} without the APIError body`;
}

async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Requests that need no documented operation: garbage against the API root and an unknown route. */
const ALWAYS: GarbageRequest[] = [
  { label: 'unknown route', method: 'GET', path: '/no/such/route', headers: {} },
  { label: 'bad percent-encoding', method: 'GET', path: '/users/%E0%A4%A', headers: {} },
  {
    label: 'invalid JSON to an unknown route',
    method: 'POST',
    path: '/no/such/route',
    headers: { 'content-type': 'application/json' },
    body: '{oops',
  },
  { label: 'NUL in the path', method: 'GET', path: '/a%00b', headers: {} },
];

describe('garbage input to every operation', () => {
  let server: TestServer;
  let document: any;
  let operations: DocumentedOperation[];
  let adminToken: string;

  beforeAll(async () => {
    server = await startTestServer();
    adminToken = (await createTestUser(server, { admin: true })).token;
    document = await fetchOwnDocument(server);
    operations = operationsOf(document);
  });
  afterAll(async () => server?.close());

  const asAdminAndAnonymous = (): [string, Record<string, string>][] => [
    ['admin', { authorization: `token ${adminToken}` }],
    ['anonymous', {}],
  ];

  async function send(requests: GarbageRequest[], callers: [string, Record<string, string>][] = asAdminAndAnonymous()): Promise<string[]> {
    const problems: string[] = [];
    const attempts = requests.flatMap((request) => callers.map(([who, auth]) => ({ request, who, auth })));
    await inParallel(attempts, PARALLEL_REQUESTS, async ({ request, who, auth }) => {
      const res = await sendRaw(server.url, {
        method: request.method,
        path: `/api/v1${request.path}`,
        headers: { ...request.headers, ...auth },
        body: request.body,
      });
      const problem = problemWith(res);
      if (problem)
        problems.push(
          `${request.method} ${request.path.slice(0, 120)} (${request.label}, as ${who}): ${problem}: ${res.text.slice(0, 200)}`,
        );
    });
    return problems.sort();
  }

  it('answers garbage outside any operation with a 4xx APIError', async () => {
    expect(await send(ALWAYS)).toEqual([]);
  });

  it('answers malformed credentials with a 4xx APIError', async () => {
    const requests = GARBAGE_CREDENTIALS.flatMap(({ label, query, headers }) => [
      { label, method: 'GET', path: `/user${query ? `?${query}` : ''}`, headers },
      { label, method: 'GET', path: `/no/such/route${query ? `?${query}` : ''}`, headers },
    ]);
    expect(await send(requests, [['caller', {}]])).toEqual([]);
  });

  // Every operation, in OPERATION_SHARES interleaved shares: each share is its own test with
  // its own time limit, so the walk grows with the API without one test running for minutes.
  for (let share = 0; share < OPERATION_SHARES; share++) {
    it(`never answers 5xx, and answers every error with {message, url} (operations, share ${share + 1} of ${OPERATION_SHARES})`, async () => {
      const mine = operations.filter((_, index) => index % OPERATION_SHARES === share);
      expect(mine.length).toBeGreaterThan(0);
      const requests = mine.flatMap((operation) => garbageRequestsFor(operation, document));
      expect(await send(requests)).toEqual([]);
    });
  }
});
