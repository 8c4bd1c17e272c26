import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, testEngineFromEnv, TestDatabase } from '@bellows/persistence-typeorm';
import { BellowsApp, startServer } from '../../src/app/create-app';
import { loadConfig } from '../../src/config';
import { createTestUser, TestUser } from '../support/fixtures';
import { credentialUrl, GitClient } from '../support/git-client';
import { createTestRepository } from '../support/repositories';
import { freePort, sendRequest, startTestServer, TestRequestInit, TestServer } from '../support/test-server';
import { serverEnvOn } from '../support/server-env';

/** What the receiver got: one request. */
interface Received {
  /** The path and query the hook's URL named. */
  url: string;
  headers: IncomingMessage['headers'];
  raw: string;
  body: any;
}

/** A loopback HTTP receiver answering with the statuses queued (200 when none), after `delayMs`. */
async function startReceiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  let delayMs = 0;
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const body = request.headers['content-type'] === 'application/json' ? JSON.parse(raw) : raw;
      received.push({ url: request.url ?? '', headers: request.headers, raw, body });
      setTimeout(() => {
        response.statusCode = statuses.shift() ?? 200;
        response.end('thanks');
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    received,
    answer: (...codes: number[]) => statuses.push(...codes),
    slow: (ms: number) => (delayMs = ms),
    async waitFor(count: number, timeoutMs = 15_000): Promise<Received[]> {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} deliveries, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

const FAST_RETRIES = {
  WEBHOOK__ALLOWED_HOST_LIST: 'loopback',
  WEBHOOK__RETRY_BACKOFF: '200ms',
  WEBHOOK__MAX_ATTEMPTS: '3',
};

describe('webhook deliveries', () => {
  let server: TestServer;
  let git: GitClient;
  let alice: TestUser;
  let receiver: Receiver;
  const as = (user: TestUser) => ({ auth: { token: user.token } });

  beforeAll(async () => {
    server = await startTestServer(FAST_RETRIES);
    git = await GitClient.create();
    alice = await createTestUser(server);
  });

  beforeEach(async () => {
    receiver = await startReceiver();
  });

  afterEach(async () => {
    await receiver.close();
  });

  afterAll(async () => {
    git?.remove();
    await server?.close();
  });

  async function repoWithHook(body: Record<string, unknown> = {}) {
    const repo = await createTestRepository(server, alice.user);
    const base = `/repos/${alice.user.name}/${repo.name}/hooks`;
    const hook = await server.request(base, {
      method: 'POST',
      ...as(alice),
      body: {
        type: 'forgejo',
        active: true,
        events: ['push', 'create', 'delete'],
        config: { url: receiver.url, content_type: 'json', secret: 'hush' },
        ...body,
      },
    });
    expect(hook.status).toBe(201);
    return { repo, base, hookId: hook.body.id as number };
  }

  it('delivers a git push as Forgejo: signed PushPayload with the commits, and create and delete events for a branch', async () => {
    const { repo } = await repoWithHook();
    const work = git.folder('push');
    const remote = credentialUrl(server.url, `${alice.user.name}/${repo.name}.git`, alice.name, alice.token);
    await git.ok(['init', '--quiet', '-b', 'main'], work);
    writeFileSync(join(work, 'README.md'), 'hello\n');
    await git.ok(['add', '.'], work);
    await git.ok(['commit', '--quiet', '-m', 'first'], work);
    writeFileSync(join(work, 'b.txt'), 'b\n');
    await git.ok(['add', '.'], work);
    await git.ok(['commit', '--quiet', '-m', 'second'], work);
    await git.ok(['push', '--quiet', remote, 'HEAD:main'], work);
    const head = (await git.ok(['rev-parse', 'HEAD'], work)).trim();

    const [create, push] = await receiver
      .waitFor(2)
      .then((all) => [
        all.find((r) => r.headers['x-forgejo-event'] === 'create')!,
        all.find((r) => r.headers['x-forgejo-event'] === 'push')!,
      ]);
    expect(create.body).toMatchObject({
      ref: 'main',
      ref_type: 'branch',
      sha: head,
      repository: { full_name: `${alice.user.name}/${repo.name}` },
    });
    expect(push.headers['x-gitea-event']).toBe('push');
    expect(push.headers['x-forgejo-event-type']).toBe('push');
    expect(push.headers['x-forgejo-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    const signature = createHmac('sha256', 'hush').update(push.raw).digest('hex');
    expect(push.headers['x-forgejo-signature']).toBe(signature);
    expect(push.headers['x-gitea-signature']).toBe(signature);
    expect(push.headers['x-hub-signature-256']).toBe(`sha256=${signature}`);
    expect(push.body).toMatchObject({ ref: 'refs/heads/main', before: '0'.repeat(40), after: head, total_commits: 2 });
    expect(push.body.commits.map((c: { message: string }) => c.message.trim())).toEqual(['first', 'second']);
    expect(push.body.commits[1]).toMatchObject({ id: head, added: ['b.txt'], author: { name: 'Test User', email: 'test@example.com' } });
    expect(push.body.head_commit.id).toBe(head);
    expect(push.body.pusher.login).toBe(alice.user.name);

    // A second push: an update, no create event; then a branch made and deleted.
    writeFileSync(join(work, 'c.txt'), 'c\n');
    await git.ok(['add', '.'], work);
    await git.ok(['commit', '--quiet', '-m', 'third'], work);
    await git.ok(['push', '--quiet', remote, 'HEAD:main', 'HEAD:feature'], work);
    await git.ok(['push', '--quiet', remote, '--delete', 'feature'], work);
    const all = await receiver.waitFor(6);
    const third = (await git.ok(['rev-parse', 'HEAD'], work)).trim();
    const update = all.find((r) => r.headers['x-forgejo-event'] === 'push' && r.body.ref === 'refs/heads/main' && r.body.after === third)!;
    expect(update.body).toMatchObject({
      before: head,
      total_commits: 1,
      compare_url: expect.stringContaining(`/compare/${head}...${third}`),
    });
    expect(all.filter((r) => r.headers['x-forgejo-event'] === 'create').map((r) => r.body.ref)).toEqual(['main', 'feature']);
    const deleted = all.find((r) => r.headers['x-forgejo-event'] === 'delete')!;
    expect(deleted.body).toMatchObject({ ref: 'feature', ref_type: 'branch', pusher_type: 'user' });

    // An annotated tag: a create event naming its commit, and a push of the tag ref with no commits.
    await git.ok(['tag', '-a', 'v1.0', '-m', 'release'], work);
    await git.ok(['push', '--quiet', remote, 'v1.0'], work);
    const withTag = await receiver.waitFor(8);
    const tagCreate = withTag.find((r) => r.headers['x-forgejo-event'] === 'create' && r.body.ref_type === 'tag')!;
    expect(tagCreate.body).toMatchObject({ ref: 'v1.0', sha: third });
    const tagPush = withTag.find((r) => r.headers['x-forgejo-event'] === 'push' && r.body.ref === 'refs/tags/v1.0')!;
    expect(tagPush.body).toMatchObject({ before: '0'.repeat(40), commits: [], total_commits: 0 });
  });

  it('tells organization and system hooks of the organization’s repositories; API branch writes are events by their author', async () => {
    const admin = await createTestUser(server, { admin: true });
    const hookOf = (url: string, events: string[]) => ({ type: 'forgejo', active: true, events, config: { url, content_type: 'json' } });
    const system = await server.request('/admin/hooks', {
      method: 'POST',
      ...as(admin),
      body: hookOf(`${receiver.url}?system`, ['create', 'delete']),
    });
    const org = `hookorg${Date.now().toString(36)}`;
    expect((await server.request('/orgs', { method: 'POST', ...as(alice), body: { username: org } })).status).toBe(201);
    expect(
      (await server.request(`/orgs/${org}/repos`, { method: 'POST', ...as(alice), body: { name: 'svc', auto_init: true } })).status,
    ).toBe(201);
    expect(
      (await server.request(`/orgs/${org}/hooks`, { method: 'POST', ...as(alice), body: hookOf(`${receiver.url}?org`, ['create']) }))
        .status,
    ).toBe(201);
    const branches = `/repos/${org}/svc/branches`;
    expect((await server.request(branches, { method: 'POST', ...as(alice), body: { new_branch_name: 'feature' } })).status).toBe(201);
    expect((await server.request(`${branches}/feature`, { method: 'DELETE', ...as(alice) })).status).toBe(204);
    const all = (await receiver.waitFor(3)).filter((r) => r.body.repository?.full_name === `${org}/svc`);
    const seen = all.map((r) => `${r.url.split('?')[1]} ${r.headers['x-forgejo-event']} ${r.body.ref} ${r.body.sender.login}`).sort();
    expect(seen).toEqual([
      `org create feature ${alice.user.name}`,
      `system create feature ${alice.user.name}`,
      `system delete feature ${alice.user.name}`,
    ]);
    expect((await server.request(`/admin/hooks/${system.body.id}`, { method: 'DELETE', ...as(admin) })).status).toBe(204);
  });

  it('sends only what a hook chose, on the branches its filter lets through', async () => {
    const { repo } = await repoWithHook({ events: ['push'], branch_filter: 'release/*' });
    const work = git.folder('filtered');
    const remote = credentialUrl(server.url, `${alice.user.name}/${repo.name}.git`, alice.name, alice.token);
    await git.ok(['init', '--quiet', '-b', 'main'], work);
    await git.ok(['commit', '--quiet', '--allow-empty', '-m', 'one'], work);
    await git.ok(['push', '--quiet', remote, 'HEAD:main', 'HEAD:release/1.0'], work);
    const [only] = await receiver.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.received).toHaveLength(1);
    expect(only.body.ref).toBe('refs/heads/release/1.0');
  });

  it('retries a failing receiver with back-off, records every attempt, and gives up after MAX_ATTEMPTS', async () => {
    const { base, hookId } = await repoWithHook({ config: { url: receiver.url, content_type: 'form', secret: 'hush' } });
    receiver.answer(500, 500);
    expect((await server.request(`${base}/${hookId}/tests`, { method: 'POST', ...as(alice) })).status).toBe(204);
    const [first, , third] = await receiver.waitFor(3);
    expect(first.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const json = decodeURIComponent(first.raw.replace(/^payload=/, ''));
    expect(JSON.parse(json)).toMatchObject({ ref: 'refs/heads/main', commits: [{ message: 'This is a fake commit' }] });
    expect(first.headers['x-forgejo-signature']).toBe(createHmac('sha256', 'hush').update(json).digest('hex'));
    expect(third.headers['x-forgejo-delivery']).toBe(first.headers['x-forgejo-delivery']);
    const listed = await waitForDelivery(base, hookId, (d) => d.status === 'delivered');
    expect(listed.headers.get('x-bellows-hook-status')).toBe('succeed');
    expect(listed.body[0].attempt_list.map((a: { response_status: number }) => a.response_status)).toEqual([500, 500, 200]);
    expect(listed.body[0].attempt_list[0].request_headers['X-Forgejo-Event']).toBe('push');

    receiver.answer(502, 502, 502);
    await server.request(`${base}/${hookId}/tests`, { method: 'POST', ...as(alice) });
    const failed = await waitForDelivery(base, hookId, (d) => d.status === 'failed');
    expect(failed.body[0].attempts).toBe(3);
    expect(failed.headers.get('x-bellows-hook-status')).toBe('fail');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.received).toHaveLength(6);
  });

  it('answers a push at once while a slow receiver takes its time', async () => {
    const { base, hookId } = await repoWithHook();
    receiver.slow(3000);
    const started = Date.now();
    expect((await server.request(`${base}/${hookId}/tests`, { method: 'POST', ...as(alice) })).status).toBe(204);
    expect(Date.now() - started).toBeLessThan(1500);
    await receiver.waitFor(1);
    await waitForDelivery(base, hookId, (d) => d.status === 'delivered');
  });

  async function waitForDelivery(base: string, hookId: number, done: (delivery: any) => boolean, on: TestServer = server) {
    const until = Date.now() + 15_000;
    for (;;) {
      const listed = await on.request(`${base}/${hookId}/deliveries`, as(alice));
      if (listed.body.length > 0 && done(listed.body[0])) return listed;
      if (Date.now() > until) throw new Error(`delivery not done: ${JSON.stringify(listed.body[0])}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
});

describe('webhook deliveries across a restart and the host allow list', () => {
  it('refuses loopback receivers by default, recording why', async () => {
    const server = await startTestServer({ WEBHOOK__MAX_ATTEMPTS: '1' });
    const receiver = await startReceiver();
    try {
      const alice = await createTestUser(server);
      const repo = await createTestRepository(server, alice.user);
      const base = `/repos/${alice.user.name}/${repo.name}/hooks`;
      const auth = { auth: { token: alice.token } };
      const hook = await server.request(base, {
        method: 'POST',
        ...auth,
        body: { type: 'gitea', active: true, config: { url: receiver.url, content_type: 'json' } },
      });
      await server.request(`${base}/${hook.body.id}/tests`, { method: 'POST', ...auth });
      const until = Date.now() + 10_000;
      let listed = await server.request(`${base}/${hook.body.id}/deliveries`, auth);
      while (listed.body[0]?.status !== 'failed' && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        listed = await server.request(`${base}/${hook.body.id}/deliveries`, auth);
      }
      expect(listed.body[0].status).toBe('failed');
      expect(listed.body[0].attempt_list[0]).toMatchObject({ response_status: null, error: expect.stringContaining('ALLOWED_HOST_LIST') });
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
      await server.close();
    }
  });

  it('loses no delivery when the server stops between attempts: the next one on the same database sends it', async () => {
    const database: TestDatabase = await createTestDatabase(testEngineFromEnv());
    const dataDir = mkdtempSync(join(tmpdir(), 'bellows-webhooks-restart-'));
    const receiver = await startReceiver();
    const start = async (): Promise<BellowsApp> => {
      const env: NodeJS.ProcessEnv = {
        ...serverEnvOn(database, dataDir, await freePort()),
        BELLOWS__WEBHOOK__ALLOWED_HOST_LIST: 'loopback',
        BELLOWS__WEBHOOK__RETRY_BACKOFF: '2s',
      };
      return startServer(loadConfig({ configPath: join(dataDir, 'app.ini'), env }), { logger: ['error'] });
    };
    let app = await start();
    try {
      const alice = await createTestUser({ ...app, db: app.db } as unknown as TestServer);
      const repo = await createTestRepository({ ...app } as unknown as TestServer, alice.user);
      const api = (path: string, init: TestRequestInit = {}) =>
        sendRequest(`${app.url}api/v1${path}`, { auth: { token: alice.token }, ...init });
      const base = `/repos/${alice.user.name}/${repo.name}/hooks`;
      const hook = await api(base, {
        method: 'POST',
        body: { type: 'forgejo', active: true, config: { url: receiver.url, content_type: 'json' } },
      });
      receiver.answer(503);
      await api(`${base}/${hook.body.id}/tests`, { method: 'POST' });
      await receiver.waitFor(1);
      await app.close();
      app = await start();
      const [first, second] = await receiver.waitFor(2, 20_000);
      expect(second.headers['x-forgejo-delivery']).toBe(first.headers['x-forgejo-delivery']);
      const until = Date.now() + 10_000;
      let listed = await api(`${base}/${hook.body.id}/deliveries`);
      while (listed.body[0]?.status !== 'delivered' && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        listed = await api(`${base}/${hook.body.id}/deliveries`);
      }
      expect(listed.body[0].attempt_list.map((a: { response_status: number }) => a.response_status)).toEqual([503, 200]);
    } finally {
      await app.close();
      await receiver.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
