import { ensureS3TestServer } from '../src/testing/s3-test-server';

/**
 * Once before the tests: the S3-compatible server the object-store tests use
 * must answer; when it does not, the project's scripts/ceph-s3.sh starts it, so
 * that `npm test` alone works on a fresh machine.
 */
export default async function globalSetup(): Promise<void> {
  await ensureS3TestServer();
}
