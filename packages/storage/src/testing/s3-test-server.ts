import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { S3BlobStore, type S3BlobStoreOptions } from '../s3-blob-store';

/**
 * The S3-compatible server tests use: Ceph's RADOS Gateway, which the project's
 * `scripts/ceph-s3.sh start` installs (Debian's packages) and starts on
 * 127.0.0.1:7480. BELLOWS_TEST_S3_ENDPOINT (host:port), BELLOWS_TEST_S3_ACCESS_KEY
 * and BELLOWS_TEST_S3_SECRET_KEY point the tests at another one.
 */
export interface S3TestSettings {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  location: string;
}

const DEFAULT_ENDPOINT = '127.0.0.1:7480';
/** The script is the repository's own (from src/testing or dist/testing: four folders up). */
const START_SCRIPT = path.resolve(__dirname, '../../../../scripts/ceph-s3.sh');
/** A first start installs Ceph and makes its pools: about a minute and a half. */
const START_TIMEOUT_MS = 10 * 60 * 1000;

export function s3TestSettings(): S3TestSettings {
  return {
    endpoint: process.env.BELLOWS_TEST_S3_ENDPOINT || DEFAULT_ENDPOINT,
    accessKeyId: process.env.BELLOWS_TEST_S3_ACCESS_KEY || 'testaccess',
    secretAccessKey: process.env.BELLOWS_TEST_S3_SECRET_KEY || 'testsecret123',
    location: 'us-east-1',
  };
}

/** Whether something answers HTTP at the endpoint (any status: an S3 server refuses an anonymous GET /). */
export async function s3TestServerAnswers(settings: S3TestSettings = s3TestSettings()): Promise<boolean> {
  try {
    await fetch(`http://${settings.endpoint}/`, { signal: AbortSignal.timeout(3000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes sure the test server answers, starting the local RADOS Gateway with
 * `scripts/ceph-s3.sh start` when the default endpoint does not (a set endpoint
 * is somebody else's server: it is only checked). Jest's global set-up calls it once.
 */
export async function ensureS3TestServer(): Promise<S3TestSettings> {
  const settings = s3TestSettings();
  if (await s3TestServerAnswers(settings)) return settings;
  if (settings.endpoint !== DEFAULT_ENDPOINT) {
    throw new Error(`the S3 test server BELLOWS_TEST_S3_ENDPOINT=${settings.endpoint} does not answer`);
  }
  if (!existsSync(START_SCRIPT)) throw new Error(`no S3 test server on ${settings.endpoint}, and no ${START_SCRIPT} to start one`);
  await new Promise<void>((resolve, reject) => {
    execFile(
      START_SCRIPT,
      ['start'],
      {
        timeout: START_TIMEOUT_MS,
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, CEPH_S3_NO_MGR: '1', S3_ACCESS_KEY: settings.accessKeyId, S3_SECRET_KEY: settings.secretAccessKey },
      },
      (error, _stdout, stderr) =>
        error ? reject(new Error(`${START_SCRIPT} start failed: ${error.message}\n${stderr.slice(-4000)}`)) : resolve(),
    );
  });
  if (!(await s3TestServerAnswers(settings))) throw new Error(`${START_SCRIPT} ran, yet nothing answers on ${settings.endpoint}`);
  return settings;
}

/** A store on the test server: a bucket shared by a test file's runs, and a base path of its own so runs never meet. */
export interface TestS3Store {
  store: S3BlobStore;
  options: S3BlobStoreOptions;
  /** Removes every object and upload below the base path and closes the client. */
  drop(): Promise<void>;
}

export async function createTestS3Store(bucket: string, overrides: Partial<S3BlobStoreOptions> = {}): Promise<TestS3Store> {
  const settings = await ensureS3TestServer();
  const options: S3BlobStoreOptions = {
    endpoint: settings.endpoint,
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    location: settings.location,
    bucket,
    basePath: `run-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}/`,
    useSsl: false,
    insecureSkipVerify: false,
    ...overrides,
  };
  const store = new S3BlobStore(options);
  await store.ensureBucket();
  return {
    store,
    options,
    drop: async () => {
      try {
        await store.sweepTemporary(new Date(Date.now() + 24 * 60 * 60 * 1000));
        for await (const blob of store.list()) await store.delete(blob.key);
      } finally {
        store.destroy();
      }
    },
  };
}
