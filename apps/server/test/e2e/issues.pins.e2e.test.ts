import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Pinned issues: pinned, moved and unpinned by administrators, at most three,
 * listed in order with `pin_order` on the issue JSON, refused to writers and
 * hidden with a private repository.
 */
describe('issue pins', () => {
  let server: TestServer;
  let owner: TestUser;
  let writer: TestUser;
  let outsider: TestUser;
  let repo: RepositoryEntity;
  let secret: RepositoryEntity;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const base = (r: RepositoryEntity) => `/repos/${owner.name}/${r.name}`;
  const pin = (r: RepositoryEntity, number: number, method = 'POST', user = owner, rest = '') =>
    server.request(`${base(r)}/issues/${number}/pin${rest}`, { method, ...as(user) });
  const pinnedNumbers = async (r: RepositoryEntity) => (await server.request(`${base(r)}/issues/pinned`)).body.map((i: any) => i.number);

  async function open(r: RepositoryEntity, title: string): Promise<number> {
    const res = await server.request(`${base(r)}/issues`, { method: 'POST', body: { title }, ...as(owner) });
    expect(res.status).toBe(201);
    return res.body.number;
  }

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
    writer = await createTestUser(server);
    outsider = await createTestUser(server);
    repo = await createTestRepository(server, owner.user);
    secret = await createTestRepository(server, owner.user, { isPrivate: true });
    await server.db.collaborations.set(repo.id, writer.user.id, 'write');
  }, 60_000);
  afterAll(() => server?.close());

  it('pins up to three issues in order, moves and unpins them, and shows pin_order', async () => {
    const [a, b, c, d] = [await open(repo, 'a'), await open(repo, 'b'), await open(repo, 'c'), await open(repo, 'd')];
    expect((await pin(repo, a)).status).toBe(204);
    expect((await pin(repo, a)).status).toBe(204);
    expect((await pin(repo, b)).status).toBe(204);
    const allowed = await server.request(`${base(repo)}/new_pin_allowed`);
    expect(allowed.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/new_pin_allowed', 200, allowed.body);
    expect(allowed.body).toEqual({ issues: true, pull_requests: true });
    expect((await pin(repo, c)).status).toBe(204);
    expect((await server.request(`${base(repo)}/new_pin_allowed`)).body).toEqual({ issues: false, pull_requests: true });
    const full = await pin(repo, d);
    expect(full.status).toBe(400);
    expect(full.body.message).toMatch(/3 issues/);

    const listed = await server.request(`${base(repo)}/issues/pinned`);
    expect(listed.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/issues/pinned', 200, listed.body);
    expect(listed.body.map((i: any) => [i.number, i.pin_order])).toEqual([
      [a, 1],
      [b, 2],
      [c, 3],
    ]);
    expect((await server.request(`${base(repo)}/issues/${b}`)).body.pin_order).toBe(2);
    expect((await server.request(`${base(repo)}/issues/${d}`)).body.pin_order).toBe(0);

    expect((await pin(repo, c, 'PATCH', owner, '/1')).status).toBe(204);
    expect(await pinnedNumbers(repo)).toEqual([c, a, b]);
    expect((await pin(repo, c, 'PATCH', owner, '/99')).status).toBe(204);
    expect(await pinnedNumbers(repo)).toEqual([a, b, c]);
    expect((await pin(repo, d, 'PATCH', owner, '/1')).status).toBe(404);
    expect((await pin(repo, a, 'PATCH', owner, '/0')).status).toBe(422);

    expect((await pin(repo, a, 'DELETE')).status).toBe(204);
    expect((await pin(repo, a, 'DELETE')).status).toBe(204);
    const after = await server.request(`${base(repo)}/issues/pinned`);
    expect(after.body.map((i: any) => [i.number, i.pin_order])).toEqual([
      [b, 1],
      [c, 2],
    ]);
    expect((await pin(repo, d)).status).toBe(204);
    expect(await pinnedNumbers(repo)).toEqual([b, c, d]);
  });

  it('leaves pins to administrators, and hides a private repository’s', async () => {
    const number = await open(repo, 'not yours to pin');
    const refused = await pin(repo, number, 'POST', writer);
    expect(refused.status).toBe(403);
    expect((await pin(repo, number, 'DELETE', writer)).status).toBe(403);
    expect((await server.request(`${base(repo)}/issues/${number}/pin`, { method: 'POST' })).status).toBe(401);
    expect((await pin(repo, 9999)).status).toBe(404);

    const hidden = await open(secret, 'hidden');
    expect((await pin(secret, hidden)).status).toBe(204);
    expect((await pin(secret, hidden, 'POST', outsider)).status).toBe(404);
    expect((await server.request(`${base(secret)}/issues/pinned`, as(outsider))).status).toBe(404);
    expect((await server.request(`${base(secret)}/new_pin_allowed`, as(outsider))).status).toBe(404);
    expect((await server.request(`${base(secret)}/issues/pinned`, as(owner))).body.map((i: any) => i.number)).toEqual([hidden]);
  });

  it('gives each of several issues pinned at once its own place', async () => {
    const r = await createTestRepository(server, owner.user);
    const numbers = [await open(r, '1'), await open(r, '2'), await open(r, '3'), await open(r, '4')];
    const answers = await Promise.all(numbers.map((n) => pin(r, n)));
    expect(answers.map((a) => a.status).sort()).toEqual([204, 204, 204, 400]);
    const listed = await server.request(`${base(r)}/issues/pinned`);
    expect(listed.body.map((i: any) => i.pin_order)).toEqual([1, 2, 3]);
  });
});
