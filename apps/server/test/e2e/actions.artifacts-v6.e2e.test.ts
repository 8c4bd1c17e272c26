import { execFile } from 'child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { promisify } from 'util';
import { createTestUser, TestUser } from '../support/fixtures';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

const run = promisify(execFile);
const CLIENT_SCRIPT = join(__dirname, '..', 'support', 'artifact-v6-client.mjs');

interface Run {
  id: number;
  runtime_token: string;
  results_url: string;
}

/**
 * Issue 14: today's @actions/artifact (the 6.x line bundled by current
 * upload-artifact, ESM only, protocol version 7 with `mime_type`) against the
 * real server, run in a child process as a workflow step runs it; and the
 * CreateArtifact requests Bellows refuses, with a 4xx naming the field.
 */
describe('actions artifacts with @actions/artifact 6.x (protocol version 7)', () => {
  let server: TestServer;
  let owner: TestUser;
  let repoPath: string;
  let workDir: string;
  const as = (user: TestUser) => ({ auth: { token: user.token } });

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
    const repo = await createTestRepository(server, owner.user, { isPrivate: true });
    repoPath = `/repos/${owner.name}/${repo.name}`;
    workDir = mkdtempSync(join(tmpdir(), 'bellows-artifact-v6-'));
  });

  afterAll(async () => {
    rmSync(workDir, { recursive: true, force: true });
    await server?.close();
  });

  async function startRun(): Promise<Run> {
    const res = await server.request(`${repoPath}/actions/runs`, { method: 'POST', ...as(owner), body: { name: 'build', event: 'push' } });
    expect(res.status).toBe(201);
    return res.body;
  }

  async function usedArtifacts(): Promise<number> {
    return (await server.request('/user/quota', as(owner))).body.used.size.assets.artifacts;
  }

  /** Runs the 6.x client script for `run`, as a runner's environment would point it at the server. */
  async function runClientV6(ciRun: Run, name: string, file: string, downloadDir: string) {
    const resultFile = join(workDir, `${name}.result.json`);
    await run(process.execPath, [CLIENT_SCRIPT, name, file, downloadDir, resultFile], {
      env: {
        ...process.env,
        ACTIONS_RUNTIME_TOKEN: ciRun.runtime_token,
        ACTIONS_RESULTS_URL: ciRun.results_url,
        GITHUB_SERVER_URL: `http://bellows.localhost:${new URL(server.url).port}`,
      },
      timeout: 90_000,
    });
    return JSON.parse(readFileSync(resultFile, 'utf8'));
  }

  async function twirp(ciRun: Run, method: string, body: object) {
    const res = await fetch(`${ciRun.results_url}twirp/github.actions.results.api.v1.ArtifactService/${method}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ciRun.runtime_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ workflow_run_backend_id: String(ciRun.id), ...body }),
    });
    return { status: res.status, body: await res.json() };
  }

  it('uploads, lists and downloads byte-identical; the owner is charged the stored size, the ledger equals a recount', async () => {
    const ciRun = await startRun();
    const content = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7907) % 253));
    const file = join(workDir, 'report.bin');
    writeFileSync(file, content);
    const downloadDir = mkdtempSync(join(workDir, 'download-'));
    const before = await usedArtifacts();

    const result = await runClientV6(ciRun, 'report', file, downloadDir);

    expect(result.uploaded.id).toBeGreaterThan(0);
    expect(result.artifact).toMatchObject({ id: result.uploaded.id, name: 'report', size: result.uploaded.size });
    expect(result.artifact.digest).toBe(`sha256:${result.uploaded.digest}`);
    expect(result.listed).toEqual([{ id: result.uploaded.id, name: 'report', size: result.uploaded.size }]);
    expect(result.digestMismatch).toBe(false);
    expect(readFileSync(result.downloadedFile).equals(content)).toBe(true);

    const stored = await server.request(`${repoPath}/actions/artifacts/${result.uploaded.id}`, as(owner));
    expect(stored.body).toMatchObject({ name: 'report', size_in_bytes: result.uploaded.size, workflow_run: { id: ciRun.id } });
    expect(await usedArtifacts()).toBe(before + result.uploaded.size);
    expect(await server.db.quotaRecount.differences()).toEqual([]);
  });

  it('accepts version 7 with a zip mime_type and fields it does not know', async () => {
    const ciRun = await startRun();
    const created = await twirp(ciRun, 'CreateArtifact', {
      name: 'newer-client',
      version: 7,
      mime_type: 'application/zip',
      some_future_field: { nested: true },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ ok: true, signed_upload_url: expect.any(String) });
  });

  it('refuses other versions and non-zip uploads with 400 naming the field, and records nothing', async () => {
    const ciRun = await startRun();
    const refusals = [
      [{ version: 5 }, /^version: .*4 and 7.*not 5/],
      [{ version: 'seven' }, /^version: /],
      [{ version: 7, mime_type: 'text/plain' }, /^mime_type: only zipped artifacts/],
      [{ version: 7, mime_type: 42 }, /^mime_type: must be a string/],
    ] as const;
    for (const [fields, message] of refusals) {
      const refused = await twirp(ciRun, 'CreateArtifact', { name: 'refused', ...fields });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'invalid_argument', msg: expect.stringMatching(message) });
    }
    // Nothing was started: the name is still free for an upload the server accepts.
    expect((await twirp(ciRun, 'CreateArtifact', { name: 'refused', version: 7, mime_type: 'application/zip' })).status).toBe(200);
  });
});
