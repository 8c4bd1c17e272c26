import { randomBytes } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { createTestDatabase, testEngineFromEnv } from '@bellows/persistence-typeorm';
import { BellowsApp, startServer } from '../../src/app/create-app';
import { loadConfig } from '../../src/config';
import { QuotaWarningWorker } from '../../src/modules/quota-warnings/quota-warning-worker';
import { createTestUser, TestUser } from '../support/fixtures';
import { ApiClient, uploadGenericPackage } from '../support/sized-uploads';
import { freePort, sendRequest, startTestServer, TestServer } from '../support/test-server';
import { ofEvent, startWebhookReceiver, WebhookDelivery, WebhookReceiver } from '../support/webhook-receiver';
import { serverEnvOn } from '../support/server-env';

/**
 * Warnings at thresholds (issue 16): with WARN_AT = 50,90, uploads that take a
 * rule past a threshold record one event, notify, and send a signed `quota`
 * webhook; falling back re-arms; rule edits re-evaluate without duplicates.
 */
const KIB = 1024;
const secret = 'quota-hook-secret';

describe('quota warnings at [quota] WARN_AT thresholds', () => {
  let server: TestServer;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let aliceHooks: WebhookReceiver;
  let systemHooks: WebhookReceiver;
  let orgHooks: WebhookReceiver;
  const tag = `warn${Date.now().toString(36)}`;
  const org = `${tag}org`;
  const rule = `${tag}-100k`;

  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const client = (user: TestUser, owner = user.name): ApiClient => ({ url: server.url, token: user.token, owner });
  /** What the worker does after a request is done in the background: wait until it has drained the outbox. */
  const settled = () => server.app.get(QuotaWarningWorker).idle();
  const eventsOf = async (path: string, user: TestUser) => {
    const response = await server.request(path, as(user));
    expect(response.status).toBe(200);
    return response.body as any[];
  };
  const quotaNotifications = async (user: TestUser) =>
    (await server.request('/notifications?subject-type=quota&all=true', as(user))).body as any[];
  const upload = async (owner: string, name: string, bytes: number, by: TestUser = alice) => {
    await uploadGenericPackage(client(by, owner), name, '1.0.0', 'f.bin', randomBytes(bytes));
    await settled();
  };
  const removePackage = async (owner: string, name: string, by: TestUser = alice) => {
    expect((await server.request(`/packages/${owner}/generic/${name}/1.0.0`, { method: 'DELETE', ...as(by) })).status).toBe(204);
    await settled();
  };
  const addHook = async (path: string, by: TestUser, target: WebhookReceiver) => {
    const body = { type: 'forgejo', config: { url: target.url, content_type: 'json', secret }, events: ['quota'], active: true };
    expect((await server.request(path, { method: 'POST', body, ...as(by) })).status).toBe(201);
  };
  const quotaHooks = (receiver: WebhookReceiver) => receiver.deliveries.filter((d) => d.eventType === 'quota');

  beforeAll(async () => {
    server = await startTestServer({ QUOTA__WARN_AT: '50,90', WEBHOOK__ALLOWED_HOST_LIST: 'loopback' });
    [aliceHooks, systemHooks, orgHooks] = await Promise.all([startWebhookReceiver(), startWebhookReceiver(), startWebhookReceiver()]);
    admin = await createTestUser(server, { admin: true });
    alice = await createTestUser(server, { name: `${tag}alice` });
    bob = await createTestUser(server, { name: `${tag}bob` });
    carol = await createTestUser(server, { name: `${tag}carol` });
    const plan = { name: `${tag}-plan`, rules: [{ name: rule, limit: 100 * KIB, subjects: ['size:all'] }] };
    expect((await server.request('/admin/quota/groups', { method: 'POST', body: plan, ...as(admin) })).status).toBe(201);
    expect((await server.request(`/admin/quota/groups/${tag}-plan/users/${alice.name}`, { method: 'PUT', ...as(admin) })).status).toBe(204);
    await addHook('/user/hooks', alice, aliceHooks);
    await addHook('/admin/hooks', admin, systemHooks);
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([aliceHooks?.close(), systemHooks?.close(), orgHooks?.close()]);
  });

  it('crossing 50 % records one event, one notification and one signed quota webhook (owner and system hooks)', async () => {
    await upload(alice.name, 'first', 60 * KIB);
    const events = await eventsOf('/user/quota/events', alice);
    expect(events).toEqual([
      {
        id: expect.any(Number),
        owner: { id: alice.user.id, name: alice.name, type: 'user' },
        group: `${tag}-plan`,
        rule,
        subjects: ['size:all'],
        limit: 100 * KIB,
        usage: 60 * KIB,
        percent: 60,
        threshold: 50,
        direction: 'up',
        created: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
      },
    ]);

    const delivered = await aliceHooks.waitFor(ofEvent('quota', 'crossed_up'));
    expect(delivered.event).toBe('quota');
    expect(delivered.signedWith(secret)).toBe(true);
    expect(delivered.signedWith('another secret')).toBe(false);
    expect(delivered.body).toMatchObject({
      action: 'crossed_up',
      event_id: events[0].id,
      owner: { id: alice.user.id, login: alice.name },
      group: `${tag}-plan`,
      rule,
      subjects: ['size:all'],
      limit: 100 * KIB,
      usage: 60 * KIB,
      percent: 60,
      threshold: 50,
      direction: 'up',
    });
    const system = await systemHooks.waitFor(ofEvent('quota', 'crossed_up', (body) => body.event_id === events[0].id));
    expect(system.signedWith(secret)).toBe(true);

    const notifications = await quotaNotifications(alice);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      repository: null,
      unread: true,
      subject: {
        type: 'Quota',
        title: `Storage: 50% of rule «${rule}» used (60 KiB of 100 KiB)`,
        url: `${server.url}api/v1/user/quota/events`,
        html_url: `${server.url}user/settings/storage`,
      },
    });
    // The thread reads and is marked read like any other.
    const thread = await server.request(`/notifications/threads/${notifications[0].id}`, as(alice));
    expect(thread.status).toBe(200);
    expect(thread.body.subject.type).toBe('Quota');
    expect((await server.request(`/notifications/threads/${notifications[0].id}`, { method: 'PATCH', ...as(alice) })).status).toBe(205);
    expect((await quotaNotifications(alice))[0].unread).toBe(false);
  });

  it('another upload that stays between 50 and 90 % records nothing', async () => {
    const before = quotaHooks(aliceHooks).length;
    await upload(alice.name, 'second', 10 * KIB);
    expect(await eventsOf('/user/quota/events', alice)).toHaveLength(1);
    await aliceHooks.expectNone((d) => d.eventType === 'quota' && quotaHooks(aliceHooks).indexOf(d) >= before, 500);
    expect(await quotaNotifications(alice)).toHaveLength(1);
  });

  it('falling back under 50 % records a down event and a webhook, no notification; crossing again fires again', async () => {
    await removePackage(alice.name, 'first'); // 10 KiB left: 10 %
    const [down] = await eventsOf('/user/quota/events', alice);
    expect(down).toMatchObject({ direction: 'down', threshold: 50, usage: 10 * KIB, percent: 10 });
    const hook = await aliceHooks.waitFor(ofEvent('quota', 'crossed_down'));
    expect(hook.body).toMatchObject({ event_id: down.id, direction: 'down', threshold: 50 });
    expect(hook.signedWith(secret)).toBe(true);
    expect(await quotaNotifications(alice)).toHaveLength(1);

    await upload(alice.name, 'third', 45 * KIB); // 55 %
    const events = await eventsOf('/user/quota/events', alice);
    expect(events.map((e) => [e.direction, e.threshold])).toEqual([
      ['up', 50],
      ['down', 50],
      ['up', 50],
    ]);
    await aliceHooks.waitFor(ofEvent('quota', 'crossed_up', (body) => body.event_id === events[0].id));
    expect(await quotaNotifications(alice)).toHaveLength(2);
  });

  it('lowering the limit re-evaluates at once, with one event for the highest threshold crossed', async () => {
    const before = (await eventsOf('/user/quota/events', alice)).length;
    const edited = await server.request(`/admin/quota/rules/${rule}`, { method: 'PATCH', body: { limit: 56 * KIB }, ...as(admin) });
    expect(edited.status).toBe(200);
    await settled();
    const events = await eventsOf('/user/quota/events', alice);
    expect(events).toHaveLength(before + 1);
    expect(events[0]).toMatchObject({ direction: 'up', threshold: 90, limit: 56 * KIB, usage: 55 * KIB });
    // Editing again to the same limit changes nothing.
    await server.request(`/admin/quota/rules/${rule}`, { method: 'PATCH', body: { limit: 56 * KIB }, ...as(admin) });
    await settled();
    expect(await eventsOf('/user/quota/events', alice)).toHaveLength(before + 1);
  });

  describe('an organization', () => {
    beforeAll(async () => {
      const created = await server.request('/orgs', { method: 'POST', body: { username: org }, ...as(bob) });
      expect(created.status).toBe(201);
      const hidden = await server.request('/orgs', { method: 'POST', body: { username: `${org}h`, visibility: 'private' }, ...as(bob) });
      expect(hidden.status).toBe(201);
      expect((await server.request(`/admin/quota/groups/${tag}-plan/users/${org}`, { method: 'PUT', ...as(admin) })).status).toBe(204);
      await addHook(`/orgs/${org}/hooks`, bob, orgHooks);
    });

    it("tells the organization's owners and its hooks; a jump over both thresholds is one event at 90 %", async () => {
      await upload(org, 'big', 55 * KIB, bob); // limit is 56 KiB now: 98 %
      const events = await eventsOf(`/orgs/${org}/quota/events`, bob);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ owner: { name: org, type: 'organization' }, direction: 'up', threshold: 90 });
      const hook = await orgHooks.waitFor(ofEvent('quota', 'crossed_up'));
      expect(hook.signedWith(secret)).toBe(true);
      expect(hook.body).toMatchObject({ owner: { login: org }, threshold: 90, event_id: events[0].id });
      await systemHooks.waitFor(ofEvent('quota', 'crossed_up', (body) => body.event_id === events[0].id));
      // Not the user's hooks: the event is the organization's.
      expect(aliceHooks.deliveries.some((d: WebhookDelivery) => d.body?.event_id === events[0].id)).toBe(false);
      const [notification] = await quotaNotifications(bob);
      expect(notification.subject).toMatchObject({
        type: 'Quota',
        url: `${server.url}api/v1/orgs/${org}/quota/events`,
        html_url: `${server.url}org/${org}/settings/storage`,
      });
    });

    it('only those who may read its quota see its events: 403 for a non-owner, 404 for a hidden organization', async () => {
      expect((await server.request(`/orgs/${org}/quota/events`, as(carol))).status).toBe(403);
      expect((await server.request(`/orgs/${org}h/quota/events`, as(carol))).status).toBe(404);
      expect((await server.request(`/orgs/${org}h/quota/events`, as(bob))).status).toBe(200);
      expect((await server.request(`/orgs/${org}/quota/events`, as(admin))).status).toBe(200);
      expect(await eventsOf('/user/quota/events', carol)).toEqual([]);
    });
  });

  it('the admin list shows every owner, newest first, paged, filtered by owner; others get 403', async () => {
    const page1 = await server.request(`/admin/quota/events?owner=${alice.name}&limit=2&page=1`, as(admin));
    expect(page1.status).toBe(200);
    expect(page1.headers.get('x-total-count')).toBe('4');
    expect(page1.headers.get('link')).toContain('rel="next"');
    const page2 = await server.request(`/admin/quota/events?owner=${alice.name}&limit=2&page=2`, as(admin));
    const ids = [...page1.body, ...page2.body].map((e: any) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids).toEqual((await eventsOf('/user/quota/events', alice)).map((e) => e.id));
    const all = await server.request('/admin/quota/events?limit=50', as(admin));
    expect(Number(all.headers.get('x-total-count'))).toBeGreaterThanOrEqual(5);
    expect(all.body.map((e: any) => e.owner.name)).toEqual(expect.arrayContaining([alice.name, org]));
    expect((await server.request('/admin/quota/events?owner=nobody-at-all', as(admin))).status).toBe(404);
    expect((await server.request('/admin/quota/events', as(alice))).status).toBe(403);
    expect((await server.request('/user/quota/events')).status).toBe(403); // as GET /user/quota answers the anonymous
  });
});

