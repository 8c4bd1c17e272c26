import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Deadlines of issues: set to the end of the given day by writers, shown as
 * `due_date` on the issue (also in lists), removed with null; refused to
 * readers and hidden with the private repository.
 */
describe('issue deadlines', () => {
  let server: TestServer;
  let owner: TestUser;
  let reader: TestUser;
  let outsider: TestUser;
  let repo: RepositoryEntity;
  let secret: RepositoryEntity;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const issues = (r: RepositoryEntity, rest = '') => `/repos/${owner.name}/${r.name}/issues${rest}`;

  async function open(r: RepositoryEntity, title: string): Promise<number> {
    const res = await server.request(issues(r), { method: 'POST', body: { title }, ...as(owner) });
    expect(res.status).toBe(201);
    return res.body.number;
  }
  const setDeadline = (r: RepositoryEntity, number: number, user: TestUser, body: unknown) =>
    server.request(issues(r, `/${number}/deadline`), { method: 'POST', body, ...as(user) });

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
    reader = await createTestUser(server);
    outsider = await createTestUser(server);
    repo = await createTestRepository(server, owner.user);
    secret = await createTestRepository(server, owner.user, { isPrivate: true });
    await server.db.collaborations.set(repo.id, reader.user.id, 'read');
  }, 60_000);
  afterAll(() => server?.close());

  it('sets the deadline to the end of the given day, shows it on the issue, and removes it with null', async () => {
    const number = await open(repo, 'Due soon');
    expect((await server.request(issues(repo, `/${number}`))).body.due_date).toBeUndefined();
    const set = await setDeadline(repo, number, owner, { due_date: '2026-12-24T08:30:00+05:00' });
    expect(set.status).toBe(201);
    expectForgejoShape('POST', '/repos/{owner}/{repo}/issues/{index}/deadline', 201, set.body);
    expect(set.body).toEqual({ due_date: '2026-12-24T23:59:59.000Z' });
    const issue = await server.request(issues(repo, `/${number}`));
    expect(issue.body.due_date).toBe('2026-12-24T23:59:59.000Z');
    const listed = await server.request(issues(repo, '?state=all'));
    expect(listed.body.find((i: any) => i.number === number).due_date).toBe('2026-12-24T23:59:59.000Z');

    const removed = await setDeadline(repo, number, owner, { due_date: null });
    expect(removed.status).toBe(201);
    expect(removed.body).toEqual({ due_date: '0001-01-01T00:00:00Z' });
    expect((await server.request(issues(repo, `/${number}`))).body.due_date).toBeUndefined();
  });

  it('refuses a malformed date with 422 and changes nothing', async () => {
    const number = await open(repo, 'Picky');
    expect((await setDeadline(repo, number, owner, { due_date: '2026-12-24T00:00:00Z' })).status).toBe(201);
    for (const due_date of ['tomorrow', '2026-02-30T00:00:00Z', 42, '2026-12-24']) {
      const refused = await setDeadline(repo, number, owner, { due_date });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toMatch(/due_date/);
    }
    expect((await server.request(issues(repo, `/${number}`))).body.due_date).toBe('2026-12-24T23:59:59.000Z');
  });

  it('lets only writers set a deadline, and hides private issues', async () => {
    const number = await open(repo, 'Mine to plan');
    const refused = await setDeadline(repo, number, reader, { due_date: '2026-12-24T00:00:00Z' });
    expect(refused.status).toBe(403);
    expect((await server.request(issues(repo, `/${number}`))).body.due_date).toBeUndefined();
    expect((await server.request(issues(repo, `/${number}/deadline`), { method: 'POST', body: { due_date: null } })).status).toBe(401);
    expect((await setDeadline(repo, 9999, owner, { due_date: null })).status).toBe(404);
    const hidden = await open(secret, 'Hidden');
    expect((await setDeadline(secret, hidden, outsider, { due_date: '2026-12-24T00:00:00Z' })).status).toBe(404);
  });
});
