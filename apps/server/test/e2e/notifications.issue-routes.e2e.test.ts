import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * The issue routes publish the events notifications listen to: a user who
 * opens an issue, comments or closes it notifies the others involved.
 */
describe('notifications from the issue routes', () => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let repo: RepositoryEntity;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const issues = () => `/repos/${bob.name}/${repo.name}/issues`;
  const unread = async (user: TestUser) => (await server.request('/notifications/new', as(user))).body.new;
  const markAllRead = (user: TestUser) => server.request('/notifications', { method: 'PUT', ...as(user) });

  beforeAll(async () => {
    server = await startTestServer();
    alice = await createTestUser(server);
    bob = await createTestUser(server);
    repo = await createTestRepository(server, bob.user);
  });

  afterAll(() => server?.close());

  it('notifies the owner of an issue opened by another user, and the poster of replies and of closing', async () => {
    const opened = await server.request(issues(), { method: 'POST', body: { title: 'through the API' }, ...as(alice) });
    expect(opened.status).toBe(201);
    expect(await unread(bob)).toBe(1);
    expect(await unread(alice)).toBe(0);

    const replied = await server.request(`${issues()}/${opened.body.number}/comments`, {
      method: 'POST',
      body: { body: 'thanks' },
      ...as(bob),
    });
    expect(replied.status).toBe(201);
    expect(await unread(alice)).toBe(1);
    const [thread] = (await server.request('/notifications', as(alice))).body;
    expect(thread.subject.latest_comment_url).toBe(`${server.apiUrl}/repos/${bob.name}/${repo.name}/issues/comments/${replied.body.id}`);

    await markAllRead(alice);
    const closed = await server.request(`${issues()}/${opened.body.number}`, { method: 'PATCH', body: { state: 'closed' }, ...as(bob) });
    expect(closed.status).toBe(201);
    expect(await unread(alice)).toBe(1);
    expect((await server.request('/notifications', as(alice))).body[0].subject.state).toBe('closed');
  });
});
