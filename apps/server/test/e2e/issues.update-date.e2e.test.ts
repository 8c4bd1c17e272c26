import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * The update-date policy applied over HTTP (docs/issues.md): each rule is read
 * back through the API. Issues are back-dated at creation through persistence
 * so that dates in the past are within the guard's range.
 */
describe('issues: back-dating with updated_at', () => {
  let server: TestServer;
  let owner: TestUser;
  let writer: TestUser;
  let repo: RepositoryEntity;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const issues = (rest = '') => `/repos/${owner.name}/${repo.name}/issues${rest}`;
  const CREATED = new Date('2024-01-01T00:00:00Z');

  /** An issue created on 2024-01-01, as an import would have it. */
  async function oldIssue(title: string): Promise<number> {
    const issue = await server.db.transaction((tx) =>
      tx.issues.create({
        repoId: repo.id,
        posterId: owner.user.id,
        title,
        body: '',
        isClosed: false,
        milestoneId: null,
        createdAt: CREATED,
      }),
    );
    return issue.index;
  }

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
    writer = await createTestUser(server);
    repo = await createTestRepository(server, owner.user);
    await server.db.collaborations.set(repo.id, writer.user.id, 'write');
  }, 60_000);

  afterAll(() => server?.close());

  it('edit issue: the issue’s updated_at becomes the given date', async () => {
    const index = await oldIssue('edit me');
    const res = await server.request(issues(`/${index}`), {
      method: 'PATCH',
      body: { title: 'edited', updated_at: '2024-03-05T10:00:00+02:00' },
      ...as(owner),
    });
    expect(res.status).toBe(201);
    expect(res.body.updated_at).toBe('2024-03-05T08:00:00.000Z');
    expect((await server.request(issues(`/${index}`))).body.updated_at).toBe('2024-03-05T08:00:00.000Z');
    const timeline = (await server.request(issues(`/${index}/timeline`))).body;
    expect(timeline).toMatchObject([{ type: 'change_title', created_at: '2024-03-05T08:00:00.000Z' }]);
  });

  it('create comment: the given date is the comment’s creation date and the issue’s update date', async () => {
    const index = await oldIssue('comment on me');
    const res = await server.request(issues(`/${index}/comments`), {
      method: 'POST',
      body: { body: 'imported', updated_at: '2024-02-01T12:00:00Z' },
      ...as(owner),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ created_at: '2024-02-01T12:00:00.000Z', updated_at: '2024-02-01T12:00:00.000Z' });
    expect((await server.request(issues(`/${index}`))).body.updated_at).toBe('2024-02-01T12:00:00.000Z');
  });

  it('edit comment: the given date is the comment’s update date and the issue’s update date', async () => {
    const index = await oldIssue('edit a comment');
    const comment = (
      await server.request(issues(`/${index}/comments`), {
        method: 'POST',
        body: { body: 'v1', updated_at: '2024-02-01T00:00:00Z' },
        ...as(owner),
      })
    ).body;
    const res = await server.request(issues(`/comments/${comment.id}`), {
      method: 'PATCH',
      body: { body: 'v2', updated_at: '2024-02-10T00:00:00Z' },
      ...as(owner),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ body: 'v2', created_at: '2024-02-01T00:00:00.000Z', updated_at: '2024-02-10T00:00:00.000Z' });
    expect((await server.request(issues(`/${index}`))).body.updated_at).toBe('2024-02-10T00:00:00.000Z');
  });

  it('a back-dated comment dates the cross-reference it makes', async () => {
    const target = await oldIssue('referenced');
    const source = await oldIssue('referencing');
    await server.request(issues(`/${source}/comments`), {
      method: 'POST',
      body: { body: `relates to #${target}`, updated_at: '2024-04-01T00:00:00Z' },
      ...as(owner),
    });
    const timeline = (await server.request(issues(`/${target}/timeline`))).body;
    expect(timeline).toMatchObject([{ type: 'comment_ref', created_at: '2024-04-01T00:00:00.000Z' }]);
    expect((await server.request(issues(`/${target}`))).body.updated_at).toBe(CREATED.toISOString());
  });

  it('refuses a date before the issue’s creation or in the future with 422, changing nothing', async () => {
    const index = await oldIssue('guarded');
    const before = await server.request(issues(`/${index}`), {
      method: 'PATCH',
      body: { title: 'nope', updated_at: '2023-12-31T23:59:59Z' },
      ...as(owner),
    });
    expect(before.status).toBe(422);
    expect(before.body.message).toContain('updated_at');
    expect(before.body.message).toContain('before');
    const future = await server.request(issues(`/${index}/comments`), {
      method: 'POST',
      body: { body: 'x', updated_at: '2999-01-01T00:00:00Z' },
      ...as(owner),
    });
    expect(future.status).toBe(422);
    expect(future.body.message).toContain('future');
    const malformed = await server.request(issues(`/${index}`), { method: 'PATCH', body: { updated_at: 'yesterday' }, ...as(owner) });
    expect(malformed.status).toBe(422);
    const issue = (await server.request(issues(`/${index}`))).body;
    expect(issue).toMatchObject({ title: 'guarded', comments: 0, updated_at: CREATED.toISOString() });
  });

  it('refuses updated_at from a writer who is not an administrator with 403; the same edit without it works', async () => {
    const index = await oldIssue('not yours to back-date');
    const refused = await server.request(issues(`/${index}`), {
      method: 'PATCH',
      body: { title: 't', updated_at: '2024-02-01T00:00:00Z' },
      ...as(writer),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('updated_at');
    const comment = await server.request(issues(`/${index}/comments`), {
      method: 'POST',
      body: { body: 'x', updated_at: '2024-02-01T00:00:00Z' },
      ...as(writer),
    });
    expect(comment.status).toBe(403);
    expect((await server.request(issues(`/${index}`), { method: 'PATCH', body: { title: 't' }, ...as(writer) })).status).toBe(201);
  });

  it('milestone: its updated_at becomes the later of its own and the given date, never lower', async () => {
    const milestone = (
      await server.request(`/repos/${owner.name}/${repo.name}/milestones`, { method: 'POST', body: { title: 'm' }, ...as(owner) })
    ).body;
    const created = milestone.updated_at;
    const early = await oldIssue('early');
    await server.request(issues(`/${early}`), {
      method: 'PATCH',
      body: { milestone: milestone.id, updated_at: '2024-02-01T00:00:00Z' },
      ...as(owner),
    });
    expect((await server.request(`/repos/${owner.name}/${repo.name}/milestones/${milestone.id}`)).body.updated_at).toBe(created);

    const other = (
      await server.request(`/repos/${owner.name}/${repo.name}/milestones`, { method: 'POST', body: { title: 'old' }, ...as(owner) })
    ).body;
    await server.db.milestones.update(other.id, { updatedAt: new Date('2024-01-15T00:00:00Z') });
    const later = await oldIssue('later');
    await server.request(issues(`/${later}`), {
      method: 'PATCH',
      body: { milestone: other.id, updated_at: '2024-03-01T00:00:00Z' },
      ...as(owner),
    });
    expect((await server.request(`/repos/${owner.name}/${repo.name}/milestones/${other.id}`)).body.updated_at).toBe(
      '2024-03-01T00:00:00.000Z',
    );
    const earlier = await oldIssue('earlier');
    await server.request(issues(`/${earlier}`), {
      method: 'PATCH',
      body: { milestone: other.id, updated_at: '2024-02-01T00:00:00Z' },
      ...as(owner),
    });
    expect((await server.request(`/repos/${owner.name}/${repo.name}/milestones/${other.id}`)).body.updated_at).toBe(
      '2024-03-01T00:00:00.000Z',
    );
  });
});
