import { mkdtempSync, rmSync } from 'fs';
import { createServer } from 'net';
import { tmpdir } from 'os';
import { join } from 'path';
import { createTestDatabase, testEngineFromEnv, TestDatabase } from '@bellows/persistence-typeorm';
import { BellowsApp, startServer } from '../../src/app/create-app';
import { loadConfig } from '../../src/config';
import { serverEnvOn } from './server-env';
import { testStorageSettings } from './test-storage';

/**
 * A real Bellows server for end-to-end tests: its own data folder, its own
 * database on the engine chosen by BELLOWS_TEST_DB (sqlite3 or postgres), a
 * free port on 127.0.0.1, and HTTP through fetch. `close()` removes it all.
 */
export interface TestServer extends BellowsApp {
  dataDir: string;
  /** The API root, `{url}api/v1`. */
  apiUrl: string;
  request(path: string, init?: TestRequestInit): Promise<TestResponse>;
}

export interface TestRequestInit {
  method?: string;
  /** JSON-encoded unless it is a string or Buffer. */
  body?: unknown;
  headers?: Record<string, string>;
  /** `token` → `Authorization: token …`; `basic` → Basic user:secret. */
  auth?: { token: string } | { basic: [string, string] };
}

export interface TestResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the text when the body is not JSON. */
  body: any;
  text: string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts a server. `settings` are extra `BELLOWS__SECTION__KEY` values. Its blobs
 * go to local files or, with BELLOWS_TEST_STORAGE=minio, to the S3 test server
 * (test-storage.ts); `settings` win over that choice.
 */
export async function startTestServer(settings: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bellows-e2e-'));
  const database: TestDatabase = await createTestDatabase(testEngineFromEnv());
  const storage = await testStorageSettings();
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...serverEnvOn(database, dataDir, port),
    ...storage.settings,
    ...Object.fromEntries(Object.entries(settings).map(([k, v]) => [k.startsWith('BELLOWS__') ? k : `BELLOWS__${k}`, v])),
  };
  const config = loadConfig({ configPath: join(dataDir, 'app.ini'), env });
  let app: BellowsApp;
  try {
    app = await startServer(config, { logger: ['error'] });
  } catch (error) {
    await database.drop();
    await storage.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const apiUrl = `${app.url}api/v1`;
  return {
    ...app,
    dataDir,
    apiUrl,
    request: (path, init) =>
      sendRequest(
        path.startsWith('http')
          ? path
          : path.startsWith('/api/') || !path.startsWith('/')
            ? `${app.url}${path.replace(/^\//, '')}`
            : `${apiUrl}${path}`,
        init,
      ),
    close: async () => {
      await app.close();
      await database.drop();
      await storage.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Sends one request. Paths starting with '/' (but not '/api/') are relative to
 * the API root; '/api/...' and 'owner/repo.git/...' are relative to the server root.
 */
export async function sendRequest(url: string, init: TestRequestInit = {}): Promise<TestResponse> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  let body: string | Buffer | undefined;
  if (init.body !== undefined) {
    if (typeof init.body === 'string' || Buffer.isBuffer(init.body)) body = init.body;
    else {
      body = JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
  }
  if (init.auth && 'token' in init.auth) headers.authorization = `token ${init.auth.token}`;
  if (init.auth && 'basic' in init.auth) headers.authorization = `Basic ${Buffer.from(init.auth.basic.join(':')).toString('base64')}`;
  const response = await fetch(url, { method: init.method ?? 'GET', headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text.length ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}
