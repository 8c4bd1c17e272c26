import { mkdtempSync, rmSync } from 'fs';
import { createServer, Socket } from 'net';
import { tmpdir } from 'os';
import { join } from 'path';
import { createTestDatabase, TestDatabase, TestEngine } from '@bellows/persistence-typeorm';
import { BellowsApp, startServer } from '../../src/app/create-app';
import { loadConfig } from '../../src/config';
import { serverEnvOn } from '../../test/support/server-env';

/** A real server on a throw-away database and data folder, listening on loopback. */
export interface BenchServer {
  app: BellowsApp;
  engine: TestEngine;
  /** The API root, `{url}api/v1`. */
  apiUrl: string;
  close(): Promise<void>;
}

/** `settings` are extra `SECTION__KEY` values (e.g. `{ METRICS__ENABLED: 'true' }`). */
export async function startBenchServer(engine: TestEngine, settings: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bellows-bench-'));
  const database: TestDatabase = await createTestDatabase(engine);
  const removeAll = async () => {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const config = loadConfig({
      configPath: join(dataDir, 'app.ini'),
      env: {
        ...serverEnvOn(database, dataDir, await freePort()),
        ...Object.fromEntries(Object.entries(settings).map(([key, value]) => [`BELLOWS__${key}`, value])),
      },
    });
    const app = await startServer(config, { logger: ['error'] });
    return {
      app,
      engine,
      apiUrl: `${app.url}api/v1`,
      close: async () => {
        await app.close();
        await removeAll();
      },
    };
  } catch (error) {
    await removeAll();
    throw error;
  }
}

function freePort(): Promise<number> {
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

/** Whether something accepts TCP connections at `host:port` within a second. */
export function answersOnTcp(hostPort: string): Promise<boolean> {
  const [host, port] = hostPort.split(':');
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(Number(port || 5432), host, () => done(true));
  });
}

/** Where the PostgreSQL the throw-away databases are created on listens (as createTestDatabase reads it). */
export function postgresHostPort(): string {
  return process.env.BELLOWS_TEST_PG_HOST ?? '127.0.0.1:5432';
}
