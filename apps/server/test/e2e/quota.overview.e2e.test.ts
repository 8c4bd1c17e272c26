import { randomBytes } from 'crypto';
import { createTestUser, TestUser } from '../support/fixtures';
import { bellows, writeCliConfig } from '../support/cli';
import { ApiClient, attachToIssue, createIssue, createRepository, uploadGenericPackage } from '../support/sized-uploads';
import { startTestServer, TestServer } from '../support/test-server';
import { QuotaSummaries } from '../../src/modules/quota-overview/quota-summaries';

/** Retries `check` until it passes or 10 s are up: the overview follows the ledger through the quota worker, a moment later. */
async function eventually(check: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

interface Item {
  owner: { id: number; name: string; type: 'user' | 'organization' };
  used: { size: { assets: { packages: { all: number }; attachments: { issues: number } } } };
  subjects: Record<string, number>;
  groups: string[];
  over_quota: boolean;
}

describe('operators overview: GET /admin/quota/usage, /admin/quota/usage/total, bellows admin quota report', () => {
  let server: TestServer;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let idle: TestUser;
  let org: { id: number; name: string };
  // Every owner this test makes has this in its name, so `q=` pages through them alone.
  const tag = `ovw${Date.now().toString(36)}`;

  const asAdmin = (path: string, method = 'GET', body?: unknown) => server.request(path, { method, body, auth: { token: admin.token } });
  const client = (user: TestUser, owner = user.name): ApiClient => ({ url: server.url, token: user.token, owner });
  const mine = async (query = ''): Promise<Item[]> => {
    const response = await asAdmin(`/admin/quota/usage?q=${tag}&limit=50${query}`);
    expect(response.status).toBe(200);
    return response.body;
  };
  const names = (items: Item[]) => items.map((item) => item.owner.name);

  beforeAll(async () => {
    server = await startTestServer();
    admin = await createTestUser(server, { admin: true });
    alice = await createTestUser(server, { name: `${tag}alice` });
    bob = await createTestUser(server, { name: `${tag}bob` });
    idle = await createTestUser(server, { name: `${tag}idle` });
    const created = await server.request('/orgs', { method: 'POST', body: { username: `${tag}org` }, auth: { token: bob.token } });
    expect(created.status).toBe(201);
    org = { id: created.body.id, name: created.body.username };

    await uploadGenericPackage(client(alice), 'tool', '1.0.0', 'tool.bin', randomBytes(3000));
    await uploadGenericPackage(client(bob, org.name), 'lib', '1.0.0', 'lib.bin', randomBytes(1500));
    await uploadGenericPackage(client(bob), 'tiny', '1.0.0', 'tiny.bin', randomBytes(500));
    await createRepository(client(bob), 'notes');
    await attachToIssue(client(bob), 'notes', await createIssue(client(bob), 'notes'), randomBytes(2000));

    // alice is over a 1000-byte rule; the organization is well within a roomy one; bob and idle have no group.
    expect(
      (
        await asAdmin('/admin/quota/groups', 'POST', {
          name: `${tag}-small`,
          rules: [{ name: `${tag}-1k`, limit: 1000, subjects: ['size:all'] }],
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await asAdmin('/admin/quota/groups', 'POST', {
          name: `${tag}-roomy`,
          rules: [{ name: `${tag}-1g`, limit: 2 ** 30, subjects: ['size:all'] }],
        })
      ).status,
    ).toBe(201);
    expect((await asAdmin(`/admin/quota/groups/${tag}-small/users/${alice.name}`, 'PUT')).status).toBe(204);
    expect((await asAdmin(`/admin/quota/groups/${tag}-roomy/users/${org.name}`, 'PUT')).status).toBe(204);
  });
  afterAll(() => server?.close());

  it('lists every user and organization with its usage as GET /user/quota shows it, its groups and over quota; an owner storing nothing with zeros', async () => {
    await eventually(async () => {
      const items = await mine();
      expect(names(items).sort()).toEqual([alice.name, bob.name, org.name, idle.name].sort());
      // The default order: size:all, biggest first.
      const sizes = items.map((item) => item.subjects['size:all']);
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
      expect(items.find((item) => item.owner.name === alice.name)).toMatchObject({ groups: [`${tag}-small`], over_quota: true });
      expect(items.find((item) => item.owner.name === org.name)).toMatchObject({
        owner: { id: org.id, type: 'organization' },
        groups: [`${tag}-roomy`],
        over_quota: false,
      });
      expect(items.find((item) => item.owner.name === bob.name)).toMatchObject({ groups: [], over_quota: false });
    });
    const items = await mine();
    for (const user of [alice, bob]) {
      const quota = await server.request('/user/quota', { auth: { token: user.token } });
      const item = items.find((i) => i.owner.name === user.name)!;
      expect(item.used).toEqual(quota.body.used);
      expect(item.owner).toEqual({ id: user.user.id, name: user.name, type: 'user' });
    }
    const orgQuota = await server.request(`/orgs/${org.name}/quota`, { auth: { token: bob.token } });
    expect(items.find((i) => i.owner.name === org.name)!.used).toEqual(orgQuota.body.used);
    const alicesItem = items.find((i) => i.owner.name === alice.name)!;
    expect(alicesItem.subjects).toMatchObject({
      'size:all': 3000,
      'size:assets:packages:all': 3000,
      'size:assets:all': 3000,
      'size:repos:all': 0,
      'size:wiki': 0,
    });
    expect(items.find((i) => i.owner.name === idle.name)).toEqual({
      owner: { id: idle.user.id, name: idle.name, type: 'user' },
      used: {
        size: {
          repos: { public: 0, private: 0 },
          git: { LFS: 0 },
          assets: { attachments: { issues: 0, releases: 0 }, artifacts: 0, packages: { all: 0 } },
        },
      },
      subjects: Object.fromEntries(Object.keys(alicesItem.subjects).map((subject) => [subject, 0])),
      groups: [],
      over_quota: false,
    });
  });

  it('sorts by any subject in both directions (ties by owner id in the same direction)', async () => {
    await eventually(async () =>
      expect((await mine()).find((i) => i.owner.name === bob.name)!.subjects['size:assets:attachments:all']).toBe(2000),
    );
    expect(names(await mine('&sort=size:assets:packages:all&order=desc'))).toEqual([alice.name, org.name, bob.name, idle.name]);
    expect(names(await mine('&sort=size:assets:packages:all&order=asc'))).toEqual([idle.name, bob.name, org.name, alice.name]);
    // Three owners have no attachments: they follow by id, in the direction asked.
    expect(names(await mine('&sort=size:assets:attachments:all&order=desc'))).toEqual([bob.name, org.name, idle.name, alice.name]);
    expect(names(await mine('&sort=size:assets:attachments:all&order=asc'))).toEqual([alice.name, idle.name, org.name, bob.name]);
    expect((await asAdmin('/admin/quota/usage?sort=size:nothing')).status).toBe(400);
    expect((await asAdmin('/admin/quota/usage?sort=size:nothing')).body.message).toMatch(/sort/);
    expect((await asAdmin('/admin/quota/usage?order=up')).status).toBe(400);
    expect((await asAdmin('/admin/quota/usage?over=maybe')).status).toBe(400);
    expect((await asAdmin('/admin/quota/usage?type=team')).status).toBe(400);
  });

  it('filters by over quota, type and a part of the name, case-insensitive', async () => {
    await eventually(async () => expect(names(await mine('&over=true'))).toEqual([alice.name]));
    expect(names(await mine('&over=false&sort=size:all&order=asc')).sort()).toEqual([bob.name, org.name, idle.name].sort());
    expect(names(await mine('&type=org'))).toEqual([org.name]);
    expect(names(await mine('&type=user')).sort()).toEqual([alice.name, bob.name, idle.name].sort());
    const byName = await asAdmin(`/admin/quota/usage?q=${tag.toUpperCase()}ALI`);
    expect(names(byName.body)).toEqual([alice.name]);
    expect(byName.headers.get('x-total-count')).toBe('1');
  });

  it('pages with X-Total-Count and Link', async () => {
    const first = await asAdmin(`/admin/quota/usage?q=${tag}&sort=size:assets:packages:all&limit=3`);
    expect(first.headers.get('x-total-count')).toBe('4');
    expect(names(first.body)).toEqual([alice.name, org.name, bob.name]);
    expect(first.headers.get('link')).toContain('rel="next"');
    expect(first.headers.get('link')).toContain('page=2');
    const second = await asAdmin(`/admin/quota/usage?q=${tag}&sort=size:assets:packages:all&limit=3&page=2`);
    expect(names(second.body)).toEqual([idle.name]);
    expect(second.headers.get('link')).toContain('rel="prev"');
  });

  it('totals equal the sum over every owner listed', async () => {
    const all: Item[] = [];
    let total: number | undefined;
    for (let page = 1; ; page++) {
      const response = await asAdmin(`/admin/quota/usage?limit=2&page=${page}`);
      total = Number(response.headers.get('x-total-count'));
      all.push(...response.body);
      if (response.body.length < 2) break;
    }
    expect(all.length).toBe(total);
    const totals = await asAdmin('/admin/quota/usage/total');
    expect(totals.status).toBe(200);
    expect(totals.body.owners).toBe(total);
    expect(totals.body.owners_over_quota).toBe(all.filter((item) => item.over_quota).length);
    for (const subject of Object.keys(totals.body.subjects)) {
      expect([subject, totals.body.subjects[subject]]).toEqual([subject, all.reduce((sum, item) => sum + item.subjects[subject], 0)]);
    }
    expect(totals.body.used.size.assets.packages.all).toBe(totals.body.subjects['size:assets:packages:all']);
    expect(totals.body.subjects['size:all']).toBeGreaterThanOrEqual(3000 + 1500 + 500 + 2000);
  });

  it('is for site admins only: others 403, anonymous 401', async () => {
    for (const path of ['/admin/quota/usage', '/admin/quota/usage/total']) {
      expect((await server.request(path, { auth: { token: alice.token } })).status).toBe(403);
      expect((await server.request(path)).status).toBe(401);
    }
  });

  describe('bellows admin quota report', () => {
    let configFile: string;
    beforeAll(() => {
      configFile = writeCliConfig(server);
    });
    const report = (...args: string[]) => bellows('admin', 'quota', 'report', '--config', configFile, ...args);

    it('prints the API items as JSON, every page', async () => {
      const result = await report('--format', 'json', '--sort', 'size:assets:packages:all');
      expect(result).toMatchObject({ code: 0, stderr: '' });
      const items: Item[] = JSON.parse(result.stdout);
      const api: Item[] = [];
      for (let page = 1; ; page++) {
        const body: Item[] = (await asAdmin(`/admin/quota/usage?sort=size:assets:packages:all&limit=2&page=${page}`)).body;
        api.push(...body);
        if (body.length < 2) break;
      }
      expect(items).toEqual(api);
    });

    it('prints CSV with a header and raw bytes, and --over keeps only owners over quota', async () => {
      const result = await report('--format', 'csv', '--type', 'user');
      expect(result.code).toBe(0);
      const [header, ...rows] = result.stdout
        .trimEnd()
        .split('\n')
        .map((line) => line.split(','));
      expect(header.slice(0, 5)).toEqual(['id', 'name', 'type', 'over_quota', 'groups']);
      const alicesRow = rows.find((row) => row[1] === alice.name)!;
      const record = Object.fromEntries(header.map((column, i) => [column, alicesRow[i]]));
      expect(record).toMatchObject({
        id: String(alice.user.id),
        type: 'user',
        over_quota: 'true',
        groups: `${tag}-small`,
        'size:all': '3000',
      });
      expect(rows.some((row) => row[1] === org.name)).toBe(false);

      const over = await report('--format', 'csv', '--over');
      expect(
        over.stdout
          .trimEnd()
          .split('\n')
          .slice(1)
          .map((line) => line.split(',')[1]),
      ).toEqual([alice.name]);
    });

    it('prints an aligned table with human sizes by default', async () => {
      const result = await report('--sort', 'size:assets:packages:all');
      expect(result.code).toBe(0);
      const lines = result.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^NAME\s+TYPE\s+OVER\s+ALL\s+/);
      const alicesLine = lines.find((line) => line.startsWith(`${alice.name} `))!;
      expect(alicesLine).toMatch(/\buser\s+yes\s+2\.93 KiB\b/);
      // Aligned: every row starts its TYPE column where the header does.
      const typeColumn = lines[0].indexOf('TYPE');
      for (const line of lines.slice(1)) expect(line.slice(typeColumn)).toMatch(/^(user|org)\b/);
      expect((await report('--format', 'xml')).code).toBe(1);
      expect((await report('--sort', 'size:nothing')).stderr).toMatch(/sort/);
    });
  });

  it('forgets a deleted owner', async () => {
    expect((await asAdmin(`/admin/users/${idle.name}`, 'DELETE')).status).toBe(204);
    expect(names(await mine())).not.toContain(idle.name);
    expect((await asAdmin(`/admin/quota/usage?q=${tag}`)).headers.get('x-total-count')).toBe('3');
  });
});

describe('operators overview: owners without groups get the default groups', () => {
  let server: TestServer;
  let admin: TestUser;
  const tag = `ovd${Date.now().toString(36)}`;
  const defaultGroup = `${tag}-standard`;

  beforeAll(async () => {
    server = await startTestServer({ QUOTA__DEFAULT_GROUPS: defaultGroup });
    admin = await createTestUser(server, { admin: true });
  });
  afterAll(() => server?.close());

  const listed = async (name: string): Promise<Item> => {
    const response = await server.request(`/admin/quota/usage?q=${name}`, { auth: { token: admin.token } });
    expect(response.status).toBe(200);
    return response.body.find((item: Item) => item.owner.name === name);
  };

  it('lists the existing DEFAULT_GROUPS, evaluated like GET /user/quota/check, for owners storing something and owners storing nothing', async () => {
    const idle = await createTestUser(server, { name: `${tag}idle` });
    const uploader = await createTestUser(server, { name: `${tag}up` });
    await uploadGenericPackage({ url: server.url, token: uploader.token, owner: uploader.name }, 'p', '1.0.0', 'p.bin', randomBytes(100));
    await eventually(async () => expect((await listed(uploader.name)).subjects['size:all']).toBe(100));
    // The default group does not exist yet: no group applies.
    expect(await listed(idle.name)).toMatchObject({ groups: [], over_quota: false });

    // It appears, with a 50-byte rule: the uploader follows through the quota outbox, the idle owner through the pass the server runs at start.
    const created = await server.request('/admin/quota/groups', {
      method: 'POST',
      body: { name: defaultGroup, rules: [{ name: `${tag}-50b`, limit: 50, subjects: ['size:all'] }] },
      auth: { token: admin.token },
    });
    expect(created.status).toBe(201);
    await eventually(async () => expect(await listed(uploader.name)).toMatchObject({ groups: [defaultGroup], over_quota: true }));
    // The same answer as the check: true means over quota.
    expect((await server.request('/user/quota/check?subject=size:all', { auth: { token: uploader.token } })).body).toBe(true);
    await server.app.get(QuotaSummaries, { strict: false }).refreshIdleOwners();
    expect(await listed(idle.name)).toMatchObject({ groups: [defaultGroup], over_quota: false });

    // A new owner is listed with them at once.
    const newcomer = await createTestUser(server, { name: `${tag}new` });
    expect(await listed(newcomer.name)).toMatchObject({ groups: [defaultGroup], over_quota: false });
  });
});
