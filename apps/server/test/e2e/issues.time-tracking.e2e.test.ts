import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Tracked times and stopwatches on issues, as Forgejo's clients use them:
 * who may track and see whose times, the timeline entries, stopwatches that
 * run one at a time and record what they measured, and private repositories'
 * times invisible to others.
 */
describe('issue time tracking', () => {
  let server: TestServer;
  let owner: TestUser;
  let reader: TestUser;
  let outsider: TestUser;
  let admin: TestUser;
  let repo: RepositoryEntity;
  let secret: RepositoryEntity;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const issuePath = (r: RepositoryEntity, index: number, rest = '') => `/repos/${owner.name}/${r.name}/issues/${index}${rest}`;

  async function openIssue(r: RepositoryEntity, user = owner): Promise<number> {
    const res = await server.request(`/repos/${owner.name}/${r.name}/issues`, { method: 'POST', body: { title: 'work' }, ...as(user) });
    expect(res.status).toBe(201);
    return res.body.number;
  }

  async function addTime(r: RepositoryEntity, index: number, user: TestUser, body: Record<string, unknown>) {
    return server.request(issuePath(r, index, '/times'), { method: 'POST', body, ...as(user) });
  }

  async function timelineTypes(r: RepositoryEntity, index: number): Promise<{ type: string; body: string }[]> {
    const res = await server.request(issuePath(r, index, '/timeline'), as(owner));
    return res.body.map((entry: any) => ({ type: entry.type, body: entry.body }));
  }

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
    reader = await createTestUser(server);
    outsider = await createTestUser(server);
    admin = await createTestUser(server, { admin: true });
    repo = await createTestRepository(server, owner.user);
    secret = await createTestRepository(server, owner.user, { isPrivate: true });
    await server.db.collaborations.set(secret.id, reader.user.id, 'read');
  }, 60_000);

  afterAll(() => server?.close());

  it('adds time as Forgejo answers it, lists it with filters and a total, and notes it in the timeline', async () => {
    const index = await openIssue(repo);
    const added = await addTime(repo, index, owner, { time: 3600, created: '2024-05-01T10:00:00Z' });
    expect(added.status).toBe(200);
    expectForgejoShape('POST', '/repos/{owner}/{repo}/issues/{index}/times', 200, added.body);
    expect(added.body).toMatchObject({ time: 3600, user_name: owner.name, created: '2024-05-01T10:00:00.000Z', issue: { number: index } });
    expect((await addTime(repo, index, owner, { time: 60 })).status).toBe(200);

    const listed = await server.request(issuePath(repo, index, '/times'), as(owner));
    expect(listed.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/issues/{index}/times', 200, listed.body);
    expect(listed.body.map((t: any) => t.time)).toEqual([3600, 60]);
    expect(listed.headers.get('x-total-count')).toBe('2');

    const old = await server.request(issuePath(repo, index, '/times?before=2024-06-01T00:00:00Z'), as(owner));
    expect(old.body.map((t: any) => t.time)).toEqual([3600]);
    const recent = await server.request(issuePath(repo, index, '/times?since=2024-06-01T00:00:00Z'), as(owner));
    expect(recent.body.map((t: any) => t.time)).toEqual([60]);
    expect((await server.request(issuePath(repo, index, '/times?since=yesterday'), as(owner))).status).toBe(422);

    expect(await timelineTypes(repo, index)).toEqual([
      { type: 'add_time_manual', body: '|3600' },
      { type: 'add_time_manual', body: '|60' },
    ]);
    const timeline = await server.request(issuePath(repo, index, '/timeline'), as(owner));
    expectForgejoShape('GET', '/repos/{owner}/{repo}/issues/{index}/timeline', 200, timeline.body);
    expect(timeline.body[0].tracked_time).toMatchObject({ id: added.body.id, time: 3600, user_name: owner.name });
    // Clients look here before offering time tracking.
    expect((await server.request('/settings/repository')).body.time_tracking_disabled).toBe(false);
  });

  it('refuses bad input with 422 and changes nothing', async () => {
    const index = await openIssue(repo);
    for (const body of [{}, { time: 0 }, { time: -5 }, { time: 'an hour' }, { time: 1.5 }, { time: 10, created: 'soon' }]) {
      const res = await addTime(repo, index, owner, body);
      expect(res.status).toBe(422);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await server.request(issuePath(repo, index, '/times'), as(owner))).body).toEqual([]);
    expect((await server.request(issuePath(repo, 999_999, '/times'), as(owner))).status).toBe(404);
    expect((await server.request(issuePath(repo, index, '/times'))).status).toBe(401);
  });

  it("lets writers and the issue's poster track time; others only see their own times", async () => {
    const ownersIssue = await openIssue(repo);
    const readersIssue = await openIssue(repo, reader);
    expect((await addTime(repo, ownersIssue, owner, { time: 100 })).status).toBe(200);
    expect((await addTime(repo, ownersIssue, reader, { time: 5 })).status).toBe(403);
    expect((await addTime(repo, readersIssue, reader, { time: 7 })).status).toBe(200);
    expect((await addTime(repo, readersIssue, owner, { time: 9 })).status).toBe(200);

    // A reader lists their own times only, and may not ask for someone else's.
    const readersView = await server.request(issuePath(repo, readersIssue, '/times'), as(reader));
    expect(readersView.body.map((t: any) => [t.user_name, t.time])).toEqual([[reader.name, 7]]);
    expect((await server.request(issuePath(repo, readersIssue, `/times?user=${owner.name}`), as(reader))).status).toBe(403);
    const ownersView = await server.request(issuePath(repo, readersIssue, `/times?user=${reader.name}`), as(owner));
    expect(ownersView.body.map((t: any) => t.time)).toEqual([7]);
    expect((await server.request(issuePath(repo, readersIssue, '/times?user=nobody-at-all'), as(owner))).status).toBe(404);

    // Whole-repository listings follow the same rule.
    const repoTimes = await server.request(`/repos/${owner.name}/${repo.name}/times?user=${reader.name}`, as(owner));
    expect(repoTimes.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/times', 200, repoTimes.body);
    expect(repoTimes.body.every((t: any) => t.user_name === reader.name)).toBe(true);
    const readersRepoTimes = await server.request(`/repos/${owner.name}/${repo.name}/times`, as(reader));
    expect(readersRepoTimes.body.every((t: any) => t.user_name === reader.name)).toBe(true);
    const byUser = await server.request(`/repos/${owner.name}/${repo.name}/times/${reader.name}`, as(owner));
    expect(byUser.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/times/{user}', 200, byUser.body);
    expect((await server.request(`/repos/${owner.name}/${repo.name}/times/${owner.name}`, as(reader))).status).toBe(403);
  });

  it('records time for another user only when a repository or site admin asks', async () => {
    const index = await openIssue(repo);
    const forReader = await addTime(repo, index, owner, { time: 30, user_name: reader.name });
    expect(forReader.body.user_name).toBe(reader.name);
    const byAdmin = await addTime(repo, index, admin, { time: 40, user_name: owner.name });
    expect(byAdmin.body.user_name).toBe(owner.name);
  });

  it('deletes one time (own, or any for site admins) and resets the caller’s own times', async () => {
    const index = await openIssue(repo);
    const mine = (await addTime(repo, index, owner, { time: 11 })).body;
    const theirs = (await addTime(repo, index, owner, { time: 22, user_name: reader.name })).body;
    const other = (await addTime(repo, index, owner, { time: 33, user_name: reader.name })).body;
    const del = (id: number, user: TestUser) => server.request(issuePath(repo, index, `/times/${id}`), { method: 'DELETE', ...as(user) });

    expect((await del(theirs.id, owner)).status).toBe(403);
    expect((await del(mine.id, owner)).status).toBe(204);
    expect((await del(mine.id, owner)).status).toBe(404);
    expect((await del(theirs.id, admin)).status).toBe(204);
    expect((await del(987_654, owner)).status).toBe(404);
    const elsewhere = await openIssue(repo);
    expect((await server.request(issuePath(repo, elsewhere, `/times/${other.id}`), { method: 'DELETE', ...as(admin) })).status).toBe(404);

    const left = await server.request(issuePath(repo, index, '/times'), as(owner));
    expect(left.body.map((t: any) => t.id)).toEqual([other.id]);

    const ownerReset = await server.request(issuePath(repo, index, '/times'), { method: 'DELETE', ...as(owner) });
    expect(ownerReset.status).toBe(404); // the owner has no time left there
    await addTime(repo, index, owner, { time: 5 });
    await addTime(repo, index, owner, { time: 6 });
    expect((await server.request(issuePath(repo, index, '/times'), { method: 'DELETE', ...as(owner) })).status).toBe(204);
    const after = await server.request(issuePath(repo, index, '/times'), as(owner));
    expect(after.body.map((t: any) => t.id)).toEqual([other.id]);
    const types = await timelineTypes(repo, index);
    expect(types.filter((t) => t.type === 'delete_time_manual').map((t) => t.body)).toEqual(['|11', '|22', '|11']);
  });

  it('keeps a private repository’s times from outsiders, and /user/times to what the caller may read', async () => {
    const index = await openIssue(secret);
    expect((await addTime(secret, index, owner, { time: 77 })).status).toBe(200);
    expect((await server.request(issuePath(secret, index, '/times'), as(outsider))).status).toBe(404);
    expect((await addTime(secret, index, outsider, { time: 1 })).status).toBe(404);
    expect((await server.request(`/repos/${owner.name}/${secret.name}/times`, as(outsider))).status).toBe(404);
    expect((await server.request(`/repos/${owner.name}/${secret.name}/times/${owner.name}`, as(outsider))).status).toBe(404);

    const readersIssue = await openIssue(secret, reader);
    expect((await addTime(secret, readersIssue, reader, { time: 8 })).status).toBe(200);
    const before = await server.request('/user/times', as(reader));
    expect(before.status).toBe(200);
    expectForgejoShape('GET', '/user/times', 200, before.body);
    expect(before.body.some((t: any) => t.time === 8 && t.issue.repository.name === secret.name)).toBe(true);
    expect(before.body.every((t: any) => t.user_name === reader.name)).toBe(true);

    // Once the reader loses access, those times no longer show, not even in the count.
    await server.db.collaborations.remove(secret.id, reader.user.id);
    const after = await server.request('/user/times', as(reader));
    expect(after.body.some((t: any) => t.issue?.repository?.name === secret.name)).toBe(false);
    expect(after.headers.get('x-total-count')).toBe(String(after.body.length));
    await server.db.collaborations.set(secret.id, reader.user.id, 'read');

    const outsiders = await server.request('/user/times', as(outsider));
    expect(outsiders.body).toEqual([]);
    expect((await server.request('/user/times')).status).toBe(401);
  });

  describe('stopwatches', () => {
    const sw = (r: RepositoryEntity, index: number, action: 'start' | 'stop' | 'delete', user = owner) =>
      server.request(issuePath(r, index, `/stopwatch/${action}`), { method: action === 'delete' ? 'DELETE' : 'POST', ...as(user) });

    it('starts once, lists the running one, stops it into a tracked time, and tells 409 for what does not run', async () => {
      const index = await openIssue(repo);
      const started = await sw(repo, index, 'start');
      expect(started.status).toBe(201);
      expect(started.text).toBe('');
      expect((await sw(repo, index, 'start')).status).toBe(409);

      const running = await server.request('/user/stopwatches', as(owner));
      expect(running.status).toBe(200);
      expectForgejoShape('GET', '/user/stopwatches', 200, running.body);
      expect(running.body).toEqual([
        expect.objectContaining({ issue_index: index, issue_title: 'work', repo_owner_name: owner.name, repo_name: repo.name }),
      ]);
      expect(running.body[0].seconds).toBeGreaterThanOrEqual(0);

      expect((await sw(repo, index, 'stop')).status).toBe(201);
      const stopAgain = await sw(repo, index, 'stop');
      expect(stopAgain.status).toBe(409);
      expect(stopAgain.body.message).toMatch(/no stopwatch/);
      expect((await sw(repo, index, 'delete')).status).toBe(409);
      expect((await server.request('/user/stopwatches', as(owner))).body).toEqual([]);
      const times = await server.request(issuePath(repo, index, '/times'), as(owner));
      expect(times.body).toHaveLength(1);
      expect((await timelineTypes(repo, index)).map((t) => t.type)).toEqual(['start_tracking', 'stop_tracking']);
    });

    it('stops the running stopwatch when another starts, and cancels without recording', async () => {
      const first = await openIssue(repo);
      const second = await openIssue(repo);
      expect((await sw(repo, first, 'start')).status).toBe(201);
      expect((await sw(repo, second, 'start')).status).toBe(201);
      expect((await server.request('/user/stopwatches', as(owner))).body.map((s: any) => s.issue_index)).toEqual([second]);
      expect((await server.request(issuePath(repo, first, '/times'), as(owner))).body).toHaveLength(1);

      expect((await sw(repo, second, 'delete')).status).toBe(204);
      expect((await server.request(issuePath(repo, second, '/times'), as(owner))).body).toEqual([]);
      expect((await timelineTypes(repo, second)).map((t) => t.type)).toEqual(['start_tracking', 'cancel_tracking']);
    });

    it('is for writers only (403), and invisible in repositories the caller may not read (404)', async () => {
      const readersIssue = await openIssue(repo, reader);
      expect((await sw(repo, readersIssue, 'start', reader)).status).toBe(403);
      const secretIssue = await openIssue(secret);
      expect((await sw(secret, secretIssue, 'start', outsider)).status).toBe(404);
      expect((await server.request('/user/stopwatches')).status).toBe(401);
    });

    it('keeps one stopwatch when two starts race', async () => {
      const index = await openIssue(repo);
      const racer = await createTestUser(server);
      await server.db.collaborations.set(repo.id, racer.user.id, 'write');
      const answers = await Promise.all([
        sw(repo, index, 'start', racer),
        sw(repo, index, 'start', racer),
        sw(repo, index, 'start', racer),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
      expect((await server.request('/user/stopwatches', as(racer))).body).toHaveLength(1);
    });
  });
});
