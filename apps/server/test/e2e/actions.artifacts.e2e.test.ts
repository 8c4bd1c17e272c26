import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { DefaultArtifactClient } from '@actions/artifact';
import { ArtifactCleanup } from '../../src/modules/actions/artifacts/artifact-cleanup.service';
import { createTestUser, TestUser } from '../support/fixtures';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';
import { storedBlobsOf } from '../support/test-storage';

/**
 * Actions artifacts end to end: a CI system registers a run, the real
 * @actions/artifact client uploads and downloads through the Twirp protocol
 * and signed URLs, and the REST routes, the quota and the expiry job see it.
 */
describe('actions runs and artifacts', () => {
  let server: TestServer;
  let owner: TestUser;
  let repoPath: string;
  let workDir: string;
  const savedEnv = { ...process.env };
  const as = (user: TestUser) => ({ auth: { token: user.token } });

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
    const repo = await createTestRepository(server, owner.user, { isPrivate: true });
    repoPath = `/repos/${owner.name}/${repo.name}`;
    workDir = mkdtempSync(join(tmpdir(), 'bellows-artifact-'));
  });

  afterAll(async () => {
    process.env = savedEnv;
    rmSync(workDir, { recursive: true, force: true });
    await server?.close();
  });

  /** Registers a run and points the artifact client at it, as a CI runner's environment would. */
  async function startRun(name = 'build'): Promise<{ id: number; runtime_token: string; results_url: string }> {
    const res = await server.request(`${repoPath}/actions/runs`, { method: 'POST', ...as(owner), body: { name, event: 'push' } });
    expect(res.status).toBe(201);
    process.env.ACTIONS_RUNTIME_TOKEN = res.body.runtime_token;
    process.env.ACTIONS_RESULTS_URL = res.body.results_url;
    process.env.GITHUB_SERVER_URL = `http://bellows.localhost:${new URL(server.url).port}`;
    return res.body;
  }

  async function usedArtifacts(): Promise<number> {
    return (await server.request('/user/quota', as(owner))).body.used.size.assets.artifacts;
  }

  async function uploadFile(client: DefaultArtifactClient, artifactName: string, content: Buffer, retentionDays?: number) {
    const file = join(workDir, `${artifactName}.bin`);
    writeFileSync(file, content);
    return client.uploadArtifact(artifactName, [file], workDir, { retentionDays, compressionLevel: 0 });
  }

  it("registers runs and lists them in Forgejo's shape", async () => {
    const run = await startRun('lint');
    expect(run.runtime_token.split('.')).toHaveLength(3);
    const listed = await server.request(`${repoPath}/actions/runs`, as(owner));
    expect(listed.status).toBe(200);
    expect(listed.body.workflow_runs.map((r: { id: number }) => r.id)).toContain(run.id);
    const one = await server.request(`${repoPath}/actions/runs/${run.id}`, as(owner));
    expect(one.body).toMatchObject({ id: run.id, name: 'lint', event: 'push', status: 'running', triggering_actor: { login: owner.name } });
    expect((await server.request(`${repoPath}/actions/runs/${run.id}`)).status).toBe(404); // private repository
  });

  it('uploads with @actions/artifact, downloads byte-identical, and counts the zip toward the owner', async () => {
    const run = await startRun();
    const client = new DefaultArtifactClient();
    const content = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 251));
    const before = await usedArtifacts();
    const uploaded = await uploadFile(client, 'bundle', content);
    expect(uploaded.id).toBeGreaterThan(0);
    expect(await usedArtifacts()).toBe(before + uploaded.size!);

    const { artifact } = await client.getArtifact('bundle');
    expect(artifact).toMatchObject({ id: uploaded.id, size: uploaded.size, digest: `sha256:${uploaded.digest}` });
    const target = mkdtempSync(join(workDir, 'download-'));
    const downloaded = await client.downloadArtifact(uploaded.id!, { path: target, expectedHash: artifact.digest });
    expect(downloaded.digestMismatch).toBe(false);
    expect(readFileSync(join(target, 'bundle.bin')).equals(content)).toBe(true);

    const listed = await server.request(`${repoPath}/actions/runs/${run.id}/artifacts`, as(owner));
    expect(listed.body.total_count).toBe(1);
    expect(listed.body.artifacts[0]).toMatchObject({
      id: uploaded.id,
      name: 'bundle',
      size_in_bytes: uploaded.size,
      expired: false,
      workflow_run: { id: run.id },
    });
    const zip = await fetch(listed.body.artifacts[0].archive_download_url, { headers: { authorization: `token ${owner.token}` } });
    expect(zip.status).toBe(200);
    expect(Buffer.from(await zip.arrayBuffer()).length).toBe(uploaded.size);
  });

  it('refuses a second artifact of the same name in a run, and deletes through the protocol', async () => {
    await startRun();
    const client = new DefaultArtifactClient();
    await uploadFile(client, 'once', Buffer.from('first'));
    await expect(uploadFile(client, 'once', Buffer.from('second'))).rejects.toThrow(/409|already/i);
    const before = await usedArtifacts();
    const deleted = await client.deleteArtifact('once');
    expect(deleted.id).toBeGreaterThan(0);
    expect(await usedArtifacts()).toBeLessThan(before);
  });

  it('lists, gets and deletes with the REST routes; deleting frees the usage', async () => {
    await startRun();
    const uploaded = await uploadFile(new DefaultArtifactClient(), 'rest', Buffer.from('some rest content'));
    const all = await server.request(`${repoPath}/actions/artifacts`, as(owner));
    expect(all.body.artifacts.map((a: { id: number }) => a.id)).toContain(uploaded.id);
    const one = await server.request(`${repoPath}/actions/artifacts/${uploaded.id}`, as(owner));
    expect(one.body).toMatchObject({ id: uploaded.id, name: 'rest', expired: false });
    expect(one.body.expires_at).toEqual(expect.any(String));
    expect((await server.request(`${repoPath}/actions/artifacts/${uploaded.id}`)).status).toBe(404);

    const before = await usedArtifacts();
    expect((await server.request(`${repoPath}/actions/artifacts/${uploaded.id}`, { method: 'DELETE', ...as(owner) })).status).toBe(204);
    expect(await usedArtifacts()).toBe(before - uploaded.size!);
    expect((await server.request(`${repoPath}/actions/artifacts/${uploaded.id}`, as(owner))).status).toBe(404);
  });

  it('expires artifacts past their retention: usage freed, zip 410, file gone', async () => {
    await startRun();
    const uploaded = await uploadFile(new DefaultArtifactClient(), 'short-lived', Buffer.from('expiring content'), 1);
    const before = await usedArtifacts();
    const zips = async () => (await storedBlobsOf(server).keys('actions/artifacts')).length;
    const zipsBefore = await zips();
    const cleanup = server.app.get(ArtifactCleanup, { strict: false });
    expect((await cleanup.run(new Date())).expired).toBe(0);
    const result = await cleanup.run(new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(await usedArtifacts()).toBe(before - uploaded.size!);
    expect(await zips()).toBe(zipsBefore - result.expired);
    expect(await storedBlobsOf(server).keys('actions/blocks')).toEqual([]); // every upload's blocks went once assembled
    const one = await server.request(`${repoPath}/actions/artifacts/${uploaded.id}`, as(owner));
    expect(one.body.expired).toBe(true);
    expect((await server.request(`${repoPath}/actions/artifacts/${uploaded.id}/zip`, as(owner))).status).toBe(410);
  });

  it("refuses forged, unsigned and other runs' runtime tokens with 4xx", async () => {
    const run = await startRun();
    const twirp = (token: string, body: object) =>
      fetch(`${run.results_url}twirp/github.actions.results.api.v1.ArtifactService/ListArtifacts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const [header, payload] = run.runtime_token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ scp: 'Actions.Results:1:job', exp: 9999999999 })).toString('base64url');
    const ids = { workflow_run_backend_id: String(run.id), workflow_job_run_backend_id: 'x' };
    expect((await twirp(`${header}.${forgedPayload}.${run.runtime_token.split('.')[2]}`, ids)).status).toBe(401);
    expect((await twirp(`${header}.${payload}.`, ids)).status).toBe(401);
    const other = await twirp(run.runtime_token, { ...ids, workflow_run_backend_id: String(run.id + 1000) });
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({ code: 'permission_denied' });
  });

  it('refuses uploads to URLs with a bad signature, leaving nothing behind', async () => {
    await startRun();
    const res = await fetch(`${server.url}api/actions/artifact-uploads/1?expires=9999999999&sig=forged`, { method: 'PUT', body: 'x' });
    expect(res.status).toBe(403);
  });
});
