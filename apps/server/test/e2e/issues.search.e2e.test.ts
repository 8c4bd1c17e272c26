import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

jest.setTimeout(90_000);

/**
 * Searching issues across repositories (issueSearchIssues) as two users and
 * an anonymous visitor see it: filters, paging with X-Total-Count, private
 * repositories only to those who may read them; and the pinned pull requests
 * of a repository (repoListPinnedPullRequests).
 */
describe('issue search and pinned pull requests', () => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  let alicePublic: RepositoryEntity;
  let alicePrivate: RepositoryEntity;
  let bobPublic: RepositoryEntity;
  const tag = `zq${Date.now().toString(36)}`;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const api = (owner: TestUser, r: RepositoryEntity, rest = '') => `/repos/${owner.name}/${r.name}${rest}`;
  const post = (user: TestUser, path: string, body: unknown) => server.request(path, { ...as(user), method: 'POST', body });
  const search = (query: string, user?: TestUser) => server.request(`/repos/issues/search?q=${tag}&${query}`, user ? as(user) : {});
  const titles = (res: { body: any[] }) => res.body.map((issue) => issue.title);
  const b64 = (text: string) => Buffer.from(text).toString('base64');

  async function open(user: TestUser, owner: TestUser, r: RepositoryEntity, title: string, extra: object = {}): Promise<number> {
    const res = await post(user, api(owner, r, '/issues'), { title: `${tag} ${title}`, ...extra });
    expect(res.status).toBe(201);
    return res.body.number;
  }

  async function pull(owner: TestUser, r: RepositoryEntity, branch: string, title: string): Promise<number> {
    expect((await post(owner, api(owner, r, `/contents/${branch}.txt`), { content: b64(branch), new_branch: branch })).status).toBe(201);
    const res = await post(owner, api(owner, r, '/pulls'), { head: branch, base: 'main', title: `${tag} ${title}` });
    expect(res.status).toBe(201);
    return res.body.number;
  }

  beforeAll(async () => {
    server = await startTestServer();
    alice = await createTestUser(server);
    bob = await createTestUser(server);
    admin = await createTestUser(server, { admin: true });
    alicePublic = await createTestRepository(server, alice.user, { autoInit: true });
    alicePrivate = await createTestRepository(server, alice.user, { isPrivate: true, autoInit: true });
    bobPublic = await createTestRepository(server, bob.user, { autoInit: true });

    const bug = await post(alice, api(alice, alicePublic, '/labels'), { name: 'bug', color: '#ee0701' });
    expect(bug.status).toBe(201);
    await open(alice, alice, alicePublic, 'public crash', { labels: [bug.body.id], body: 'it crashes, @' + bob.name });
    const v1 = await post(alice, api(alice, alicePublic, '/milestones'), { title: 'v1' });
    expect(v1.status).toBe(201);
    await open(bob, alice, alicePublic, 'question from bob', { body: 'how?' });
    await open(alice, alice, alicePublic, 'closed in v1', { milestone: v1.body.id, state: 'closed' }).then((n) =>
      server.request(api(alice, alicePublic, `/issues/${n}`), { ...as(alice), method: 'PATCH', body: { state: 'closed' } }),
    );
    await open(alice, alice, alicePrivate, 'private secret plan', { body: 'nobody else' });
    await open(bob, bob, bobPublic, 'bob own issue', { assignees: [bob.name] });
    const done = await open(bob, bob, bobPublic, 'bob closed issue');
    expect(
      (await server.request(api(bob, bobPublic, `/issues/${done}`), { ...as(bob), method: 'PATCH', body: { state: 'closed' } })).status,
    ).toBe(201);
    await pull(bob, bobPublic, 'feature', 'bob pull request');
  });

  afterAll(async () => server?.close());

  it('finds open issues and pull requests of every readable repository, newest first, in Forgejo JSON', async () => {
    const res = await search('', alice);
    expect(res.status).toBe(200);
    expectForgejoShape('GET', '/repos/issues/search', 200, res.body);
    expect(titles(res)).toEqual([
      `${tag} bob pull request`,
      `${tag} bob own issue`,
      `${tag} private secret plan`,
      `${tag} question from bob`,
      `${tag} public crash`,
    ]);
    expect(res.headers.get('x-total-count')).toBe('5');
    const crash = res.body.find((issue: any) => issue.title.endsWith('public crash'));
    expect(crash).toMatchObject({
      labels: [{ name: 'bug' }],
      repository: { name: alicePublic.name, owner: alice.name, full_name: `${alice.name}/${alicePublic.name}` },
      state: 'open',
      pull_request: null,
    });
    const pr = res.body.find((issue: any) => issue.title.endsWith('bob pull request'));
    expect(pr.pull_request).toMatchObject({ merged: false });
    expect(pr.repository.full_name).toBe(`${bob.name}/${bobPublic.name}`);
  });

  it('never shows a private repository to those who may not read it, not even in the count', async () => {
    for (const user of [bob, undefined]) {
      const res = await search('state=all', user);
      expect(res.status).toBe(200);
      expect(titles(res)).not.toContain(`${tag} private secret plan`);
      expect(res.headers.get('x-total-count')).toBe('6');
      const hidden = await search(`owner=${alice.name}&state=all`, user);
      expect(titles(hidden).sort()).toEqual([`${tag} closed in v1`, `${tag} public crash`, `${tag} question from bob`]);
    }
    for (const user of [bob, undefined]) {
      const secret = await server.request(`/repos/issues/search?q=secret&state=all`, user ? as(user) : {});
      expect([secret.status, secret.body, secret.headers.get('x-total-count')]).toEqual([200, [], '0']);
    }
    expect(titles(await server.request(`/repos/issues/search?q=secret`, as(alice)))).toEqual([`${tag} private secret plan`]);
    const asAdmin = await search('state=all', admin);
    expect(titles(asAdmin)).toContain(`${tag} private secret plan`);
  });

  it('filters by state, type, labels, milestones, text, owner and the signed-in user', async () => {
    expect(titles(await search('state=closed', bob))).toEqual([`${tag} bob closed issue`, `${tag} closed in v1`]);
    expect((await search('state=all', bob)).headers.get('x-total-count')).toBe('6');
    expect(titles(await search('type=pulls', bob))).toEqual([`${tag} bob pull request`]);
    expect(titles(await search('type=issues', bob))).not.toContain(`${tag} bob pull request`);
    expect(titles(await search('labels=bug', bob))).toEqual([`${tag} public crash`]);
    expect(titles(await search('labels=nope,bug', bob))).toEqual([`${tag} public crash`]);
    expect(titles(await search('labels=nope', bob))).toEqual([]);
    expect(titles(await search('milestones=v9', bob))).toEqual([]);
    expect(titles(await search('milestones=v9,v1&state=all', bob))).toEqual([`${tag} closed in v1`]);
    expect(titles(await server.request(`/repos/issues/search?q=${tag}%20question`, as(bob)))).toEqual([`${tag} question from bob`]);
    expect(titles(await search(`owner=${bob.name}&state=all`, alice)).sort()).toEqual(
      [`${tag} bob closed issue`, `${tag} bob own issue`, `${tag} bob pull request`].sort(),
    );
    expect(titles(await search('created=true', bob)).sort()).toEqual(
      [`${tag} bob own issue`, `${tag} bob pull request`, `${tag} question from bob`].sort(),
    );
    expect(titles(await search('assigned=true', bob))).toEqual([`${tag} bob own issue`]);
    expect(titles(await search('mentioned=true', bob))).toEqual([`${tag} public crash`]);
    // The "mine" flags mean nothing to an anonymous caller: they are ignored, as in Forgejo.
    expect((await search('created=true')).headers.get('x-total-count')).toBe('4');
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(titles(await search(`since=${encodeURIComponent(future)}`, bob))).toEqual([]);
    expect((await search(`before=${encodeURIComponent(future)}`, bob)).headers.get('x-total-count')).toBe('4');
  });

  it('finds pull requests awaiting and given the review of the signed-in user', async () => {
    const index = await pull(alice, alicePublic, 'review-me', 'alice pull request');
    expect(titles(await search('review_requested=true', bob))).toEqual([]);
    const asked = await post(alice, api(alice, alicePublic, `/pulls/${index}/requested_reviewers`), { reviewers: [bob.name] });
    expect(asked.status).toBe(201);
    expect(titles(await search('review_requested=true', bob))).toEqual([`${tag} alice pull request`]);
    expect(titles(await search('reviewed=true', bob))).toEqual([]);
    const review = await post(bob, api(alice, alicePublic, `/pulls/${index}/reviews`), { event: 'COMMENT', body: 'looks fine' });
    expect(review.status).toBe(200);
    expect(titles(await search('reviewed=true', bob))).toEqual([`${tag} alice pull request`]);
    expect(titles(await search('review_requested=true', bob))).toEqual([]);
  });

  it('pages with X-Total-Count and Link', async () => {
    const first = await search('state=all&limit=2&page=1', alice);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(2);
    expect(first.headers.get('x-total-count')).toBe('8');
    expect(first.headers.get('link')).toMatch(/rel="next"/);
    const last = await search('state=all&limit=2&page=4', alice);
    expect(last.body).toHaveLength(2);
    const all = [first, await search('state=all&limit=2&page=2', alice), await search('state=all&limit=2&page=3', alice), last];
    expect(new Set(all.flatMap((page) => page.body.map((issue: any) => issue.id))).size).toBe(8);
  });

  it('answers bad parameters with a 4xx naming them', async () => {
    for (const [query, status, message] of [
      ['state=shut', 422, /state/],
      ['type=commits', 422, /type/],
      ['since=yesterday', 422, /since/],
      ['created=maybe', 422, /created/],
      ['priority_repo_id=first', 422, /priority_repo_id/],
      ['owner=nobody-such-owner', 400, /owner/],
      ['team=Owners', 400, /owner/],
      [`owner=${alice.name}&team=Owners`, 400, /team/],
    ] as const) {
      const res = await search(query, alice);
      expect([query, res.status, res.body.message]).toEqual([query, status, expect.stringMatching(message)]);
      expect(res.body.url).toEqual(expect.any(String));
    }
    expect((await search('priority_repo_id=1', alice)).status).toBe(200);
  });

  it('lists pinned pull requests in their order as PullRequest JSON, and hides a private repository', async () => {
    const base = api(bob, bobPublic);
    expect((await server.request(`${base}/pulls/pinned`)).body).toEqual([]);
    const second = await pull(bob, bobPublic, 'second', 'second pull');
    const [first] = (await server.request(`${base}/pulls?state=open`, as(bob))).body
      .map((p: any) => p.number)
      .filter((n: number) => n !== second);
    expect((await server.request(`${base}/issues/${second}/pin`, { ...as(bob), method: 'POST' })).status).toBe(204);
    expect((await server.request(`${base}/issues/${first}/pin`, { ...as(bob), method: 'POST' })).status).toBe(204);
    const issue = await open(bob, bob, bobPublic, 'pinned issue, not a pull');
    expect((await server.request(`${base}/issues/${issue}/pin`, { ...as(bob), method: 'POST' })).status).toBe(204);

    const pinned = await server.request(`${base}/pulls/pinned`);
    expect(pinned.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/pulls/pinned', 200, pinned.body);
    expect(pinned.body.map((p: any) => [p.number, p.pin_order])).toEqual([
      [second, 1],
      [first, 2],
    ]);
    expect(pinned.body[0]).toMatchObject({ head: { ref: 'second' }, base: { ref: 'main' }, state: 'open' });

    const privatePull = await pull(alice, alicePrivate, 'hidden', 'hidden pull');
    expect((await server.request(api(alice, alicePrivate, `/issues/${privatePull}/pin`), { ...as(alice), method: 'POST' })).status).toBe(
      204,
    );
    expect((await server.request(api(alice, alicePrivate, '/pulls/pinned'), as(alice))).body.map((p: any) => p.number)).toEqual([
      privatePull,
    ]);
    for (const user of [bob, undefined]) {
      const hidden = await server.request(api(alice, alicePrivate, '/pulls/pinned'), user ? as(user) : {});
      expect(hidden.status).toBe(404);
    }
    expect((await server.request(`/repos/${bob.name}/no-such-repo/pulls/pinned`)).status).toBe(404);
  });
});
