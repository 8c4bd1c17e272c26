import { UnitOfWork } from '@bellows/domain';
import { WebhookEvents } from '../../src/modules/webhooks/webhook-events';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { startTestServer, TestServer } from '../support/test-server';
import { ofEvent, startWebhookReceiver, WebhookDelivery, WebhookReceiver } from '../support/webhook-receiver';

/**
 * The events of issues, comments, releases and repositories as a CI receives
 * them: a real receiver on loopback, hooks made through the API, and the
 * fields a CI reads (event headers, action, number, issue, repository.full_name,
 * sender.login), signed with the hook's secret.
 */
describe('webhook events', () => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  let alice: TestUser;
  let bob: TestUser;
  const secret = 'a shared secret';
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const everything = ['create', 'delete', 'fork', 'push', 'issues', 'issue_comment', 'pull_request', 'release', 'repository', 'wiki'];

  beforeAll(async () => {
    server = await startTestServer({ WEBHOOK__ALLOWED_HOST_LIST: 'loopback' });
    receiver = await startWebhookReceiver();
    alice = await createTestUser(server);
    bob = await createTestUser(server);
  });

  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  /** A repository of alice's made through the API, with a hook sending everything to `target` (the shared receiver unless given). */
  async function hookedRepo(options: { private?: boolean; target?: WebhookReceiver } = {}): Promise<string> {
    const name = `r${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    const created = await server.request('/user/repos', {
      method: 'POST',
      ...as(alice),
      body: { name, auto_init: true, private: options.private ?? false },
    });
    expect(created.status).toBe(201);
    await addHook(`/repos/${alice.name}/${name}/hooks`, alice, options.target ?? receiver);
    return `${alice.name}/${name}`;
  }

  async function addHook(path: string, user: TestUser, target: WebhookReceiver): Promise<void> {
    const hook = await server.request(path, {
      method: 'POST',
      ...as(user),
      body: { type: 'forgejo', config: { url: target.url, content_type: 'json', secret }, events: everything, active: true },
    });
    expect(hook.status).toBe(201);
  }

  const about = (fullName: string) => (body: any) => body?.repository?.full_name === fullName;

  function expectSigned(delivery: WebhookDelivery): void {
    expect(delivery.signedWith(secret)).toBe(true);
    expect(delivery.headers['content-type']).toMatch(/^application\/json/);
  }

  /** The payload's objects have the shapes of Forgejo's API (the read operation answering each object; a wiki's `comment` is text). */
  function expectForgejoObjects(body: any): void {
    const shapes: Record<string, string> = {
      issue: '/repos/{owner}/{repo}/issues/{index}',
      comment: '/repos/{owner}/{repo}/issues/comments/{id}',
      pull_request: '/repos/{owner}/{repo}/pulls/{index}',
      release: '/repos/{owner}/{repo}/releases/{id}',
      repository: '/repos/{owner}/{repo}',
      forkee: '/repos/{owner}/{repo}',
      sender: '/users/{username}',
      organization: '/users/{username}',
    };
    for (const [field, path] of Object.entries(shapes))
      if (typeof body[field] === 'object' && body[field] !== null) expectForgejoShape('GET', path, 200, body[field]);
  }

  it('sends issues opened, edited, closed and reopened with the issue as the API shows it', async () => {
    const fullName = await hookedRepo();
    const opened = await server.request(`/repos/${fullName}/issues`, {
      method: 'POST',
      ...as(alice),
      body: { title: 'Build fails', body: 'on main' },
    });
    expect(opened.status).toBe(201);
    const number = opened.body.number;

    const openedEvent = await receiver.waitFor(ofEvent('issues', 'opened', about(fullName)));
    expectSigned(openedEvent);
    expectForgejoObjects(openedEvent.body);
    expect(openedEvent.event).toBe('issues');
    expect(openedEvent.body).toMatchObject({
      action: 'opened',
      number,
      issue: { id: opened.body.id, number, title: 'Build fails', body: 'on main', state: 'open', user: { login: alice.name } },
      repository: { full_name: fullName, private: false },
      sender: { login: alice.name },
    });
    expect(openedEvent.body.changes).toBeUndefined();

    const patch = (body: object) => server.request(`/repos/${fullName}/issues/${number}`, { method: 'PATCH', ...as(alice), body });
    expect((await patch({ title: 'Build fails on arm64' })).status).toBe(201);
    const edited = await receiver.waitFor(ofEvent('issues', 'edited', about(fullName)));
    expect(edited.body).toMatchObject({ number, changes: { title: { from: 'Build fails' } }, issue: { title: 'Build fails on arm64' } });
    expect(edited.body.changes.body).toBeUndefined();

    expect((await patch({ state: 'closed' })).status).toBe(201);
    const closed = await receiver.waitFor(ofEvent('issues', 'closed', about(fullName)));
    expect(closed.body).toMatchObject({ number, issue: { state: 'closed' }, sender: { login: alice.name } });
    expect(closed.body.issue.closed_at).toEqual(expect.any(String));

    expect((await patch({ state: 'open' })).status).toBe(201);
    const reopened = await receiver.waitFor(ofEvent('issues', 'reopened', about(fullName)));
    expect(reopened.body.issue.state).toBe('open');
  });

  it('sends issue_milestone and issue_assign under the issues event, showing the issue after the change', async () => {
    const fullName = await hookedRepo();
    const [owner, name] = fullName.split('/');
    const collaborator = await server.request(`/repos/${owner}/${name}/collaborators/${bob.name}`, {
      method: 'PUT',
      ...as(alice),
      body: { permission: 'write' },
    });
    expect(collaborator.status).toBe(204);
    const milestone = await server.request(`/repos/${fullName}/milestones`, { method: 'POST', ...as(alice), body: { title: 'v1.0' } });
    expect(milestone.status).toBe(201);
    const issue = await server.request(`/repos/${fullName}/issues`, { method: 'POST', ...as(alice), body: { title: 'Ship it' } });
    const path = `/repos/${fullName}/issues/${issue.body.number}`;

    expect((await server.request(path, { method: 'PATCH', ...as(alice), body: { milestone: milestone.body.id } })).status).toBe(201);
    const milestoned = await receiver.waitFor(ofEvent('issue_milestone', 'milestoned', about(fullName)));
    expect(milestoned.event).toBe('issues');
    expect(milestoned.body).toMatchObject({ number: issue.body.number, issue: { milestone: { id: milestone.body.id, title: 'v1.0' } } });

    expect((await server.request(path, { method: 'PATCH', ...as(alice), body: { assignees: [bob.name] } })).status).toBe(201);
    const assigned = await receiver.waitFor(ofEvent('issue_assign', 'assigned', about(fullName)));
    expect(assigned.event).toBe('issues');
    expectForgejoObjects(assigned.body);
    expect(assigned.body.issue.assignees.map((user: any) => user.login)).toEqual([bob.name]);
    expect(assigned.body.issue.assignee.login).toBe(bob.name);

    expect((await server.request(path, { method: 'PATCH', ...as(alice), body: { assignees: [] } })).status).toBe(201);
    const unassigned = await receiver.waitFor(ofEvent('issue_assign', 'unassigned', about(fullName)));
    expect(unassigned.body.issue.assignees ?? []).toEqual([]);

    expect((await server.request(path, { method: 'PATCH', ...as(alice), body: { milestone: 0 } })).status).toBe(201);
    const demilestoned = await receiver.waitFor(ofEvent('issue_milestone', 'demilestoned', about(fullName)));
    expect(demilestoned.body.issue.milestone).toBeNull();
  });

  it('sends issue_comment created with the comment and is_pull', async () => {
    const fullName = await hookedRepo();
    const issue = await server.request(`/repos/${fullName}/issues`, { method: 'POST', ...as(alice), body: { title: 'Question' } });
    const comment = await server.request(`/repos/${fullName}/issues/${issue.body.number}/comments`, {
      method: 'POST',
      ...as(bob),
      body: { body: 'Have you tried turning it off and on again?' },
    });
    expect(comment.status).toBe(201);
    const created = await receiver.waitFor(ofEvent('issue_comment', 'created', about(fullName)));
    expectSigned(created);
    expectForgejoObjects(created.body);
    expect(created.event).toBe('issue_comment');
    expect(created.body).toMatchObject({
      action: 'created',
      is_pull: false,
      issue: { number: issue.body.number, comments: 1 },
      comment: { id: comment.body.id, body: 'Have you tried turning it off and on again?', user: { login: bob.name } },
      repository: { full_name: fullName },
      sender: { login: bob.name },
    });

    const commentPath = `/repos/${fullName}/issues/comments/${comment.body.id}`;
    expect((await server.request(commentPath, { method: 'PATCH', ...as(bob), body: { body: 'Or unplug it.' } })).status).toBe(200);
    const edited = await receiver.waitFor(ofEvent('issue_comment', 'edited', about(fullName)));
    expect(edited.body).toMatchObject({
      comment: { id: comment.body.id, body: 'Or unplug it.' },
      changes: { body: { from: 'Have you tried turning it off and on again?' } },
    });

    expect((await server.request(commentPath, { method: 'DELETE', ...as(bob) })).status).toBe(204);
    const deleted = await receiver.waitFor(ofEvent('issue_comment', 'deleted', about(fullName)));
    expect(deleted.body).toMatchObject({ comment: { id: comment.body.id, body: 'Or unplug it.' }, sender: { login: bob.name } });
  });

  it('renders a payload only when a hook wants the event, so writes in a repository without hooks do not pay for it', async () => {
    const hooks = server.app.get(WebhookEvents, { strict: false });
    const unitOfWork = server.app.get(UnitOfWork, { strict: false });
    const hooked = await hookedRepo();
    const hookless = `r${Date.now().toString(36)}plain`;
    expect((await server.request('/user/repos', { method: 'POST', ...as(alice), body: { name: hookless } })).status).toBe(201);
    const idOf = async (fullName: string) => (await server.request(`/repos/${fullName}`, as(alice))).body.id as number;
    const rendered: string[] = [];
    const render = (fullName: string) => () => {
      rendered.push(fullName);
      return Promise.resolve({ action: 'opened', marker: 'rendered on demand', repository: { full_name: fullName } });
    };
    const [hooklessId, hookedId] = [await idOf(`${alice.name}/${hookless}`), await idOf(hooked)];
    const target = (repoId: number) => ({ event: 'issues' as const, repoId, ownerId: alice.user.id });
    await unitOfWork.run(async (tx) => {
      await hooks.enqueueRendered(tx, target(hooklessId), render(`${alice.name}/${hookless}`));
      await hooks.enqueueRendered(tx, target(hookedId), render(hooked));
    });
    expect(rendered).toEqual([hooked]);
    const delivered = await receiver.waitFor(ofEvent('issues', 'opened', (body) => body.marker === 'rendered on demand'));
    expect(delivered.body.repository.full_name).toBe(hooked);
  });

  it('sends issue_label label_updated when labels change and label_cleared when they are all removed', async () => {
    const fullName = await hookedRepo();
    const label = await server.request(`/repos/${fullName}/labels`, {
      method: 'POST',
      ...as(alice),
      body: { name: 'bug', color: '#ee0701' },
    });
    expect(label.status).toBe(201);
    const issue = await server.request(`/repos/${fullName}/issues`, { method: 'POST', ...as(alice), body: { title: 'Crash' } });
    const labels = `/repos/${fullName}/issues/${issue.body.number}/labels`;

    expect((await server.request(labels, { method: 'POST', ...as(alice), body: { labels: [label.body.id] } })).status).toBe(200);
    const updated = await receiver.waitFor(ofEvent('issue_label', 'label_updated', about(fullName)));
    expect(updated.event).toBe('issues');
    expectForgejoObjects(updated.body);
    expect(updated.body).toMatchObject({ number: issue.body.number, sender: { login: alice.name } });
    expect(updated.body.issue.labels.map((l: any) => l.name)).toEqual(['bug']);

    expect((await server.request(labels, { method: 'DELETE', ...as(alice) })).status).toBe(204);
    const cleared = await receiver.waitFor(ofEvent('issue_label', 'label_cleared', about(fullName)));
    expect(cleared.body.issue.labels).toEqual([]);
  });

  it('sends pull_request opened, synchronized, edited, closed, reopened, reviewed, and closed with merged true when it is merged', async () => {
    const fullName = await hookedRepo();
    const file = await server.request(`/repos/${fullName}/contents/feature.txt`, {
      method: 'POST',
      ...as(alice),
      body: { content: Buffer.from('new feature\n').toString('base64'), message: 'Add the feature', new_branch: 'feature' },
    });
    expect(file.status).toBe(201);
    const opened = await server.request(`/repos/${fullName}/pulls`, {
      method: 'POST',
      ...as(alice),
      body: { head: 'feature', base: 'main', title: 'Add the feature', body: 'Please review' },
    });
    expect(opened.status).toBe(201);

    const openedEvent = await receiver.waitFor(ofEvent('pull_request', 'opened', about(fullName)));
    expectSigned(openedEvent);
    expectForgejoObjects(openedEvent.body);
    expect(openedEvent.event).toBe('pull_request');
    expect(openedEvent.body).toMatchObject({
      action: 'opened',
      number: opened.body.number,
      pull_request: {
        id: opened.body.id,
        number: opened.body.number,
        title: 'Add the feature',
        state: 'open',
        merged: false,
        head: { ref: 'feature', sha: opened.body.head.sha },
        base: { ref: 'main' },
      },
      repository: { full_name: fullName },
      sender: { login: alice.name },
    });

    const pushed = await server.request(`/repos/${fullName}/contents/more.txt`, {
      method: 'POST',
      ...as(alice),
      body: { content: Buffer.from('more\n').toString('base64'), message: 'More of the feature', branch: 'feature' },
    });
    expect(pushed.status).toBe(201);
    const synchronized = await receiver.waitFor(ofEvent('pull_request_sync', 'synchronized', about(fullName)));
    expect(synchronized.event).toBe('pull_request');
    expect(synchronized.body).toMatchObject({
      number: opened.body.number,
      pull_request: { head: { ref: 'feature', sha: pushed.body.commit.sha } },
      sender: { login: alice.name },
    });

    const pullPath = `/repos/${fullName}/pulls/${opened.body.number}`;
    expect((await server.request(pullPath, { method: 'PATCH', ...as(alice), body: { title: 'Add the feature, at last' } })).status).toBe(
      201,
    );
    const edited = await receiver.waitFor(ofEvent('pull_request', 'edited', about(fullName)));
    expect(edited.body).toMatchObject({
      changes: { title: { from: 'Add the feature' } },
      pull_request: { title: 'Add the feature, at last' },
    });
    expect((await server.request(pullPath, { method: 'PATCH', ...as(alice), body: { state: 'closed' } })).status).toBe(201);
    const closed = await receiver.waitFor(ofEvent('pull_request', 'closed', about(fullName)));
    expect(closed.body.pull_request).toMatchObject({ state: 'closed', merged: false });
    expect((await server.request(pullPath, { method: 'PATCH', ...as(alice), body: { state: 'open' } })).status).toBe(201);
    await receiver.waitFor(ofEvent('pull_request', 'reopened', about(fullName)));

    const review = (event: string, body: string) =>
      server.request(`${pullPath}/reviews`, { method: 'POST', ...as(bob), body: { event, body } });
    expect((await review('REQUEST_CHANGES', 'Needs a test')).status).toBe(200);
    const rejected = await receiver.waitFor(ofEvent('pull_request_review_rejected', 'reviewed', about(fullName)));
    expect(rejected.event).toBe('pull_request_rejected');
    expect(rejected.body).toMatchObject({
      review: { type: 'pull_request_review_rejected', content: 'Needs a test' },
      sender: { login: bob.name },
    });
    expect((await review('APPROVED', 'LGTM')).status).toBe(200);
    const approved = await receiver.waitFor(ofEvent('pull_request_review_approved', 'reviewed', about(fullName)));
    expect(approved.event).toBe('pull_request_approved');
    expectForgejoObjects(approved.body);
    expect(approved.body).toMatchObject({ number: opened.body.number, review: { type: 'pull_request_review_approved', content: 'LGTM' } });

    const merge = await server.request(`/repos/${fullName}/pulls/${opened.body.number}/merge`, {
      method: 'POST',
      ...as(alice),
      body: { Do: 'merge' },
    });
    expect(merge.status).toBe(200);
    const merged = await receiver.waitFor(ofEvent('pull_request', 'closed', (body) => about(fullName)(body) && body.pull_request.merged));
    expectForgejoObjects(merged.body);
    expect(merged.body).toMatchObject({
      number: opened.body.number,
      pull_request: { state: 'closed', merged: true },
      sender: { login: alice.name },
    });
    expect(merged.body.pull_request.merge_commit_sha).toMatch(/^[0-9a-f]{40}$/);
  });

  it('sends release published, updated and deleted; drafts send nothing until published', async () => {
    const fullName = await hookedRepo();
    const releases = `/repos/${fullName}/releases`;
    const published = await server.request(releases, { method: 'POST', ...as(alice), body: { tag_name: 'v1.0.0', name: 'First' } });
    expect(published.status).toBe(201);
    const publishedEvent = await receiver.waitFor(ofEvent('release', 'published', about(fullName)));
    expectSigned(publishedEvent);
    expectForgejoObjects(publishedEvent.body);
    expect(publishedEvent.event).toBe('release');
    expect(publishedEvent.body).toMatchObject({
      action: 'published',
      release: { id: published.body.id, tag_name: 'v1.0.0', name: 'First', draft: false },
      repository: { full_name: fullName },
      sender: { login: alice.name },
    });

    expect(
      (await server.request(`${releases}/${published.body.id}`, { method: 'PATCH', ...as(alice), body: { name: 'First!' } })).status,
    ).toBe(200);
    const updated = await receiver.waitFor(ofEvent('release', 'updated', about(fullName)));
    expect(updated.body.release).toMatchObject({ id: published.body.id, name: 'First!' });

    const draft = await server.request(releases, { method: 'POST', ...as(alice), body: { tag_name: 'v2.0.0', draft: true } });
    expect(draft.status).toBe(201);
    await receiver.expectNone(
      ofEvent('release', undefined, (body) => body.release?.id === draft.body.id),
      700,
    );
    expect((await server.request(`${releases}/${draft.body.id}`, { method: 'PATCH', ...as(alice), body: { draft: false } })).status).toBe(
      200,
    );
    const fromDraft = await receiver.waitFor(ofEvent('release', 'published', (body) => body.release?.id === draft.body.id));
    expect(fromDraft.body.release).toMatchObject({ tag_name: 'v2.0.0', draft: false });

    expect((await server.request(`${releases}/${published.body.id}`, { method: 'DELETE', ...as(alice) })).status).toBe(204);
    const deleted = await receiver.waitFor(ofEvent('release', 'deleted', about(fullName)));
    expect(deleted.body.release).toMatchObject({ id: published.body.id, tag_name: 'v1.0.0' });
  });

  it('sends wiki created, edited and deleted with the page name and the commit message', async () => {
    const fullName = await hookedRepo();
    const wiki = `/repos/${fullName}/wiki`;
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const created = await server.request(`${wiki}/new`, {
      method: 'POST',
      ...as(alice),
      body: { title: 'Home', content_base64: b64('# Welcome') },
    });
    expect(created.status).toBe(201);
    const createdEvent = await receiver.waitFor(ofEvent('wiki', 'created', about(fullName)));
    expectSigned(createdEvent);
    expectForgejoObjects(createdEvent.body);
    expect(createdEvent.event).toBe('wiki');
    expect(createdEvent.body).toMatchObject({ action: 'created', page: 'Home', comment: 'Add Home', sender: { login: alice.name } });

    const edited = await server.request(`${wiki}/page/Home`, {
      method: 'PATCH',
      ...as(alice),
      body: { content_base64: b64('# Welcome!'), message: 'Shout' },
    });
    expect(edited.status).toBe(200);
    const editedEvent = await receiver.waitFor(ofEvent('wiki', 'edited', about(fullName)));
    expect(editedEvent.body).toMatchObject({ page: 'Home', comment: 'Shout' });

    expect((await server.request(`${wiki}/page/Home`, { method: 'DELETE', ...as(alice) })).status).toBe(204);
    const deleted = await receiver.waitFor(ofEvent('wiki', 'deleted', about(fullName)));
    expect(deleted.body).toMatchObject({ page: 'Home', comment: 'Delete Home' });
  });

  it("sends repository created and deleted to the owner's hooks, and fork to the forked repository's", async () => {
    const org = `org${Date.now().toString(36)}`;
    expect((await server.request('/orgs', { method: 'POST', ...as(alice), body: { username: org } })).status).toBe(201);
    await addHook(`/orgs/${org}/hooks`, alice, receiver);

    const created = await server.request(`/orgs/${org}/repos`, { method: 'POST', ...as(alice), body: { name: 'tool', auto_init: true } });
    expect(created.status).toBe(201);
    const createdEvent = await receiver.waitFor(ofEvent('repository', 'created', about(`${org}/tool`)));
    expectSigned(createdEvent);
    expectForgejoObjects(createdEvent.body);
    expect(createdEvent.body).toMatchObject({
      action: 'created',
      repository: { id: created.body.id, full_name: `${org}/tool` },
      organization: { login: org },
      sender: { login: alice.name },
    });

    const fork = await server.request(`/repos/${org}/tool/forks`, { method: 'POST', ...as(bob), body: {} });
    expect(fork.status).toBe(202);
    const forked = await receiver.waitFor(ofEvent('fork', undefined, (body) => body.forkee?.full_name === `${org}/tool`));
    expect(forked.event).toBe('fork');
    expectForgejoObjects(forked.body);
    expect(forked.body).toMatchObject({
      forkee: { full_name: `${org}/tool` },
      repository: { full_name: `${bob.name}/tool`, fork: true },
      sender: { login: bob.name },
    });

    expect((await server.request(`/repos/${org}/tool`, { method: 'DELETE', ...as(alice) })).status).toBe(204);
    const deleted = await receiver.waitFor(ofEvent('repository', 'deleted', about(`${org}/tool`)));
    expect(deleted.body).toMatchObject({ organization: { login: org }, sender: { login: alice.name } });
  });

  it("sends a private repository's events only to its own hooks, never to another repository's", async () => {
    const elsewhere = await startWebhookReceiver();
    try {
      await hookedRepo({ target: elsewhere });
      const secretRepo = await hookedRepo({ private: true });
      const issue = await server.request(`/repos/${secretRepo}/issues`, { method: 'POST', ...as(alice), body: { title: 'Embargoed CVE' } });
      expect(issue.status).toBe(201);
      const opened = await receiver.waitFor(ofEvent('issues', 'opened', about(secretRepo)));
      expect(opened.body.repository).toMatchObject({ full_name: secretRepo, private: true });
      await elsewhere.expectNone((delivery) => delivery.body?.repository?.full_name === secretRepo, 700);
    } finally {
      await elsewhere.close();
    }
  });
});
