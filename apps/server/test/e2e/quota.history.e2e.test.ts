import { randomBytes } from 'crypto';
import { createTestOrg, createTestUser, TestUser } from '../support/fixtures';
import { ApiClient, attachToIssue, createIssue, createRepository, uploadGenericPackage } from '../support/sized-uploads';
import { startTestServer, TestServer } from '../support/test-server';
import { QuotaHistory } from '../../src/modules/quota-history/quota-history.service';

jest.setTimeout(60_000);

const DAY_MS = 24 * 60 * 60 * 1000;
const dayBefore = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

/** Bytes of GET …/quota's `used` for size:all (every leaf) and for packages. */
function sizeAll(used: any): number {
  const { repos, git, assets } = used.size;
  return (
    repos.public +
    repos.private +
    git.LFS +
    assets.attachments.issues +
    assets.attachments.releases +
    assets.artifacts +
    assets.packages.all
  );
}

/**
 * The usage history (issue 16): the daily `quota_usage_snapshot` job copies
 * every owner's ledger figures; `GET /user/quota/history` (and the org and
 * admin variants) answer a subject's points, the last equal to the live figure.
 */
describe('quota usage history', () => {
  let server: TestServer;
  let admin: TestUser;
  let ada: TestUser;
  let bob: TestUser;
  const today = dayBefore(0);
  const as = (who: TestUser) => ({ auth: { token: who.token } });
  const client = (who: TestUser, owner = who.name): ApiClient => ({ url: server.url, token: who.token, owner });
  const snapshot = async () =>
    expect((await server.request('/admin/cron/quota_usage_snapshot', { method: 'POST', ...as(admin) })).status).toBe(204);
  const insertPoint = (ownerId: number, day: string, bucket: string, bytes: number) =>
    server.db.dataSource.query(
      `INSERT INTO quota_usage_snapshot (owner_id, day, bucket, bytes) VALUES (${ownerId}, '${day}', '${bucket}', ${bytes})`,
    );

  beforeAll(async () => {
    server = await startTestServer();
    admin = await createTestUser(server, { admin: true });
    ada = await createTestUser(server);
    bob = await createTestUser(server);
  });
  afterAll(() => server?.close());

  it("ends with today's point, equal to GET /user/quota's figure for the subject after the job ran", async () => {
    await uploadGenericPackage(client(ada), 'tool', '1.0.0', 'tool.bin', randomBytes(3000));
    await createRepository(client(ada), 'notes');
    await attachToIssue(client(ada), 'notes', await createIssue(client(ada), 'notes'), randomBytes(700));
    await snapshot();

    const used = (await server.request('/user/quota', as(ada))).body.used;
    const all = await server.request('/user/quota/history', as(ada));
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ subject: 'size:all', from: dayBefore(89), to: today, points: [{ date: today, bytes: sizeAll(used) }] });
    expect(sizeAll(used)).toBeGreaterThanOrEqual(3700);
    const packages = await server.request('/user/quota/history?subject=size:assets:packages:all', as(ada));
    expect(packages.body.points).toEqual([{ date: today, bytes: used.size.assets.packages.all }]);
    expect(used.size.assets.packages.all).toBe(3000);
    const attachments = await server.request('/user/quota/history?subject=size:assets:attachments:issues', as(ada));
    expect(attachments.body.points).toEqual([{ date: today, bytes: 700 }]);
  });

  it('lists older days oldest first within from..to, leaving out days without a snapshot', async () => {
    await insertPoint(ada.user.id, dayBefore(3), 'packages', 2000);
    await insertPoint(ada.user.id, dayBefore(30), 'packages', 1000);
    await insertPoint(ada.user.id, dayBefore(30), 'attachments:issues', 5);
    await insertPoint(ada.user.id, dayBefore(95), 'packages', 500);

    const res = await server.request('/user/quota/history?subject=size:assets:packages:all', as(ada));
    expect(res.body.points).toEqual([
      { date: dayBefore(30), bytes: 1000 },
      { date: dayBefore(3), bytes: 2000 },
      { date: today, bytes: 3000 },
    ]);
    const all = await server.request(`/user/quota/history?from=${dayBefore(100)}&to=${dayBefore(3)}`, as(ada));
    expect(all.body).toEqual({
      subject: 'size:all',
      from: dayBefore(100),
      to: dayBefore(3),
      points: [
        { date: dayBefore(95), bytes: 500 },
        { date: dayBefore(30), bytes: 1005 },
        { date: dayBefore(3), bytes: 2000 },
      ],
    });
  });

  it("overwrites today's point when the job runs again the same day", async () => {
    await uploadGenericPackage(client(ada), 'tool', '1.0.1', 'tool.bin', randomBytes(4000));
    await snapshot();
    const res = await server.request('/user/quota/history?subject=size:assets:packages:all', as(ada));
    expect(res.body.points.at(-1)).toEqual({ date: today, bytes: 7000 });
    expect(res.body.points.filter((p: { date: string }) => p.date === today)).toHaveLength(1);
  });

  it('deletes the days older than HISTORY_DAYS (400 by default) when the job runs, and keeps the oldest kept day', async () => {
    await insertPoint(ada.user.id, dayBefore(400), 'packages', 1);
    await insertPoint(ada.user.id, dayBefore(399), 'packages', 2);
    const rows = () => server.db.dataSource.query(`SELECT day FROM quota_usage_snapshot WHERE owner_id = ${ada.user.id} ORDER BY day`);
    expect((await rows()).map((r: { day: string }) => r.day)).toContain(dayBefore(400));

    await snapshot();

    const days = (await rows()).map((r: { day: string }) => r.day);
    expect(days).not.toContain(dayBefore(400));
    expect(days[0]).toBe(dayBefore(399));
    const res = await server.request(`/user/quota/history?subject=size:assets:packages:all&from=${dayBefore(399)}`, as(ada));
    expect(res.body.points[0]).toEqual({ date: dayBefore(399), bytes: 2 });
  });

  it('refuses a bad subject, a bad day, from after to, and more days than HISTORY_DAYS with 422 naming the problem', async () => {
    const refusal = async (query: string) => {
      const res = await server.request(`/user/quota/history?${query}`, as(ada));
      return [res.status, res.body.message];
    };
    expect(await refusal('subject=size:everything')).toEqual([
      422,
      expect.stringContaining('subject "size:everything" is not a quota subject'),
    ]);
    expect(await refusal('from=2026-02-30')).toEqual([422, 'from must be a day written YYYY-MM-DD, got "2026-02-30"']);
    expect(await refusal('to=tomorrow')).toEqual([422, 'to must be a day written YYYY-MM-DD, got "tomorrow"']);
    expect(await refusal(`from=${today}&to=${dayBefore(1)}`)).toEqual([422, `from (${today}) must not be after to (${dayBefore(1)})`]);
    expect(await refusal(`from=${dayBefore(400)}`)).toEqual([
      422,
      `from ${dayBefore(400)} to ${today} is 401 days; at most 400 (HISTORY_DAYS) may be asked for`,
    ]);
    expect(await refusal('subject=size:all&subject=size:git:all')).toEqual([422, expect.stringContaining('subject is required')]);
  });

  it("answers an organization's history to its owners and site admins, 403 to other users, 404 when it is hidden", async () => {
    const org = await createTestOrg(server, bob);
    await uploadGenericPackage(client(bob, org.name), 'lib', '2.0.0', 'lib.tgz', randomBytes(1234));
    await snapshot();
    const path = `/orgs/${org.name}/quota/history?subject=size:assets:packages:all`;

    const mine = await server.request(path, as(bob));
    expect(mine.status).toBe(200);
    expect(mine.body.points).toEqual([{ date: today, bytes: 1234 }]);
    expect((await server.request(`/orgs/${org.name}/quota`, as(bob))).body.used.size.assets.packages.all).toBe(1234);
    expect((await server.request(path, as(admin))).body).toEqual(mine.body);
    expect((await server.request(path, as(ada))).status).toBe(403);
    expect((await server.request(`/orgs/${org.name}/quota`, as(ada))).status).toBe(403);
    const hidden = await createTestOrg(server, bob, 'private');
    expect((await server.request(`/orgs/${hidden.name}/quota/history`, as(ada))).status).toBe(404);
    expect((await server.request(`/orgs/${hidden.name}/quota/history`, as(bob))).status).toBe(200);
    expect((await server.request('/orgs/no-such-org/quota/history', as(bob))).status).toBe(404);
  });

  it("gives site admins any user's or organization's history by name, and the instance's, to them only", async () => {
    const forAda = await server.request(`/admin/users/${ada.name}/quota/history?subject=size:assets:packages:all`, as(admin));
    expect(forAda.status).toBe(200);
    expect(forAda.body.points.at(-1)).toEqual({ date: today, bytes: 7000 });
    expect((await server.request('/admin/users/nobody-here/quota/history', as(admin))).status).toBe(404);

    const instance = await server.request(`/admin/quota/history?from=${today}`, as(admin));
    expect(instance.status).toBe(200);
    let everyone = 0;
    for (const name of (await server.request('/admin/users?limit=50', as(admin))).body.map((u: { login: string }) => u.login)) {
      everyone += sizeAll((await server.request(`/admin/users/${name}/quota`, as(admin))).body.used);
    }
    for (const org of (await server.request('/admin/orgs?limit=50', as(admin))).body) {
      everyone += sizeAll((await server.request(`/admin/users/${org.username}/quota`, as(admin))).body.used);
    }
    expect(instance.body).toEqual({ subject: 'size:all', from: today, to: today, points: [{ date: today, bytes: everyone }] });
    expect(everyone).toBeGreaterThanOrEqual(7000 + 700 + 1234);

    for (const path of ['/admin/quota/history', `/admin/users/${ada.name}/quota/history`]) {
      expect([path, (await server.request(path, as(ada))).status]).toEqual([path, 403]);
      expect([path, (await server.request(path)).status]).toEqual([path, (await server.request('/admin/quota/rules')).status]);
    }
  });

  it('gives the storage page the same points through QuotaHistory.series and instanceSeries (Dates in, UTC days out)', async () => {
    const history = server.app.get(QuotaHistory, { strict: false });
    const range = { from: new Date(Date.now() - 120 * DAY_MS), to: new Date() };
    const mine = await server.request(`/user/quota/history?from=${dayBefore(120)}&subject=size:assets:packages:all`, as(ada));
    expect(mine.body.points.length).toBeGreaterThanOrEqual(3);
    expect(await history.series(ada.user.id, { ...range, subject: 'size:assets:packages:all' })).toEqual(mine.body.points);
    const instance = await server.request(`/admin/quota/history?from=${dayBefore(120)}`, as(admin));
    expect(instance.body.points.at(-1).date).toBe(today);
    expect(await history.instanceSeries({ ...range, subject: 'size:all' })).toEqual(instance.body.points);
  });

  it('asks for sign-in as GET /user/quota does: 401 for a bad token, the same answer as /user/quota without one', async () => {
    const bad = { auth: { token: 'not-a-token' } };
    expect((await server.request('/user/quota/history', bad)).status).toBe(401);
    expect((await server.request('/user/quota', bad)).status).toBe(401);
    const anonymous = (await server.request('/user/quota/history')).status;
    expect(anonymous).toBe((await server.request('/user/quota')).status);
    expect([401, 403]).toContain(anonymous);
  });

  it('is listed among the cron tasks, due once a day, with its runs counted', async () => {
    const res = await server.request('/admin/cron', as(admin));
    const task = res.body.find((t: { name: string }) => t.name === 'quota_usage_snapshot');
    expect(task).toMatchObject({ name: 'quota_usage_snapshot', schedule: '@every 1440m' });
    expect(task.exec_times).toBeGreaterThanOrEqual(4);
    expect(new Date(task.prev).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('quota usage history with [quota] ENABLED = false', () => {
  let server: TestServer;
  afterAll(() => server?.close());

  it('answers 404 on every history route, while the job still takes snapshots', async () => {
    server = await startTestServer({ QUOTA__ENABLED: 'false' });
    const admin = await createTestUser(server, { admin: true });
    for (const path of [
      '/user/quota/history',
      '/admin/quota/history',
      `/admin/users/${admin.name}/quota/history`,
      '/orgs/any/quota/history',
    ]) {
      expect([path, (await server.request(path, { auth: { token: admin.token } })).status]).toEqual([path, 404]);
    }
    await server.db.repositories.insert({ ownerId: admin.user.id, name: 'r', gitSize: 123 });
    expect((await server.request('/admin/cron/quota_usage_snapshot', { method: 'POST', auth: { token: admin.token } })).status).toBe(204);
    const [row] = await server.db.dataSource.query(`SELECT bytes FROM quota_usage_snapshot WHERE owner_id = ${admin.user.id}`);
    expect(Number(row.bytes)).toBe(123);
  });
});