describe('quota warnings when the settings change between starts', () => {
  it('a start with another WARN_AT evaluates every owner once (here against the built-in [quota.default] TOTAL rule); the next start with the same settings does not', async () => {
    const database = await createTestDatabase(testEngineFromEnv());
    const dataDir = mkdtempSync(join(tmpdir(), 'bellows-warnings-restart-'));
    const start = async (warnAt: string): Promise<BellowsApp> => {
      const env: NodeJS.ProcessEnv = {
        ...serverEnvOn(database, dataDir, await freePort()),
        BELLOWS__QUOTA_DEFAULT__TOTAL: '100KiB',
        BELLOWS__QUOTA__WARN_AT: warnAt,
      };
      return startServer(loadConfig({ configPath: join(dataDir, 'app.ini'), env }), { logger: ['error'] });
    };
    let app = await start('');
    try {
      const ada = await createTestUser(app as unknown as TestServer);
      await uploadGenericPackage({ url: app.url, token: ada.token, owner: ada.name }, 'tool', '1.0.0', 'f.bin', randomBytes(60 * KIB));
      await app.app.get(QuotaWarningWorker).idle();
      const events = async () => (await sendRequest(`${app.url}api/v1/user/quota/events`, { auth: { token: ada.token } })).body;
      expect(await events()).toEqual([]); // warnings off

      await app.close();
      app = await start('50,90');
      await app.app.get(QuotaWarningWorker).idle();
      expect(await events()).toEqual([
        expect.objectContaining({
          group: 'builtin-default-group',
          rule: 'builtin-default-rule',
          threshold: 50,
          direction: 'up',
          usage: 60 * KIB,
        }),
      ]);

      await app.close();
      app = await start('50,90');
      await app.app.get(QuotaWarningWorker).idle();
      expect(await events()).toHaveLength(1);
    } finally {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
