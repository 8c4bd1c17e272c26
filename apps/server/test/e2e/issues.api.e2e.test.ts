import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Issues, comments, the timeline, cross-references and milestones through the
 * API, as a user of the forge sees them (both engines via BELLOWS_TEST_DB).
 */
describe('issues', () => {
  let server: TestServer;
  let owner: TestUser;
  let reader: TestUser;
  let outsider: TestUser;
  let repo: RepositoryEntity;
  let privateRepo: RepositoryEntity;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const issues = (r: RepositoryEntity, rest = '') => `/repos/${owner.name}/${r.name}/issues${rest}`;

  async function open(title: string, body = '', user = owner, r = repo): Promise<any> {
    const res = await server.request(issues(r), { method: 'POST', body: { title, body }, ...as(user) });
    expect(res.status).toBe(201);
    return res.body;
  }

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
    reader = await createTestUser(server);
    outsider = await createTestUser(server);
    repo = await createTestRepository(server, owner.user);
    privateRepo = await createTestRepository(server, owner.user, { isPrivate: true });
    await server.db.collaborations.set(privateRepo.id, reader.user.id, 'read');
  }, 60_000);

  afterAll(() => server?.close());

  it('opens an issue and reads it back with its fields', async () => {
    const created = await open('First bug', 'It breaks');
    expect(created).toMatchObject({
      title: 'First bug',
      body: 'It breaks',
      state: 'open',
      comments: 0,
      labels: [],
      assignees: [],
      milestone: null,
      pull_request: null,
      user: { login: owner.name },
      html_url: `${server.url}${owner.name}/${repo.name}/issues/${created.number}`,
      url: `${server.apiUrl}/repos/${owner.name}/${repo.name}/issues/${created.number}`,
    });
    expect(created.created_at).toBe(created.updated_at);
    const read = await server.request(issues(repo, `/${created.number}`), as(owner));
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created);
  });

  it('answers a new issue with its milestone, labels, assignees and references as a later read shows it', async () => {
    const repoPath = `/repos/${owner.name}/${repo.name}`;
    const milestone = (await server.request(`${repoPath}/milestones`, { method: 'POST', body: { title: 'opened-with' }, ...as(owner) }))
      .body;
    const label = (
      await server.request(`${repoPath}/labels`, { method: 'POST', body: { name: 'opened-with', color: '#00aabb' }, ...as(owner) })
    ).body;
    const target = await open('Referenced from a new issue');
    const created = await server.request(issues(repo), {
      method: 'POST',
      body: {
        title: 'Opened with everything',
        body: `see #${target.number}`,
        milestone: milestone.id,
        labels: [label.id],
        assignees: [owner.name],
      },
      ...as(owner),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      milestone: { id: milestone.id },
      labels: [{ id: label.id }],
      assignees: [{ login: owner.name }],
      comments: 0,
    });
    expect((await server.request(issues(repo, `/${created.body.number}`), as(owner))).body).toEqual(created.body);
    const plain = await open('Opened plainly, mentioning #' + target.number);
    expect((await server.request(issues(repo, `/${plain.number}`), as(owner))).body).toEqual(plain);
    const comment = await server.request(issues(repo, `/${plain.number}/comments`), {
      method: 'POST',
      body: { body: `a comment mentioning #${target.number}` },
      ...as(reader),
    });
    expect(comment.status).toBe(201);
    expect((await server.request(issues(repo, `/comments/${comment.body.id}`), as(reader))).body).toEqual(comment.body);
  });

  it('shares numbering with pull requests and lists only issues with type=issues', async () => {
    const first = await open('before the pull');
    const pull = await server.db.pullRequests.create({
      repoId: repo.id,
      posterId: owner.user.id,
      title: 'a pull',
      body: '',
      headBranch: 'f',
      baseBranch: 'main',
      mergeBase: '',
    });
    expect(pull.issue.index).toBe(first.number + 1);
    const next = await open('after the pull');
    expect(next.number).toBe(first.number + 2);
    const onlyIssues = await server.request(issues(repo, '?type=issues&limit=50'));
    expect(onlyIssues.body.map((i: any) => i.number)).not.toContain(pull.issue.index);
    const pulls = await server.request(issues(repo, '?type=pulls'));
    expect(pulls.body.map((i: any) => i.number)).toEqual([pull.issue.index]);
    expect(pulls.body[0].pull_request).toMatchObject({ merged: false });
  });

  it('filters the list by state, keyword and milestone, with X-Total-Count', async () => {
    const r = await createTestRepository(server, owner.user);
    const milestone = (
      await server.request(`/repos/${owner.name}/${r.name}/milestones`, { method: 'POST', body: { title: 'v1' }, ...as(owner) })
    ).body;
    await open('apple pie', '', owner, r);
    const closed = await server.request(issues(r), {
      method: 'POST',
      body: { title: 'banana', closed: true, milestone: milestone.id },
      ...as(owner),
    });
    expect(closed.body).toMatchObject({ state: 'closed', milestone: { id: milestone.id, closed_issues: 1, open_issues: 0 } });
    expect(closed.body.closed_at).toBeDefined();
    const openList = await server.request(issues(r, '?limit=1'));
    expect(openList.headers.get('x-total-count')).toBe('1');
    expect(openList.body.map((i: any) => i.title)).toEqual(['apple pie']);
    const all = await server.request(issues(r, '?state=all'));
    expect(all.headers.get('x-total-count')).toBe('2');
    expect((await server.request(issues(r, '?state=all&q=BANA'))).body.map((i: any) => i.title)).toEqual(['banana']);
    expect((await server.request(issues(r, '?state=all&milestones=v1'))).body.map((i: any) => i.title)).toEqual(['banana']);
    expect((await server.request(issues(r, '?state=nope'))).status).toBe(422);
  });

  it('edits title and state, recording both in the timeline', async () => {
    const issue = await open('Old title');
    const edited = await server.request(issues(repo, `/${issue.number}`), {
      method: 'PATCH',
      body: { title: 'New title', state: 'closed' },
      ...as(owner),
    });
    expect(edited.status).toBe(201);
    expect(edited.body).toMatchObject({ title: 'New title', state: 'closed' });
    const timeline = await server.request(issues(repo, `/${issue.number}/timeline`));
    expect(timeline.body.map((e: any) => e.type)).toEqual(['change_title', 'close']);
    expect(timeline.body[0]).toMatchObject({ old_title: 'Old title', new_title: 'New title', user: { login: owner.name } });
    const reopened = await server.request(issues(repo, `/${issue.number}`), { method: 'PATCH', body: { state: 'open' }, ...as(owner) });
    expect(reopened.body.closed_at).toBeUndefined();
  });

  it('lets readers comment, and only the author or an admin edit or delete a comment', async () => {
    const issue = await open('Discuss');
    const path = issues(repo, `/${issue.number}/comments`);
    const comment = await server.request(path, { method: 'POST', body: { body: 'my view' }, ...as(reader) });
    expect(comment.status).toBe(201);
    expect(comment.body).toMatchObject({ body: 'my view', user: { login: reader.name }, issue_url: issue.html_url });
    const id = comment.body.id;
    expect(
      (await server.request(issues(repo, `/comments/${id}`), { method: 'PATCH', body: { body: 'hijack' }, ...as(outsider) })).status,
    ).toBe(403);
    const edited = await server.request(issues(repo, `/comments/${id}`), {
      method: 'PATCH',
      body: { body: 'my better view' },
      ...as(reader),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.body).toBe('my better view');
    expect((await server.request(issues(repo, `/comments/${id}`))).body.body).toBe('my better view');
    expect((await server.request(issues(repo, `/${issue.number}`))).body.comments).toBe(1);
    const repoComments = await server.request(issues(repo, '/comments'));
    expect(repoComments.body.map((c: any) => c.id)).toContain(id);
    expect((await server.request(issues(repo, `/comments/${id}`), { method: 'DELETE', ...as(outsider) })).status).toBe(403);
    expect((await server.request(issues(repo, `/comments/${id}`), { method: 'DELETE', ...as(owner) })).status).toBe(204);
    expect((await server.request(issues(repo, `/comments/${id}`))).status).toBe(404);
    expect((await server.request(path)).body).toEqual([]);
  });

  it('refuses edits by someone who is neither poster nor writer, and anonymous comments', async () => {
    const issue = await open('Mine');
    expect(
      (await server.request(issues(repo, `/${issue.number}`), { method: 'PATCH', body: { title: 'theirs' }, ...as(outsider) })).status,
    ).toBe(403);
    expect((await server.request(issues(repo, `/${issue.number}/comments`), { method: 'POST', body: { body: 'anon' } })).status).toBe(401);
  });

  it('records a cross-reference once, in the mentioned issue, only where the author can see it', async () => {
    const target = await open('Target');
    const secret = await open('Secret', '', owner, privateRepo);
    const source = await open('Source', `see #${target.number}`, outsider);
    await server.request(issues(repo, `/${source.number}/comments`), {
      method: 'POST',
      body: { body: `again #${target.number} and ${owner.name}/${privateRepo.name}#${secret.number}` },
      ...as(outsider),
    });
    await server.request(issues(repo, `/${source.number}`), {
      method: 'PATCH',
      body: { body: `see #${target.number} still` },
      ...as(outsider),
    });
    const timeline = (await server.request(issues(repo, `/${target.number}/timeline`))).body;
    expect(timeline.map((e: any) => e.type)).toEqual(['issue_ref', 'comment_ref']);
    expect(timeline[0].ref_issue).toMatchObject({ number: source.number, title: 'Source' });
    expect(timeline[1].ref_comment.body).toContain('again');
    const secretTimeline = await server.request(issues(privateRepo, `/${secret.number}/timeline`), as(owner));
    expect(secretTimeline.body).toEqual([]);
  });

  it('hides a reference from a private issue from those who cannot read it', async () => {
    const target = await open('Public target');
    const secret = await open('Private source', `${owner.name}/${repo.name}#${target.number}`, owner, privateRepo);
    expect(secret.number).toBeGreaterThan(0);
    const seenByOwner = (await server.request(issues(repo, `/${target.number}/timeline`), as(owner))).body;
    expect(seenByOwner.map((e: any) => e.type)).toEqual(['issue_ref']);
    expect((await server.request(issues(repo, `/${target.number}/timeline`), as(outsider))).body).toEqual([]);
  });

  it('answers 404 for a private repository’s issues to outsiders and reads them for collaborators', async () => {
    const secret = await open('Hidden', '', owner, privateRepo);
    expect((await server.request(issues(privateRepo, `/${secret.number}`), as(outsider))).status).toBe(404);
    expect((await server.request(issues(privateRepo))).status).toBe(404);
    expect((await server.request(issues(privateRepo, `/${secret.number}`), as(reader))).status).toBe(200);
    expect((await server.request(issues(repo, '/99999'))).status).toBe(404);
  });

  it('assigns users who may read the repository and refuses others with 422', async () => {
    const issue = await open('Assign me');
    const path = issues(privateRepo);
    const created = await server.request(path, {
      method: 'POST',
      body: { title: 'with assignee', assignees: [reader.name] },
      ...as(owner),
    });
    expect(created.body.assignees.map((u: any) => u.login)).toEqual([reader.name]);
    const refused = await server.request(path, { method: 'POST', body: { title: 'x', assignees: [outsider.name] }, ...as(owner) });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain(outsider.name);
    const edited = await server.request(issues(repo, `/${issue.number}`), {
      method: 'PATCH',
      body: { assignees: [outsider.name] },
      ...as(owner),
    });
    expect(edited.body.assignee.login).toBe(outsider.name);
    const timeline = (await server.request(issues(repo, `/${issue.number}/timeline`))).body;
    expect(timeline).toMatchObject([{ type: 'assignees', assignee: { login: outsider.name }, removed_assignee: false }]);
  });

  it('answers in the shapes of Forgejo’s API description', async () => {
    const milestone = (
      await server.request(`/repos/${owner.name}/${repo.name}/milestones`, { method: 'POST', body: { title: 'shape' }, ...as(owner) })
    ).body;
    const target = await open('Shape target');
    const issue = await open('Shapes');
    const edited = await server.request(issues(repo, `/${issue.number}`), {
      method: 'PATCH',
      body: { title: 'Shapes!', milestone: milestone.id, assignees: [owner.name] },
      ...as(owner),
    });
    expectForgejoShape('patch', '/repos/{owner}/{repo}/issues/{index}', 201, edited.body);
    const comment = await server.request(issues(repo, `/${issue.number}/comments`), {
      method: 'POST',
      body: { body: `see #${target.number}` },
      ...as(owner),
    });
    expectForgejoShape('post', '/repos/{owner}/{repo}/issues/{index}/comments', 201, comment.body);
    expectForgejoShape('get', '/repos/{owner}/{repo}/issues', 200, (await server.request(issues(repo))).body);
    expectForgejoShape(
      'get',
      '/repos/{owner}/{repo}/issues/{index}/timeline',
      200,
      (await server.request(issues(repo, `/${issue.number}/timeline`))).body,
    );
    expectForgejoShape(
      'get',
      '/repos/{owner}/{repo}/issues/{index}/timeline',
      200,
      (await server.request(issues(repo, `/${target.number}/timeline`))).body,
    );
    expectForgejoShape(
      'get',
      '/repos/{owner}/{repo}/milestones',
      200,
      (await server.request(`/repos/${owner.name}/${repo.name}/milestones`)).body,
    );
  });

  describe('milestones', () => {
    const milestones = (rest = '') => `/repos/${owner.name}/${repo.name}/milestones${rest}`;

    it('creates, lists, reads by id or name, edits and deletes, with counts following the issues', async () => {
      const created = await server.request(milestones(), {
        method: 'POST',
        body: { title: 'Release 2', description: 'soon', due_on: '2030-01-01T00:00:00Z' },
        ...as(owner),
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        title: 'Release 2',
        state: 'open',
        open_issues: 0,
        closed_issues: 0,
        due_on: '2030-01-01T00:00:00.000Z',
      });
      const id = created.body.id;
      const issue = await open('in the milestone');
      await server.request(issues(repo, `/${issue.number}`), { method: 'PATCH', body: { milestone: id }, ...as(owner) });
      expect((await server.request(milestones(`/${id}`))).body).toMatchObject({ open_issues: 1, closed_issues: 0 });
      await server.request(issues(repo, `/${issue.number}`), { method: 'PATCH', body: { state: 'closed' }, ...as(owner) });
      expect((await server.request(milestones('/Release 2'))).body).toMatchObject({ id, open_issues: 0, closed_issues: 1 });
      const timeline = (await server.request(issues(repo, `/${issue.number}/timeline`))).body;
      expect(timeline[0]).toMatchObject({ type: 'milestone', milestone: { id } });
      const closed = await server.request(milestones(`/${id}`), { method: 'PATCH', body: { state: 'closed' }, ...as(owner) });
      expect(closed.body.state).toBe('closed');
      expect(closed.body.closed_at).toBeDefined();
      expect((await server.request(milestones('?state=closed&name=release'))).body.map((m: any) => m.id)).toEqual([id]);
      expect((await server.request(milestones(`/${id}`), { method: 'DELETE', ...as(reader) })).status).toBe(403);
      expect((await server.request(milestones(`/${id}`), { method: 'DELETE', ...as(owner) })).status).toBe(204);
      expect((await server.request(milestones(`/${id}`))).status).toBe(404);
      expect((await server.request(issues(repo, `/${issue.number}`))).body.milestone).toBeNull();
    });

    it('refuses a milestone of another repository on an issue with 422', async () => {
      const issue = await open('bad milestone');
      const res = await server.request(issues(repo, `/${issue.number}`), { method: 'PATCH', body: { milestone: 987654 }, ...as(owner) });
      expect(res.status).toBe(422);
    });
  });
});
