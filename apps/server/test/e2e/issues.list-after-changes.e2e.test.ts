import { createTestUser, TestUser } from '../support/fixtures';
import { startTestServer, TestServer } from '../support/test-server';

interface ListedApiIssue {
  title: string;
  comments: number;
  labels: { name: string; color: string }[];
  assignees: { login: string }[];
  milestone: { title: string; state: string } | null;
  user: { full_name: string };
  repository: { full_name: string };
  url: string;
}

/**
 * The list of a repository's issues is served from memory between writes
 * (issue 12); whatever a user changes that the list shows must show in the
 * very next list. Each step changes one thing and reads the list at once.
 */
describe('the issue list right after a change', () => {
  let server: TestServer;
  let owner: TestUser;
  let admin: TestUser;
  let stranger: TestUser;
  let repoName = 'listed';

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
    admin = await createTestUser(server, { admin: true });
    stranger = await createTestUser(server);
    expect((await call('POST', '/user/repos', { name: repoName })).status).toBe(201);
    expect((await call('POST', `/repos/${owner.name}/${repoName}/issues`, { title: 'first' })).status).toBe(201);
  }, 60_000);
  afterAll(() => server?.close());

  function call(method: string, path: string, body?: unknown, token = owner.token) {
    return server.request(path, { method, body, auth: { token } });
  }

  async function listed(): Promise<ListedApiIssue> {
    const res = await call('GET', `/repos/${owner.name}/${repoName}/issues`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    return res.body[0];
  }

  const issuePath = () => `/repos/${owner.name}/${repoName}/issues/1`;

  it('shows an edited title, a new label and the label renamed and recoloured', async () => {
    expect((await listed()).title).toBe('first');
    expect((await call('PATCH', issuePath(), { title: 'edited' })).status).toBe(201);
    expect((await listed()).title).toBe('edited');
    const label = await call('POST', `/repos/${owner.name}/${repoName}/labels`, { name: 'bug', color: '#ff0000' });
    expect(label.status).toBe(201);
    expect((await call('POST', `${issuePath()}/labels`, { labels: [label.body.id] })).status).toBe(200);
    expect((await listed()).labels).toMatchObject([{ name: 'bug', color: 'ff0000' }]);
    const edited = await call('PATCH', `/repos/${owner.name}/${repoName}/labels/${label.body.id}`, { name: 'defect', color: '#00ff00' });
    expect(edited.status).toBe(200);
    expect((await listed()).labels).toMatchObject([{ name: 'defect', color: '00ff00' }]);
  });

  it('counts a new comment and shows a new assignee', async () => {
    expect((await call('POST', `${issuePath()}/comments`, { body: 'a comment' })).status).toBe(201);
    expect((await listed()).comments).toBe(1);
    expect((await call('PATCH', issuePath(), { assignees: [owner.name] })).status).toBe(201);
    expect((await listed()).assignees.map((user) => user.login)).toEqual([owner.name]);
  });

  it('shows the milestone set, then closed', async () => {
    const milestone = await call('POST', `/repos/${owner.name}/${repoName}/milestones`, { title: 'v1' });
    expect(milestone.status).toBe(201);
    expect((await call('PATCH', issuePath(), { milestone: milestone.body.id })).status).toBe(201);
    expect((await listed()).milestone).toMatchObject({ title: 'v1', state: 'open' });
    const closed = await call('PATCH', `/repos/${owner.name}/${repoName}/milestones/${milestone.body.id}`, { state: 'closed' });
    expect(closed.status).toBe(200);
    expect((await listed()).milestone).toMatchObject({ title: 'v1', state: 'closed' });
  });

  it("shows the poster's new full name", async () => {
    const res = await call(
      'PATCH',
      `/admin/users/${owner.name}`,
      { full_name: 'Renamed Poster', login_name: owner.name, source_id: 0 },
      admin.token,
    );
    expect(res.status).toBe(200);
    expect((await listed()).user.full_name).toBe('Renamed Poster');
  });

  it('shows the repository under its new name, and hides it from others once private', async () => {
    expect((await call('PATCH', `/repos/${owner.name}/${repoName}`, { name: 'renamed' })).status).toBe(200);
    repoName = 'renamed';
    const shown = await listed();
    expect(shown.repository.full_name).toBe(`${owner.name}/renamed`);
    expect(shown.url).toContain(`/repos/${owner.name}/renamed/issues/1`);
    expect((await call('GET', `/repos/${owner.name}/${repoName}/issues`, undefined, stranger.token)).status).toBe(200);
    expect((await call('PATCH', `/repos/${owner.name}/${repoName}`, { private: true })).status).toBe(200);
    expect((await call('GET', `/repos/${owner.name}/${repoName}/issues`, undefined, stranger.token)).status).toBe(404);
    expect((await listed()).title).toBe('edited');
  });
});
