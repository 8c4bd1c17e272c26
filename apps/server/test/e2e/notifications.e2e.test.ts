import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { commentWithEvent, openIssueWithEvent } from '../support/issue-events';
import { sendRaw } from '../support/raw-request';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Notification threads made by issue events, as the users involved see them
 * through Forgejo's notification routes: who is notified, reading and marking
 * threads, the repository-scoped list, privacy, and the token requirement.
 */
describe('notifications', () => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let repo: RepositoryEntity;
  const as = (user: TestUser) => ({ auth: { token: user.token } });

  beforeAll(async () => {
    server = await startTestServer();
    alice = await createTestUser(server);
    bob = await createTestUser(server);
    carol = await createTestUser(server);
    repo = await createTestRepository(server, bob.user);
  });

  afterAll(() => server?.close());

  /** Opens an issue in one of bob's repositories; returns its row id (for comments). */
  async function openIssue(author: TestUser, target: RepositoryEntity, title: string, body = ''): Promise<number> {
    return (await openIssueWithEvent(server, target, author.user, title, body)).id;
  }

  const comment = (author: TestUser, issueId: number, body: string) => commentWithEvent(server, issueId, author.user, body);

  /**
   * A status change, answered with 205 and a body as Forgejo does. fetch drops
   * the body of any 205 response, hence the raw request.
   */
  async function mark(user: TestUser, method: 'PATCH' | 'PUT', path: string): Promise<{ status: number; body: any }> {
    const response = await sendRaw(server.url, { method, path: `/api/v1${path}`, headers: { authorization: `token ${user.token}` } });
    return { status: response.status, body: response.json };
  }

  async function unreadCount(user: TestUser): Promise<number> {
    const response = await server.request('/notifications/new', as(user));
    expect(response.status).toBe(200);
    return response.body.new;
  }

  async function threadsOf(user: TestUser, query = ''): Promise<any[]> {
    const response = await server.request(`/notifications${query}`, as(user));
    expect(response.status).toBe(200);
    return response.body;
  }

  async function threadAbout(user: TestUser, title: string): Promise<any> {
    const thread = (await threadsOf(user, '?all=true')).find((candidate) => candidate.subject.title === title);
    expect(thread).toBeDefined();
    return thread;
  }

  it('notifies the repository owner of a new issue, but not its author', async () => {
    const { index } = await openIssueWithEvent(server, repo, alice.user, 'first issue');
    expect(await unreadCount(bob)).toBe(1);
    expect(await unreadCount(alice)).toBe(0);

    const threads = await threadsOf(bob);
    expect(threads).toHaveLength(1);
    expectForgejoShape('get', '/notifications', 200, threads);
    expect(threads[0]).toMatchObject({
      unread: true,
      pinned: false,
      repository: { full_name: `${bob.name}/${repo.name}` },
      subject: {
        title: 'first issue',
        type: 'Issue',
        state: 'open',
        url: `${server.apiUrl}/repos/${bob.name}/${repo.name}/issues/${index}`,
      },
      url: `${server.apiUrl}/notifications/threads/${threads[0].id}`,
    });
  });

  it('notifies the issue author when someone else comments, pointing at the comment', async () => {
    const index = await openIssue(alice, repo, 'needs an answer');
    const commentId = await comment(bob, index, 'here is an answer');
    expect(await unreadCount(alice)).toBe(1);
    const thread = await threadAbout(alice, 'needs an answer');
    expect(thread.subject.latest_comment_url).toBe(`${server.apiUrl}/repos/${bob.name}/${repo.name}/issues/comments/${commentId}`);
  });

  it('marks one thread read with PATCH (205), and only its own user may see or change it', async () => {
    const title = 'read me';
    await openIssue(alice, repo, title);
    const thread = await threadAbout(bob, title);

    expect((await server.request(`/notifications/threads/${thread.id}`, as(alice))).status).toBe(404);
    expect((await server.request(`/notifications/threads/${thread.id}`, { method: 'PATCH', ...as(alice) })).status).toBe(404);
    expect((await server.request(`/notifications/threads/${thread.id}`, as(bob))).body).toMatchObject({ id: thread.id, unread: true });

    const before = await unreadCount(bob);
    const patched = await mark(bob, 'PATCH', `/notifications/threads/${thread.id}`);
    expect(patched.status).toBe(205);
    expect(patched.body).toMatchObject({ id: thread.id, unread: false, pinned: false });
    expect(await unreadCount(bob)).toBe(before - 1);
    expect((await server.request(`/notifications/threads/${thread.id}`, as(bob))).body.unread).toBe(false);

    const pinned = await mark(bob, 'PATCH', `/notifications/threads/${thread.id}?to-status=pinned`);
    expect(pinned.body).toMatchObject({ unread: false, pinned: true });
  });

  it('makes a read thread unread again on a new event', async () => {
    const title = 'comes back';
    const index = await openIssue(alice, repo, title);
    const thread = await threadAbout(bob, title);
    await server.request(`/notifications/threads/${thread.id}`, { method: 'PATCH', ...as(bob) });
    await comment(alice, index, 'anyone?');
    expect((await threadAbout(bob, title)).unread).toBe(true);
  });

  it('marks every unread thread read with PUT /notifications (205 with the threads changed)', async () => {
    expect(await unreadCount(bob)).toBeGreaterThan(0);
    const response = await mark(bob, 'PUT', '/notifications');
    expect(response.status).toBe(205);
    expect(response.body.length).toBeGreaterThan(0);
    expect(response.body.every((thread: { unread: boolean }) => !thread.unread)).toBe(true);
    expect(await unreadCount(bob)).toBe(0);
    expect(await threadsOf(bob, '?status-types=unread')).toEqual([]);
  });

  it('lists and marks the threads of one repository only', async () => {
    const other = await createTestRepository(server, bob.user);
    await openIssue(alice, other, 'elsewhere');
    const scoped = await server.request(`/repos/${bob.name}/${other.name}/notifications`, as(bob));
    expect(scoped.status).toBe(200);
    expect(scoped.body.map((thread: any) => thread.subject.title)).toEqual(['elsewhere']);
    expect(scoped.headers.get('x-total-count')).toBe('1');

    await openIssue(alice, repo, 'stays unread');
    const marked = await mark(bob, 'PUT', `/repos/${bob.name}/${other.name}/notifications`);
    expect(marked.status).toBe(205);
    expect(marked.body.map((thread: any) => thread.subject.title)).toEqual(['elsewhere']);
    expect((await threadAbout(bob, 'stays unread')).unread).toBe(true);
  });

  it('notifies mentioned users only where they may read the repository', async () => {
    const secret = await createTestRepository(server, bob.user, { isPrivate: true });
    await openIssue(bob, secret, 'private plans', `@${carol.name} should not hear of this`);
    expect(await unreadCount(carol)).toBe(0);
    expect(await threadsOf(carol, '?all=true')).toEqual([]);

    await openIssue(bob, repo, 'public plans', `cc @${carol.name}`);
    expect(await unreadCount(carol)).toBe(1);
  });

  it('refuses bad query parameters with 422 naming them', async () => {
    const response = await server.request('/notifications?status-types=seen', as(bob));
    expect(response.status).toBe(422);
    expect(response.body.message).toContain('status-types');
    expect((await server.request('/notifications?since=yesterday', as(bob))).body.message).toContain('since');
  });

  it.each([
    ['GET', '/notifications'],
    ['PUT', '/notifications'],
    ['GET', '/notifications/new'],
    ['GET', '/notifications/threads/1'],
    ['PATCH', '/notifications/threads/1'],
    ['GET', '/repos/someone/something/notifications'],
    ['PUT', '/repos/someone/something/notifications'],
  ])('answers %s %s without a token with 401 "token is required"', async (method, path) => {
    const response = await server.request(path, { method });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('token is required');
  });
});
