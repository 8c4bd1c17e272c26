import { ChildProcess, execFileSync, spawn } from 'child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { request as httpsRequest } from 'https';
import { connect, Socket } from 'net';
import { tmpdir } from 'os';
import { join } from 'path';
import { createTestDatabase, Database, testEngineFromEnv, TestDatabase } from '@bellows/persistence-typeorm';
import { freePort } from '../support/test-server';
import { iniText } from '../support/ini-text';

/**
 * `bellows web` as an operator runs it: the built command (`npm run build`
 * first; the turbo `test` task does) in its own process, stopped by a signal.
 */
const BIN = join(__dirname, '../../bin/bellows.js');

interface RunningBellows {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts `bellows web --config FILE` and waits until it says it is serving. */
async function startBellows(configFile: string): Promise<RunningBellows> {
  // Only the config file decides: no BELLOWS__* settings leak in from the test's environment.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('BELLOWS')));
  const child = spawn(process.execPath, [BIN, 'web', '--config', configFile], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bellows did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', () => {
      if (output.includes('bellows is serving on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`bellows exited with ${code}:\n${output}`));
    });
  });
  return { child, output: () => output, exited };
}

function portIsClosed(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(true));
  });
}

/** An HTTP request whose body arrives in two parts, so that it is still in flight in between. */
function startSlowRequest(port: number, path: string, body: string): { socket: Socket; finish: () => void; response: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
  );
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  const response = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  return { socket, finish: () => socket.write(body.slice(half)), response };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('bellows web', () => {
  let dir: string;
  let database: TestDatabase;
  let running: RunningBellows | undefined;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bellows-lifecycle-'));
    database = await createTestDatabase(testEngineFromEnv());
  });
  afterEach(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGKILL');
      await running.exited;
    }
    running = undefined;
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const writeConfig = (server: Record<string, string | number>) => {
    const file = join(dir, 'app.ini');
    const { options } = database;
    writeFileSync(
      file,
      iniText({
        server: { HTTP_ADDR: '127.0.0.1', APP_DATA_PATH: join(dir, 'data'), ...server },
        database: { DB_TYPE: options.type, PATH: options.path, HOST: options.host, NAME: options.name, USER: options.user },
      }),
    );
    return file;
  };

  it('finishes an in-flight request after SIGTERM, closes the port and the database, and exits 0', async () => {
    const port = await freePort();
    running = await startBellows(writeConfig({ HTTP_PORT: port }));
    expect((await fetch(`http://127.0.0.1:${port}/api/healthz`)).status).toBe(200);

    const slow = startSlowRequest(
      port,
      '/api/v1/admin/users',
      JSON.stringify({ username: 'late', email: 'late@example.com', password: 'pw' }),
    );
    await sleep(300);
    running.child.kill('SIGTERM');
    await sleep(500);
    // No new connections once the signal arrived, but the request that was under way is still served.
    expect(await portIsClosed(port)).toBe(true);
    expect(running.child.exitCode).toBeNull();
    slow.finish();
    // Whatever the route answers (401 without credentials), it answers in full rather than being cut off.
    expect(await slow.response).toMatch(/^HTTP\/1\.1 4\d\d [^]*\r\n\r\n\{"message":/);

    expect(await running.exited).toBe(0);
    expect(running.output()).toContain('received SIGTERM');

    // The database was closed cleanly: it opens again and answers (for SQLite, its write-ahead log was checkpointed away).
    if (database.options.type === 'sqlite3') {
      expect(existsSync(`${database.options.path}-wal`)).toBe(false);
    }
    const reopened = await Database.open(database.options);
    try {
      if (reopened.engine === 'sqlite')
        expect(await reopened.dataSource.query('PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      await expect(reopened.ping()).resolves.toBeUndefined();
    } finally {
      await reopened.close();
    }
  });

  it('stops on SIGINT as well', async () => {
    const port = await freePort();
    running = await startBellows(writeConfig({ HTTP_PORT: port }));
    running.child.kill('SIGINT');
    expect(await running.exited).toBe(0);
    expect(await portIsClosed(port)).toBe(true);
  });

  it('serves HTTPS from CERT_FILE and KEY_FILE', async () => {
    const certFile = join(dir, 'cert.pem');
    const keyFile = join(dir, 'key.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-days',
        '1',
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: 'ignore' },
    );
    const port = await freePort();
    running = await startBellows(writeConfig({ HTTP_PORT: port, PROTOCOL: 'https', CERT_FILE: certFile, KEY_FILE: keyFile }));
    expect(running.output()).toContain(`serving on https://127.0.0.1:${port}/`);

    const health = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpsRequest({ host: '127.0.0.1', port, path: '/api/healthz', ca: readFileSync(certFile) }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(health).toEqual({ status: 200, body: JSON.stringify({ status: 'pass' }) });

    // Plain HTTP on the same port gets no API answer.
    await expect(fetch(`http://127.0.0.1:${port}/api/healthz`).then((r) => r.status)).rejects.toThrow();

    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
  });

  it('refuses to start with an unusable configuration, naming the key', async () => {
    const file = writeConfig({ HTTP_PORT: 99999 });
    await expect(startBellows(file)).rejects.toThrow(
      /exited with 1:\nbellows: invalid configuration \[server\] HTTP_PORT: 99999 is out of range/,
    );
  });
});
