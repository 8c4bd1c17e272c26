import { createTestUser, TestUser } from '../support/fixtures';
import { bellows, writeCliConfig } from '../support/cli';
import { Scrape } from '../support/prometheus-scrape';
import { uploadGenericPackage } from '../support/sized-uploads';
import { freePort, startTestServer, TestServer } from '../support/test-server';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

const TOKEN = 'scrape-secret-4f1c';

async function scrape(server: TestServer, authorization = `Bearer ${TOKEN}`): Promise<Scrape> {
  const response = await fetch(`${server.url}metrics`, { headers: { authorization } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return new Scrape(await response.text());
}

/** Retries `check` until it passes (figures that follow in the background: webhook attempts, the overview). */
async function eventually(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** GET /user/quota's figures as the metrics' subjects (the leaves summed for size:all). */
async function quotaOf(server: TestServer, user: TestUser): Promise<Record<string, number>> {
  const { size } = (await server.request('/user/quota', { auth: { token: user.token } })).body.used;
  const packages = size.assets.packages.all;
  const all =
    size.repos.public +
    size.repos.private +
    size.git.LFS +
    size.assets.attachments.issues +
    size.assets.attachments.releases +
    size.assets.artifacts +
    packages;
  return { 'size:all': all, 'size:assets:packages:all': packages };
}

const upload = (server: TestServer, user: TestUser, name: string, bytes: number) =>
  uploadGenericPackage({ url: server.url, token: user.token, owner: user.name }, name, '1.0.0', 'blob.bin', Buffer.alloc(bytes, 7));

describe('{ROOT_URL}metrics', () => {
  describe('off by default', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer();
    });
    afterAll(async () => server?.close());

    it('is no route at all: 404, even with a token', async () => {
      expect((await fetch(`${server.url}metrics`)).status).toBe(404);
      expect((await fetch(`${server.url}metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    });
  });

  describe('enabled with a TOKEN', () => {
    let server: TestServer;
    let receiver: WebhookReceiver;
    let configFile: string;
    /** Every owner made on this server: the instance totals are theirs. */
    const users: TestUser[] = [];

    beforeAll(async () => {
      server = await startTestServer({
        METRICS__ENABLED: 'true',
        METRICS__TOKEN: TOKEN,
        WEBHOOK__ALLOWED_HOST_LIST: 'loopback',
        // One attempt per delivery: a dead receiver counts exactly one failure.
        WEBHOOK__MAX_ATTEMPTS: '1',
      });
      receiver = await startWebhookReceiver();
      configFile = writeCliConfig(server);
      users.push(await createTestUser(server), await createTestUser(server));
    });
    afterAll(async () => {
      await server?.close();
      await receiver?.close();
    });

    it('answers 401 without the token, with a wrong one, or in another scheme, as Forgejo', async () => {
      for (const authorization of [undefined, 'Bearer wrong', `token ${TOKEN}`, `bearer ${TOKEN}`, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`]) {
        const response = await fetch(`${server.url}metrics`, { headers: authorization ? { authorization } : {} });
        expect({ authorization, status: response.status }).toEqual({ authorization, status: 401 });
        expect((await response.text()).trim()).toBe('');
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      }
      expect((await fetch(`${server.url}metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    });

    it('exposes the process metrics and every Bellows family with its type', async () => {
      const metrics = await scrape(server);
      expect(metrics.typeOf('process_cpu_user_seconds_total')).toBe('COUNTER');
      expect(metrics.typeOf('process_resident_memory_bytes')).toBe('GAUGE');
      expect(metrics.typeOf('nodejs_eventloop_lag_seconds')).toBe('GAUGE');
      expect(metrics.typeOf('bellows_http_requests_total')).toBe('COUNTER');
      expect(metrics.typeOf('bellows_http_request_duration_seconds')).toBe('HISTOGRAM');
      expect(metrics.typeOf('bellows_quota_used_bytes')).toBe('GAUGE');
      expect(metrics.typeOf('bellows_quota_owners')).toBe('GAUGE');
      expect(metrics.typeOf('bellows_quota_owners_over_quota')).toBe('GAUGE');
      expect(metrics.typeOf('bellows_webhook_deliveries_total')).toBe('COUNTER');
      expect(metrics.typeOf('bellows_quota_ledger_corrections_total')).toBe('COUNTER');
      expect(metrics.typeOf('bellows_quota_ledger_corrected_bytes_total')).toBe('COUNTER');
      // Per-owner series only with PER_OWNER_QUOTA.
      expect(metrics.has('bellows_owner_quota_used_bytes')).toBe(false);
    });

    it('counts and times requests by route pattern, never by URL', async () => {
      const [ada] = users;
      const route = { method: 'GET', route: '/api/v1/users/:username', status: '200' };
      const before = await scrape(server);
      for (const user of users) expect((await server.request(`/users/${user.name}`)).status).toBe(200);
      await server.request(`/users/${ada.name}`);
      expect((await server.request('/users/nobody-here')).status).toBe(404);
      expect((await fetch(`${server.url}no/such/place/at/all`)).status).toBe(404);
      const after = await scrape(server);

      const grew = (labels: Record<string, string>) =>
        after.value('bellows_http_requests_total', labels) - before.value('bellows_http_requests_total', labels);
      expect(grew(route)).toBe(users.length + 1);
      expect(grew({ ...route, status: '404' })).toBe(1);
      expect(grew({ method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
      const timed = { method: 'GET', route: '/api/v1/users/:username' };
      const count = (scrape: Scrape) => scrape.value('bellows_http_request_duration_seconds_count', timed);
      expect(count(after) - count(before)).toBe(users.length + 2);
      expect(after.value('bellows_http_request_duration_seconds_bucket', { ...timed, le: '+Inf' })).toBe(count(after));
      expect(after.value('bellows_http_request_duration_seconds_sum', timed)).toBeGreaterThan(0);
      // No label value anywhere holds a user's name: the URL never becomes a label.
      expect(after.samples('bellows_http_requests_total').filter((s) => JSON.stringify(s.labels).includes(ada.name))).toEqual([]);
    });

    it('counts the routes beside the API too (packages), by their pattern', async () => {
      const [ada] = users;
      await upload(server, ada, 'counted-route', 10);
      const metrics = await scrape(server);
      const puts = metrics.samples('bellows_http_requests_total').filter((s) => s.labels.method === 'PUT' && s.labels.status === '201');
      expect(puts.map((s) => s.labels.route)).toEqual(['/api/packages/:owner/generic/:name/:version/:file']);
      expect(puts[0].value).toBe(1);
    });

    it('shows the instance totals per subject: the sum of what the owners’ /user/quota says', async () => {
      const [ada, bob] = users;
      await upload(server, ada, 'totals-a', 1000);
      await upload(server, bob, 'totals-b', 2500);
      await eventually(async () => {
        const metrics = await scrape(server);
        const quotas = await Promise.all(users.map((user) => quotaOf(server, user)));
        for (const subject of ['size:all', 'size:assets:packages:all']) {
          const sum = quotas.reduce((total, quota) => total + quota[subject], 0);
          expect({ subject, bytes: metrics.value('bellows_quota_used_bytes', { subject }) }).toEqual({ subject, bytes: sum });
        }
        expect(metrics.value('bellows_quota_owners')).toBe(users.length);
        expect(metrics.value('bellows_quota_owners_over_quota')).toBe(0);
      });
      const metrics = await scrape(server);
      expect(metrics.value('bellows_quota_used_bytes', { subject: 'size:all' })).toBeGreaterThanOrEqual(3500);
      expect(metrics.samples('bellows_quota_used_bytes').map((s) => s.labels.subject)).not.toContain('size:wiki');
    });

    it('counts webhook delivery attempts: one to a real receiver succeeds, one to a dead port fails', async () => {
      const [ada] = users;
      const repo = `hooked${Date.now().toString(36)}`;
      expect(
        (await server.request('/user/repos', { method: 'POST', auth: { token: ada.token }, body: { name: repo, auto_init: true } })).status,
      ).toBe(201);
      const addHook = async (url: string) => {
        const hook = await server.request(`/repos/${ada.name}/${repo}/hooks`, {
          method: 'POST',
          auth: { token: ada.token },
          body: { type: 'forgejo', config: { url, content_type: 'json' }, events: ['push'], active: true },
        });
        expect(hook.status).toBe(201);
        return hook.body.id as number;
      };
      const live = await addHook(receiver.url);
      const dead = await addHook(`http://127.0.0.1:${await freePort()}/gone`);
      const deliveries = (scrape: Scrape, result: string) => scrape.value('bellows_webhook_deliveries_total', { result });
      const before = await scrape(server);

      expect(
        (await server.request(`/repos/${ada.name}/${repo}/hooks/${live}/tests`, { method: 'POST', auth: { token: ada.token } })).status,
      ).toBe(204);
      await receiver.waitFor((delivery) => delivery.eventType === 'push');
      await eventually(async () => expect(deliveries(await scrape(server), 'success') - deliveries(before, 'success')).toBe(1));

      expect(
        (await server.request(`/repos/${ada.name}/${repo}/hooks/${dead}/tests`, { method: 'POST', auth: { token: ada.token } })).status,
      ).toBe(204);
      await eventually(async () => expect(deliveries(await scrape(server), 'failure') - deliveries(before, 'failure')).toBe(1));
      const after = await scrape(server);
      expect(deliveries(after, 'success') - deliveries(before, 'success')).toBe(1);
    });

    it('counts the ledger corrections the recount makes, even from the `bellows admin quota recalculate` process', async () => {
      const [, bob] = users;
      await upload(server, bob, 'recounted', 600);
      const before = await scrape(server);
      const { 'size:assets:packages:all': packages } = await quotaOf(server, bob);
      expect(packages).toBeGreaterThan(0);
      // The bucket's figure (whatever stripes hold it) made 123 bytes too big.
      await server.db.dataSource.query(`DELETE FROM owner_quota_usage WHERE owner_id = ${bob.user.id} AND bucket = 'packages'`);
      await server.db.dataSource.query(
        `INSERT INTO owner_quota_usage (owner_id, bucket, stripe, bytes) VALUES (${bob.user.id}, 'packages', 0, ${packages + 123})`,
      );

      const result = await bellows('admin', 'quota', 'recalculate', '--config', configFile, '--owner', bob.name);
      expect(result).toMatchObject({ code: 0, stdout: `${bob.name} packages: ${packages + 123} → ${packages}\n` });
      const after = await scrape(server);
      expect(after.value('bellows_quota_ledger_corrections_total') - before.value('bellows_quota_ledger_corrections_total')).toBe(1);
      expect(after.value('bellows_quota_ledger_corrected_bytes_total') - before.value('bellows_quota_ledger_corrected_bytes_total')).toBe(
        123,
      );

      // Nothing left to fix: the counters stay.
      const again = await bellows('admin', 'quota', 'recalculate', '--config', configFile, '--owner', bob.name);
      expect(again).toEqual({ code: 0, stdout: 'nothing to fix\n', stderr: '' });
      expect((await scrape(server)).value('bellows_quota_ledger_corrections_total')).toBe(
        after.value('bellows_quota_ledger_corrections_total'),
      );
    });
    it('counts users, organizations and repositories, as Forgejo’s gitea_users…', async () => {
      const [ada] = users;
      const before = await scrape(server);
      expect(before.value('bellows_users')).toBe(users.length);
      const org = `counted${Date.now().toString(36)}`;
      expect((await server.request('/orgs', { method: 'POST', auth: { token: ada.token }, body: { username: org } })).status).toBe(201);
      const repo = { method: 'POST', auth: { token: ada.token }, body: { name: 'counted' } };
      expect((await server.request(`/orgs/${org}/repos`, repo)).status).toBe(201);
      expect((await server.request('/user/repos', repo)).status).toBe(201);
      const after = await scrape(server);
      expect(after.value('bellows_users')).toBe(users.length);
      expect(after.value('bellows_organizations') - before.value('bellows_organizations')).toBe(1);
      expect(after.value('bellows_repositories') - before.value('bellows_repositories')).toBe(2);
    });
  });

  describe('with PER_OWNER_QUOTA', () => {
    let server: TestServer;
    let ada: TestUser;
    let org: string;

    beforeAll(async () => {
      server = await startTestServer({ METRICS__ENABLED: 'true', METRICS__PER_OWNER_QUOTA: 'true' });
      ada = await createTestUser(server);
      org = `org${Date.now().toString(36)}`;
      expect((await server.request('/orgs', { method: 'POST', auth: { token: ada.token }, body: { username: org } })).status).toBe(201);
    });
    afterAll(async () => server?.close());

    it('needs no token when none is set, and adds one series per owner and subject', async () => {
      await upload(server, ada, 'mine', 4096);
      const expected = await quotaOf(server, ada);
      await eventually(async () => {
        const metrics = await scrape(server, '');
        const series = metrics.samples('bellows_owner_quota_used_bytes');
        const of = (owner: string, subject: string) => series.filter((s) => s.labels.owner === owner && s.labels.subject === subject);
        expect(of(ada.name, 'size:assets:packages:all')).toEqual([
          { labels: { owner: ada.name, type: 'user', subject: 'size:assets:packages:all' }, value: expected['size:assets:packages:all'] },
        ]);
        expect(of(ada.name, 'size:all')[0].value).toBe(expected['size:all']);
        expect(of(org, 'size:all')).toEqual([{ labels: { owner: org, type: 'organization', subject: 'size:all' }, value: 0 }]);
        // 12 subjects (size:wiki is not tracked) for each of the two owners.
        expect(series).toHaveLength(2 * 12);
      });
    });
  });
});
