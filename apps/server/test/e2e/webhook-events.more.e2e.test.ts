import { createHash } from 'crypto';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { startTestServer, TestServer } from '../support/test-server';
import { ofEvent, startWebhookReceiver, WebhookDelivery, WebhookReceiver } from '../support/webhook-receiver';

/**
 * The `status` and `package` events as a CI or a package mirror receives
 * them: a real receiver on loopback, hooks made through the API, signed
 * deliveries with Forgejo's event headers and payload fields.
 */
describe('webhook events: commit statuses and packages', () => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  let alice: TestUser;
  const secret = 'a shared secret';
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

  beforeAll(async () => {
    server = await startTestServer({ WEBHOOK__ALLOWED_HOST_LIST: 'loopback' });
    receiver = await startWebhookReceiver();
    alice = await createTestUser(server);
  });

  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  async function addHook(path: string, events: string[], target: WebhookReceiver = receiver): Promise<void> {
    const hook = await server.request(path, {
      method: 'POST',
      ...as(alice),
      body: { type: 'forgejo', config: { url: target.url, content_type: 'json', secret }, events, active: true },
    });
    expect(hook.status).toBe(201);
  }

  function expectSigned(delivery: WebhookDelivery): void {
    expect(delivery.signedWith(secret)).toBe(true);
    expect(delivery.headers['content-type']).toMatch(/^application\/json/);
  }

  it('sends status with the state, sha, context and commit when a commit status is created', async () => {
    const name = unique('r');
    expect((await server.request('/user/repos', { method: 'POST', ...as(alice), body: { name, auto_init: true } })).status).toBe(201);
    const fullName = `${alice.name}/${name}`;
    await addHook(`/repos/${fullName}/hooks`, ['status']);
    const pushOnly = await startWebhookReceiver();
    try {
      await addHook(`/repos/${fullName}/hooks`, ['push'], pushOnly);
      const sha = (await server.request(`/repos/${fullName}/branches/main`, as(alice))).body.commit.id;

      const created = await server.request(`/repos/${fullName}/statuses/${sha}`, {
        method: 'POST',
        ...as(alice),
        body: { state: 'failure', context: 'ci/build', description: 'tests failed', target_url: 'https://ci.example/1' },
      });
      expect(created.status).toBe(201);

      const event = await receiver.waitFor(ofEvent('status', undefined, (body) => body?.repository?.full_name === fullName));
      expect(event.event).toBe('status');
      expect(event.headers['x-gitea-event']).toBe('status');
      expectSigned(event);
      expect(event.body).toMatchObject({
        id: created.body.id,
        sha,
        state: 'failure',
        context: 'ci/build',
        description: 'tests failed',
        target_url: 'https://ci.example/1',
        commit: { id: sha, url: `${server.url}${fullName}/commit/${sha}` },
        repository: { full_name: fullName },
        sender: { login: alice.name },
      });
      expect(typeof event.body.commit.message).toBe('string');
      expect(event.body.created_at).toBe(created.body.created_at);
      expectForgejoShape('GET', '/repos/{owner}/{repo}', 200, event.body.repository);
      expectForgejoShape('GET', '/users/{username}', 200, event.body.sender);

      // A hook that did not choose `status` hears nothing of it.
      await pushOnly.expectNone((delivery) => delivery.eventType === 'status', 1000);
    } finally {
      await pushOnly.close();
    }
  });

  it("sends package created and deleted to the owner's hooks (generic upload, API delete)", async () => {
    const org = unique('org');
    expect((await server.request('/orgs', { method: 'POST', ...as(alice), body: { username: org } })).status).toBe(201);
    await addHook(`/orgs/${org}/hooks`, ['package']);
    const ofPackage = (action: string, version: string) =>
      ofEvent('package', action, (body) => body?.package?.owner?.login === org && body.package.version === version);

    const put = await server.request(`/api/packages/${org}/generic/tool/1.0.0/tool.tar.gz`, { method: 'PUT', body: 'bytes', ...as(alice) });
    expect(put.status).toBe(201);
    const created = await receiver.waitFor(ofPackage('created', '1.0.0'));
    expect(created.event).toBe('package');
    expectSigned(created);
    const shown = await server.request(`/packages/${org}/generic/tool/1.0.0`, as(alice));
    // The package as the package API shows it (accounts as anyone sees them).
    const { id, type, name, version, html_url, created_at } = shown.body;
    const asShown = { id, type, name, version, html_url, created_at, owner: { login: org }, creator: { login: alice.name } };
    expect(created.body).toMatchObject({ action: 'created', package: asShown, sender: { login: alice.name } });
    expect(created.body.repository).toBeUndefined();
    expectForgejoShape('GET', '/packages/{owner}/{type}/{name}/{version}', 200, created.body.package);

    // A second file of the same version is no new version.
    await server.request(`/api/packages/${org}/generic/tool/1.0.0/tool.zip`, { method: 'PUT', body: 'zip', ...as(alice) });
    expect((await server.request(`/packages/${org}/generic/tool/1.0.0`, as(alice))).status).toBe(200);

    const deleted = await server.request(`/packages/${org}/generic/tool/1.0.0`, { method: 'DELETE', ...as(alice) });
    expect(deleted.status).toBe(204);
    const deletedEvent = await receiver.waitFor(ofPackage('deleted', '1.0.0'));
    expectSigned(deletedEvent);
    expect(deletedEvent.body).toMatchObject({ action: 'deleted', package: asShown, sender: { login: alice.name } });
    // The second file made no version, so one `created` event in all.
    expect(receiver.deliveries.filter((d) => ofPackage('created', '1.0.0')(d))).toHaveLength(1);
  });

  it("sends package deleted when a generic version's last file is deleted, to the user's hooks", async () => {
    const mine = await startWebhookReceiver();
    try {
      await addHook('/user/hooks', ['package'], mine);
      const name = unique('pkg');
      const put = await server.request(`/api/packages/${alice.name}/generic/${name}/2.0.0/a.txt`, {
        method: 'PUT',
        body: 'a',
        ...as(alice),
      });
      expect(put.status).toBe(201);
      const created = await mine.waitFor(ofEvent('package', 'created', (body) => body?.package?.name === name));
      expect(created.body.package).toMatchObject({ type: 'generic', name, version: '2.0.0', owner: { login: alice.name } });

      const gone = await server.request(`/api/packages/${alice.name}/generic/${name}/2.0.0/a.txt`, { method: 'DELETE', ...as(alice) });
      expect(gone.status).toBe(204);
      const deleted = await mine.waitFor(ofEvent('package', 'deleted', (body) => body?.package?.name === name));
      expectSigned(deleted);
      expect(deleted.body.package).toMatchObject({ id: created.body.package.id, version: '2.0.0' });
      expect(deleted.body.sender.login).toBe(alice.name);
    } finally {
      await mine.close();
    }
  });

  it('sends package created for an npm publish and deleted for each version when the package is unpublished', async () => {
    const mine = await startWebhookReceiver();
    try {
      await addHook('/user/hooks', ['package'], mine);
      const name = `@bellows-test/${unique('hooked')}`;
      const url = `/api/packages/${alice.name}/npm/${name.replace('/', '%2f')}`;
      const publish = (version: string) => {
        const tarball = Buffer.from(`tarball ${version}`);
        const integrity = `sha512-${createHash('sha512').update(tarball).digest('base64')}`;
        const file = `${name.split('/')[1]}-${version}.tgz`;
        return server.request(url, {
          method: 'PUT',
          ...as(alice),
          body: {
            name,
            'dist-tags': { latest: version },
            versions: { [version]: { name, version, dist: { integrity } } },
            _attachments: {
              [file]: { content_type: 'application/octet-stream', data: tarball.toString('base64'), length: tarball.length },
            },
          },
        });
      };
      const of = (action: string, version: string) =>
        ofEvent('package', action, (body) => body?.package?.name === name && body.package.version === version);

      expect((await publish('1.0.0')).status).toBe(201);
      expect((await publish('1.1.0')).status).toBe(201);
      const created = await mine.waitFor(of('created', '1.1.0'));
      expectSigned(created);
      expect(created.body.package).toMatchObject({ type: 'npm', owner: { login: alice.name }, creator: { login: alice.name } });

      expect((await server.request(`${url}/-rev/1`, { method: 'DELETE', ...as(alice) })).status).toBe(200);
      for (const version of ['1.0.0', '1.1.0']) expect((await mine.waitFor(of('deleted', version))).body.sender.login).toBe(alice.name);
    } finally {
      await mine.close();
    }
  });
});
