import { IssueEntity, OwnerEntity, RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/** Issues are made straight through persistence, created long ago so that back-dating has room. */
const ISSUE_CREATED = new Date('2024-01-01T00:00:00Z');

describe('labels', () => {
  let server: TestServer;
  let owner: TestUser;
  let outsider: TestUser;
  let repo: RepositoryEntity;
  let repoPath: string;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
    outsider = await createTestUser(server);
    repo = await createTestRepository(server, owner.user);
    repoPath = `/repos/${owner.name}/${repo.name}`;
  });
  afterAll(async () => server?.close());

  const as = (user: TestUser) => ({ auth: { token: user.token } });

  async function createIssue(inRepo: RepositoryEntity = repo, poster: OwnerEntity = owner.user): Promise<IssueEntity> {
    return server.db.transaction((tx) =>
      tx.issues.create({
        repoId: inRepo.id,
        posterId: poster.id,
        title: 'An issue',
        body: '',
        isClosed: false,
        milestoneId: null,
        createdAt: ISSUE_CREATED,
      }),
    );
  }

  async function createLabel(name: string, options: { exclusive?: boolean; path?: string; user?: TestUser } = {}): Promise<any> {
    const res = await server.request(`${options.path ?? repoPath}/labels`, {
      method: 'POST',
      ...as(options.user ?? owner),
      body: { name, color: '#00aabb', exclusive: options.exclusive ?? false },
    });
    expect(res.status).toBe(201);
    return res.body;
  }

  const labelNames = (labels: any[]) => labels.map((label) => label.name).sort();

  describe('of a repository', () => {
    it('are created, read, listed, edited and deleted', async () => {
      const created = await server.request(`${repoPath}/labels`, {
        method: 'POST',
        ...as(owner),
        body: { name: 'kind/bug', color: 'EE0701', description: 'Something is broken', exclusive: true },
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        name: 'kind/bug',
        color: 'ee0701',
        description: 'Something is broken',
        exclusive: true,
        is_archived: false,
        url: `${server.apiUrl}${repoPath}/labels/${created.body.id}`,
      });
      const id = created.body.id;
      expect((await server.request(`${repoPath}/labels/${id}`)).body.name).toBe('kind/bug');
      const list = await server.request(`${repoPath}/labels`);
      expect(list.body.map((label: any) => label.id)).toContain(id);
      expect(Number(list.headers.get('x-total-count'))).toBe(list.body.length);

      const edited = await server.request(`${repoPath}/labels/${id}`, {
        method: 'PATCH',
        ...as(owner),
        body: { color: '#112233', is_archived: true },
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ name: 'kind/bug', color: '112233', is_archived: true, exclusive: true });

      expect((await server.request(`${repoPath}/labels/${id}`, { method: 'DELETE', ...as(owner) })).status).toBe(204);
      expect((await server.request(`${repoPath}/labels/${id}`)).status).toBe(404);
    });

    it.each(['red', '#12345', '#1234567', 'ggaabb', ''])('refuses the colour %p with 422 naming the field', async (color) => {
      const res = await server.request(`${repoPath}/labels`, { method: 'POST', ...as(owner), body: { name: 'bad colour', color } });
      expect(res.status).toBe(422);
      expect(res.body.message).toMatch(/color/);
    });

    it('may only be changed by writers (403), and not seen in a private repository by outsiders (404)', async () => {
      const label = await createLabel('docs');
      expect(
        (await server.request(`${repoPath}/labels`, { method: 'POST', ...as(outsider), body: { name: 'x', color: '#000000' } })).status,
      ).toBe(403);
      expect((await server.request(`${repoPath}/labels/${label.id}`, { method: 'DELETE', ...as(outsider) })).status).toBe(403);

      const hidden = await createTestRepository(server, owner.user, { isPrivate: true });
      const hiddenLabel = await createLabel('secret', { path: `/repos/${owner.name}/${hidden.name}` });
      expect((await server.request(`/repos/${owner.name}/${hidden.name}/labels`, as(outsider))).status).toBe(404);
      expect((await server.request(`/repos/${owner.name}/${hidden.name}/labels/${hiddenLabel.id}`)).status).toBe(404);
    });

    it('of another repository are not found through this one', async () => {
      const other = await createTestRepository(server, owner.user);
      const label = await createLabel('elsewhere', { path: `/repos/${owner.name}/${other.name}` });
      expect((await server.request(`${repoPath}/labels/${label.id}`)).status).toBe(404);
    });
  });

  describe('of an organization', () => {
    let org: string;
    let orgRepo: RepositoryEntity;

    beforeAll(async () => {
      org = `labels-org-${Date.now().toString(36)}`;
      const res = await server.request('/orgs', { method: 'POST', ...as(owner), body: { username: org, visibility: 'public' } });
      expect(res.status).toBe(201);
      orgRepo = await createTestRepository(server, (await server.db.owners.findByName(org))!);
    });

    it("are created, read, listed, edited and deleted by the organization's owners", async () => {
      const created = await server.request(`/orgs/${org}/labels`, {
        method: 'POST',
        ...as(owner),
        body: { name: 'team/core', color: '#0000ff' },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: 'team/core',
        color: '0000ff',
        url: `${server.apiUrl}/orgs/${org}/labels/${created.body.id}`,
      });
      const id = created.body.id;
      expect((await server.request(`/orgs/${org}/labels`)).body.map((label: any) => label.id)).toEqual([id]);
      expect((await server.request(`/orgs/${org}/labels/${id}`)).body.name).toBe('team/core');
      const edited = await server.request(`/orgs/${org}/labels/${id}`, {
        method: 'PATCH',
        ...as(owner),
        body: { name: 'team/platform', exclusive: true },
      });
      expect(edited.body).toMatchObject({ name: 'team/platform', exclusive: true });
      expect((await server.request(`/orgs/${org}/labels/${id}`, { method: 'DELETE', ...as(owner) })).status).toBe(204);
      expect((await server.request(`/orgs/${org}/labels/${id}`)).status).toBe(404);
    });

    it('refuse changes by non-owners with 403', async () => {
      const res = await server.request(`/orgs/${org}/labels`, {
        method: 'POST',
        ...as(outsider),
        body: { name: 'nope', color: '#000000' },
      });
      expect(res.status).toBe(403);
    });

    it("can be put on the issues of the organization's repositories, by id or by name", async () => {
      const orgLabel = await createLabel('org-wide', { path: `/orgs/${org}` });
      await createLabel('repo-only', { path: `/repos/${org}/${orgRepo.name}` });
      const issue = await createIssue(orgRepo);
      const res = await server.request(`/repos/${org}/${orgRepo.name}/issues/${issue.index}/labels`, {
        method: 'POST',
        ...as(owner),
        body: { labels: [orgLabel.id, 'repo-only'] },
      });
      expect(res.status).toBe(200);
      expect(labelNames(res.body)).toEqual(['org-wide', 'repo-only']);
      expect(res.body.find((label: any) => label.name === 'org-wide').url).toBe(`${server.apiUrl}/orgs/${org}/labels/${orgLabel.id}`);
    });
  });

  describe('on an issue', () => {
    it('are added by name or id, replaced, removed one by one and cleared', async () => {
      const bug = await createLabel('bug');
      await createLabel('feature');
      const help = await createLabel('help wanted');
      const issue = await createIssue();
      const labelsPath = `${repoPath}/issues/${issue.index}/labels`;

      const added = await server.request(labelsPath, { method: 'POST', ...as(owner), body: { labels: ['bug', help.id] } });
      expect(added.status).toBe(200);
      expect(labelNames(added.body)).toEqual(['bug', 'help wanted']);
      expect(labelNames((await server.request(labelsPath)).body)).toEqual(['bug', 'help wanted']);
      // The issue itself lists them too, each with a url that answers with the label.
      const shown = (await server.request(`${repoPath}/issues/${issue.index}`, as(owner))).body.labels;
      expect(labelNames(shown)).toEqual(['bug', 'help wanted']);
      for (const label of shown) expect((await server.request(label.url, as(owner))).body.name).toBe(label.name);

      const replaced = await server.request(labelsPath, { method: 'PUT', ...as(owner), body: { labels: ['feature'] } });
      expect(replaced.status).toBe(200);
      expect(labelNames(replaced.body)).toEqual(['feature']);

      await server.request(labelsPath, { method: 'POST', ...as(owner), body: { labels: [bug.id] } });
      expect((await server.request(`${labelsPath}/${bug.id}`, { method: 'DELETE', ...as(owner) })).status).toBe(204);
      expect(labelNames((await server.request(labelsPath)).body)).toEqual(['feature']);

      expect((await server.request(labelsPath, { method: 'DELETE', ...as(owner) })).status).toBe(204);
      expect((await server.request(labelsPath)).body).toEqual([]);
    });

    it('refuses unknown labels with 422 naming them, and outsiders with 403', async () => {
      const issue = await createIssue();
      const labelsPath = `${repoPath}/issues/${issue.index}/labels`;
      const unknown = await server.request(labelsPath, { method: 'POST', ...as(owner), body: { labels: ['no such label', 999999] } });
      expect(unknown.status).toBe(422);
      expect(unknown.body.message).toContain('"no such label"');
      expect(unknown.body.message).toContain('999999');
      expect((await server.request(`${labelsPath}/999999`, { method: 'DELETE', ...as(owner) })).status).toBe(422);
      await createLabel('for outsiders');
      expect((await server.request(labelsPath, { method: 'POST', ...as(outsider), body: { labels: ['for outsiders'] } })).status).toBe(403);
    });

    describe('scoped and exclusive', () => {
      it('refuses two exclusive labels of one scope in one request with 422 naming both, changing nothing', async () => {
        await createLabel('priority/high', { exclusive: true });
        await createLabel('priority/low', { exclusive: true });
        await createLabel('triaged');
        const issue = await createIssue();
        const labelsPath = `${repoPath}/issues/${issue.index}/labels`;
        await server.request(labelsPath, { method: 'POST', ...as(owner), body: { labels: ['triaged'] } });
        const updatedBefore = (await server.db.issues.findById(issue.id))!.updatedAt;

        const res = await server.request(labelsPath, { method: 'POST', ...as(owner), body: { labels: ['priority/high', 'priority/low'] } });
        expect(res.status).toBe(422);
        expect(res.body.message).toContain('priority/high');
        expect(res.body.message).toContain('priority/low');
        expect(labelNames((await server.request(labelsPath)).body)).toEqual(['triaged']);
        expect((await server.db.issues.findById(issue.id))!.updatedAt).toEqual(updatedBefore);

        const replace = await server.request(labelsPath, {
          method: 'PUT',
          ...as(owner),
          body: { labels: ['priority/high', 'priority/low'] },
        });
        expect(replace.status).toBe(422);
        expect(labelNames((await server.request(labelsPath)).body)).toEqual(['triaged']);
      });

      it('refuses to open an issue with two exclusive labels of one scope (422), creating nothing', async () => {
        const high = await createLabel('severity/high', { exclusive: true });
        const low = await createLabel('severity/low', { exclusive: true });
        const before = (await server.request(`${repoPath}/issues?state=all`, as(owner))).headers.get('x-total-count');
        const res = await server.request(`${repoPath}/issues`, {
          method: 'POST',
          ...as(owner),
          body: { title: 'both', labels: [high.id, low.id] },
        });
        expect(res.status).toBe(422);
        expect(res.body.message).toContain('severity/high');
        expect(res.body.message).toContain('severity/low');
        expect((await server.request(`${repoPath}/issues?state=all`, as(owner))).headers.get('x-total-count')).toBe(before);
      });

      it("replaces the issue's exclusive label of the same scope when adding another", async () => {
        await createLabel('status/open', { exclusive: true });
        await createLabel('status/done', { exclusive: true });
        await createLabel('status/someday');
        const issue = await createIssue();
        const labelsPath = `${repoPath}/issues/${issue.index}/labels`;
        await server.request(labelsPath, { method: 'POST', ...as(owner), body: { labels: ['status/open', 'status/someday'] } });

        const res = await server.request(labelsPath, { method: 'POST', ...as(owner), body: { labels: ['status/done'] } });
        expect(res.status).toBe(200);
        expect(labelNames(res.body)).toEqual(['status/done', 'status/someday']);
      });
    });

    describe('timeline and dates', () => {
      it("records a label event per change, dated with updated_at, leaving the issue's update date", async () => {
        await createLabel('dated');
        const issue = await createIssue();
        const labelsPath = `${repoPath}/issues/${issue.index}/labels`;
        const res = await server.request(labelsPath, {
          method: 'POST',
          ...as(owner),
          body: { labels: ['dated'], updated_at: '2024-02-03T04:05:06Z' },
        });
        expect(res.status).toBe(200);

        const events = await labelEvents(issue);
        expect(events).toEqual([{ label: 'dated', removed: false, createdAt: '2024-02-03T04:05:06.000Z' }]);
        expect((await server.db.issues.findById(issue.id))!.updatedAt).toEqual(ISSUE_CREATED);
      });

      it('dates the event and the issue now without updated_at', async () => {
        const label = await createLabel('undated');
        const issue = await createIssue();
        const before = Date.now();
        await server.request(`${repoPath}/issues/${issue.index}/labels`, { method: 'POST', ...as(owner), body: { labels: [label.id] } });
        await server.request(`${repoPath}/issues/${issue.index}/labels/${label.id}`, { method: 'DELETE', ...as(owner) });
        const events = await labelEvents(issue);
        expect(events.map((event) => event.removed)).toEqual([false, true]);
        for (const event of events) expect(Date.parse(event.createdAt)).toBeGreaterThanOrEqual(before - 1000);
        expect((await server.db.issues.findById(issue.id))!.updatedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      });

      it('refuses updated_at before the issue was created (422) and from someone who may not back-date (403)', async () => {
        await createLabel('guarded');
        const writer = await createTestUser(server);
        await server.request(`${repoPath}/collaborators/${writer.name}`, { method: 'PUT', ...as(owner), body: { permission: 'write' } });
        const issue = await createIssue();
        const labelsPath = `${repoPath}/issues/${issue.index}/labels`;
        const early = await server.request(labelsPath, {
          method: 'POST',
          ...as(owner),
          body: { labels: ['guarded'], updated_at: '2023-01-01T00:00:00Z' },
        });
        expect(early.status).toBe(422);
        expect(early.body.message).toMatch(/updated_at/);
        const notAllowed = await server.request(labelsPath, {
          method: 'POST',
          ...as(writer),
          body: { labels: ['guarded'], updated_at: '2024-02-03T04:05:06Z' },
        });
        expect(notAllowed.status).toBe(403);
        expect(await labelEvents(issue)).toEqual([]);
        expect((await server.request(labelsPath, { method: 'POST', ...as(writer), body: { labels: ['guarded'] } })).status).toBe(200);
      });
    });
  });

  /** The issue's label events, oldest first, read back through the timeline API. */
  async function labelEvents(issue: IssueEntity): Promise<{ label: string; removed: boolean; createdAt: string }[]> {
    const res = await server.request(`${repoPath}/issues/${issue.index}/timeline`);
    expect(res.status).toBe(200);
    return res.body
      .filter((event: any) => event.type === 'label')
      .map((event: any) => ({ label: event.label.name, removed: event.body === '', createdAt: new Date(event.created_at).toISOString() }));
  }
});
