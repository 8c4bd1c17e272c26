import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { DefaultArtifactClient } from '@actions/artifact';
import { ActionArtifactEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';
import { JobScheduler } from '../../src/modules/admin-cron/job-scheduler';

/** `GET /admin/cron` and `POST /admin/cron/{task}`: the server's real periodic jobs, run on demand. */
describe('admin cron tasks', () => {
  let server: TestServer;
  let admin: TestUser;
  let user: TestUser;
  let workDir: string;
  const savedEnv = { ...process.env };
  const as = (who: TestUser) => ({ auth: { token: who.token } });

  beforeAll(async () => {
    server = await startTestServer();
    admin = await createTestUser(server, { admin: true });
    user = await createTestUser(server);
    workDir = mkdtempSync(join(tmpdir(), 'bellows-cron-'));
  });
  afterAll(async () => {
    process.env = savedEnv;
    rmSync(workDir, { recursive: true, force: true });
    await server?.close();
  });

  const task = async (name: string) =>
    (await server.request('/admin/cron', as(admin))).body.find((t: { name: string }) => t.name === name) as {
      exec_times: number;
      prev: string;
      next: string;
      schedule: string;
    };

  it('lists the jobs with their schedule, next and previous run, paged, to site admins only', async () => {
    const res = await server.request('/admin/cron', as(admin));
    expect(res.status).toBe(200);
    expect(res.body.map((t: { name: string }) => t.name).sort()).toEqual([
      'cleanup_actions',
      'delete_temporary_files',
      'quota_usage_snapshot',
    ]);
    expect(res.headers.get('x-total-count')).toBe('3');
    expectForgejoShape('GET', '/admin/cron', 200, res.body);
    const sweep = await task('delete_temporary_files');
    expect(sweep.schedule).toBe('@every 60m');
    expect(sweep.exec_times).toBeGreaterThanOrEqual(1); // it runs once as the server starts
    expect(new Date(sweep.next).getTime()).toBeGreaterThan(Date.now());
    expect((await server.request('/admin/cron?limit=1', as(admin))).body).toHaveLength(1);
    expect((await server.request('/admin/cron', as(user))).status).toBe(403);
    expect((await server.request('/admin/cron')).status).toBe(401);
  });

  it('runs cleanup_actions on demand: an expired artifact is expired when the call returns', async () => {
    const repo = await createTestRepository(server, user.user, { isPrivate: true });
    const repoPath = `/repos/${user.name}/${repo.name}`;
    const run = await server.request(`${repoPath}/actions/runs`, { method: 'POST', ...as(user), body: { name: 'ci', event: 'push' } });
    process.env.ACTIONS_RUNTIME_TOKEN = run.body.runtime_token;
    process.env.ACTIONS_RESULTS_URL = run.body.results_url;
    process.env.GITHUB_SERVER_URL = `http://bellows.localhost:${new URL(server.url).port}`;
    writeFileSync(join(workDir, 'out.bin'), 'build output');
    const uploaded = await new DefaultArtifactClient().uploadArtifact('out', [join(workDir, 'out.bin')], workDir, { retentionDays: 1 });
    // Its retention ran out a moment ago; the hourly job has not come by yet.
    await server.db.dataSource.getRepository(ActionArtifactEntity).update(uploaded.id!, { expiresAt: new Date(Date.now() - 1000) });
    const artifact = () => server.request(`${repoPath}/actions/artifacts/${uploaded.id}`, as(user));
    expect((await artifact()).body.expired).toBe(false);
    const before = await task('cleanup_actions');

    const res = await server.request('/admin/cron/cleanup_actions', { method: 'POST', ...as(admin) });
    expect(res.status).toBe(204);
    expect((await artifact()).body.expired).toBe(true);
    expect((await server.request(`${repoPath}/actions/artifacts/${uploaded.id}/zip`, as(user))).status).toBe(410);
    const after = await task('cleanup_actions');
    expect(after.exec_times).toBe(before.exec_times + 1);
    expect(new Date(after.prev).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('answers 404 for an unknown task and 403 to others than site admins', async () => {
    expect((await server.request('/admin/cron/no_such_task', { method: 'POST', ...as(admin) })).status).toBe(404);
    expect((await server.request('/admin/cron/cleanup_actions', { method: 'POST', ...as(user) })).status).toBe(403);
    expect((await server.request('/admin/cron/delete_temporary_files', { method: 'POST', ...as(admin) })).status).toBe(204);
  });

  it('runs a due job once per due time, however often it is looked at, and moves its next run on', async () => {
    const scheduler = server.app.get(JobScheduler, { strict: false });
    const before = await task('cleanup_actions');
    const due = new Date(before.next);
    // Two looks at once past the due time (as two instances would): one run; a later look before the next due time: none.
    await Promise.all([scheduler.tick(new Date(due.getTime() + 1000)), scheduler.tick(new Date(due.getTime() + 2000))]);
    await scheduler.tick(new Date(due.getTime() + 3000));
    await scheduler.whenIdle(); // the tick claimed the other jobs due by then too: their runs end before the next case
    const after = await task('cleanup_actions'); // a run counts when it is claimed
    expect(after.exec_times).toBe(before.exec_times + 1);
    expect(new Date(after.next).getTime()).toBe(due.getTime() + 60 * 60 * 1000);
  });

  it('joins a run under way instead of running the pass twice at once', async () => {
    await server.app.get(JobScheduler, { strict: false }).whenIdle(); // no run left from an earlier case to join
    const before = await task('delete_temporary_files');
    const runs = await Promise.all(
      [1, 2, 3].map(() => server.request('/admin/cron/delete_temporary_files', { method: 'POST', ...as(admin) })),
    );
    expect(runs.map((r) => r.status)).toEqual([204, 204, 204]);
    expect((await task('delete_temporary_files')).exec_times).toBe(before.exec_times + 1);
  });
});
