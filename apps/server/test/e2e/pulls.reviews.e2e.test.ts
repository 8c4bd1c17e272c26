import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

jest.setTimeout(60_000);

/**
 * Reviews of pull requests as a team uses them: drafts only their author sees,
 * verdicts (official when the reviewer may write), line comments, dismissals by
 * administrators, requests to review, and Forgejo's refusals.
 */
describe('pull request reviews', () => {
  let server: TestServer;
  let owner: TestUser;
  let poster: TestUser;
  let writer: TestUser;
  let reader: TestUser;
  let stranger: TestUser;
  let repo: RepositoryEntity;
  let secret: RepositoryEntity;
  let index: number;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const api = (r: RepositoryEntity, rest: string) => `/repos/${owner.name}/${r.name}${rest}`;
  const reviews = (rest = '') => api(repo, `/pulls/${index}/reviews${rest}`);
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const headSha = async () => (await server.request(api(repo, '/branches/feature'), as(owner))).body.commit.id as string;
  const post = (user: TestUser, path: string, body: unknown) => server.request(path, { ...as(user), method: 'POST', body });

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
    poster = await createTestUser(server);
    writer = await createTestUser(server);
    reader = await createTestUser(server);
    stranger = await createTestUser(server);
    repo = await createTestRepository(server, owner.user, { autoInit: true });
    secret = await createTestRepository(server, owner.user, { isPrivate: true, autoInit: true });
    for (const [user, permission] of [
      [poster, 'write'],
      [writer, 'write'],
    ] as const) {
      const res = await server.request(api(repo, `/collaborators/${user.name}`), { ...as(owner), method: 'PUT', body: { permission } });
      expect(res.status).toBe(204);
    }
    const file = await post(poster, api(repo, '/contents/feature.txt'), { content: b64('one\ntwo\n'), new_branch: 'feature' });
    expect(file.status).toBe(201);
    const pull = await post(poster, api(repo, '/pulls'), { head: 'feature', base: 'main', title: 'A feature' });
    expect(pull.status).toBe(201);
    index = pull.body.number;
  });

  afterAll(async () => server?.close());

  it('keeps a draft to its author, adds to it, and submits it as an official approval of the head', async () => {
    const draft = await post(writer, reviews(), {
      body: 'looking',
      comments: [{ path: 'feature.txt', body: 'why two?', new_position: 2 }],
    });
    expect(draft.status).toBe(200);
    expectForgejoShape('POST', '/repos/{owner}/{repo}/pulls/{index}/reviews', 200, draft.body);
    expect(draft.body).toMatchObject({ state: 'PENDING', comments_count: 1, user: { login: writer.name } });

    const more = await post(writer, reviews(), { comments: [{ path: 'feature.txt', body: 'and one?', old_position: 0, new_position: 1 }] });
    expect([more.body.id, more.body.comments_count]).toEqual([draft.body.id, 2]);
    expect((await server.request(reviews(), as(reader))).body).toEqual([]);
    expect((await server.request(reviews(`/${draft.body.id}`), as(reader))).status).toBe(404);
    expect((await server.request(reviews(`/${draft.body.id}`), as(writer))).status).toBe(200);

    const submitted = await post(writer, reviews(`/${draft.body.id}`), { event: 'APPROVED', body: 'good' });
    expect(submitted.status).toBe(200);
    expectForgejoShape('POST', '/repos/{owner}/{repo}/pulls/{index}/reviews/{id}', 200, submitted.body);
    expect(submitted.body).toMatchObject({ state: 'APPROVED', official: true, body: 'good', commit_id: await headSha(), stale: false });
    const again = await post(writer, reviews(`/${draft.body.id}`), { event: 'APPROVED' });
    expect([again.status, again.body.message]).toEqual([422, expect.stringMatching(/submitted already/)]);

    const comments = await server.request(reviews(`/${draft.body.id}/comments`), as(reader));
    expect(comments.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/pulls/{index}/reviews/{id}/comments', 200, comments.body);
    expect(comments.body.map((c: any) => [c.path, c.position, c.original_position, c.body])).toEqual([
      ['feature.txt', 2, 0, 'why two?'],
      ['feature.txt', 1, 0, 'and one?'],
    ]);
  });

  it('counts a reader’s approval as unofficial and refuses Forgejo’s forbidden verdicts', async () => {
    const unofficial = await post(reader, reviews(), { event: 'APPROVED', body: 'lgtm' });
    expect(unofficial.status).toBe(200);
    expect(unofficial.body).toMatchObject({ state: 'APPROVED', official: false });

    const refusals: [TestUser, unknown, RegExp][] = [
      [poster, { event: 'APPROVED' }, /your own pull request/],
      [poster, { event: 'REQUEST_CHANGES', body: 'me?' }, /your own pull request/],
      [writer, { event: 'REQUEST_CHANGES' }, /body/],
      [writer, { event: 'COMMENT' }, /body/],
      [writer, { event: 'MERGE_IT' }, /event must be one of/],
      [writer, { event: 'COMMENT', body: 'x', comments: [{ path: '', body: 'x', new_position: 1 }] }, /path/],
      [writer, { event: 'COMMENT', body: 'x', comments: [{ path: 'a', body: 'x', new_position: 1, old_position: 2 }] }, /not both/],
    ];
    for (const [user, body, message] of refusals) {
      const res = await post(user, reviews(), body);
      expect([res.status, res.body.message]).toEqual([422, expect.stringMatching(message)]);
    }
    const listed = await server.request(reviews(), as(reader));
    expectForgejoShape('GET', '/repos/{owner}/{repo}/pulls/{index}/reviews', 200, listed.body);
    expect(listed.body.map((r: any) => [r.user.login, r.state])).toEqual([
      [writer.name, 'APPROVED'],
      [reader.name, 'APPROVED'],
    ]);
  });

  it('marks a review stale once the head moves on', async () => {
    const [approval] = (await server.request(reviews(), as(owner))).body;
    const current = await server.request(api(repo, '/contents/feature.txt?ref=feature'), as(poster));
    const push = await server.request(api(repo, '/contents/feature.txt'), {
      ...as(poster),
      method: 'PUT',
      body: { content: b64('one\ntwo\nthree\n'), sha: current.body.sha, branch: 'feature' },
    });
    expect(push.status).toBe(200);
    const after = await server.request(reviews(`/${approval.id}`), as(owner));
    expect([after.body.stale, after.body.commit_id === approval.commit_id]).toEqual([true, true]);
  });

  it('lets only administrators dismiss verdicts, and undismiss them', async () => {
    const [approval] = (await server.request(reviews(), as(owner))).body;
    expect((await post(writer, reviews(`/${approval.id}/dismissals`), { message: 'no' })).status).toBe(403);
    const dismissed = await post(owner, reviews(`/${approval.id}/dismissals`), { message: 'outdated' });
    expect(dismissed.status).toBe(200);
    expectForgejoShape('POST', '/repos/{owner}/{repo}/pulls/{index}/reviews/{id}/dismissals', 200, dismissed.body);
    expect(dismissed.body.dismissed).toBe(true);
    const comment = await post(reader, reviews(), { event: 'COMMENT', body: 'a remark' });
    const refused = await post(owner, reviews(`/${comment.body.id}/dismissals`), {});
    expect([refused.status, refused.body.message]).toEqual([422, expect.stringMatching(/APPROVED and REQUEST_CHANGES/)]);
    const undismissed = await post(owner, reviews(`/${approval.id}/undismissals`), {});
    expect([undismissed.status, undismissed.body.dismissed]).toEqual([200, false]);
  });

  it('asks users to review, refuses the poster and unknown users, answers the request when they review, and withdraws', async () => {
    const third = await createTestUser(server);
    const asked = await post(poster, api(repo, `/pulls/${index}/requested_reviewers`), { reviewers: [third.name, reader.name] });
    expect(asked.status).toBe(201);
    expectForgejoShape('POST', '/repos/{owner}/{repo}/pulls/{index}/requested_reviewers', 201, asked.body);
    expect(asked.body.map((r: any) => [r.user.login, r.state])).toEqual([
      [third.name, 'REQUEST_REVIEW'],
      [reader.name, 'REQUEST_REVIEW'],
    ]);
    for (const [reviewers, message] of [
      [[poster.name], /opened the pull request/],
      [['nobody-at-all'], /does not exist/],
    ] as const) {
      const res = await post(poster, api(repo, `/pulls/${index}/requested_reviewers`), { reviewers });
      expect([res.status, res.body.message]).toEqual([422, expect.stringMatching(message)]);
    }
    expect((await post(reader, api(repo, `/pulls/${index}/requested_reviewers`), { reviewers: [third.name] })).status).toBe(403);

    await post(third, reviews(), { event: 'COMMENT', body: 'done' });
    const states = async () =>
      (await server.request(reviews(), as(owner))).body.filter((r: any) => r.user.login === third.name).map((r: any) => r.state);
    expect(await states()).toEqual(['COMMENT']);

    const withdrawn = await server.request(api(repo, `/pulls/${index}/requested_reviewers`), {
      ...as(poster),
      method: 'DELETE',
      body: { reviewers: [reader.name] },
    });
    expect(withdrawn.status).toBe(204);
    const requests = (await server.request(reviews(), as(owner))).body.filter((r: any) => r.state === 'REQUEST_REVIEW');
    expect(requests).toEqual([]);
  });

  it('lets the author or an administrator delete comments and reviews; others get 403', async () => {
    const review = await post(writer, reviews(), {
      event: 'COMMENT',
      body: 'lines',
      comments: [{ path: 'feature.txt', body: 'x', new_position: 1 }],
    });
    const [comment] = (await server.request(reviews(`/${review.body.id}/comments`), as(writer))).body;
    const one = await server.request(reviews(`/${review.body.id}/comments/${comment.id}`), as(reader));
    expect(one.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/pulls/{index}/reviews/{id}/comments/{comment}', 200, one.body);
    expect((await server.request(reviews(`/${review.body.id}/comments/${comment.id}`), { ...as(reader), method: 'DELETE' })).status).toBe(
      403,
    );
    expect((await server.request(reviews(`/${review.body.id}/comments/${comment.id}`), { ...as(writer), method: 'DELETE' })).status).toBe(
      204,
    );
    expect((await server.request(reviews(`/${review.body.id}/comments/${comment.id}`), as(writer))).status).toBe(404);

    const added = await post(writer, reviews(`/${review.body.id}/comments`), { path: 'feature.txt', body: 'later', new_position: 2 });
    expect(added.status).toBe(200);
    expectForgejoShape('POST', '/repos/{owner}/{repo}/pulls/{index}/reviews/{id}/comments', 200, added.body);
    expect(
      (await post(reader, reviews(`/${review.body.id}/comments`), { path: 'feature.txt', body: 'mine', new_position: 2 })).status,
    ).toBe(403);

    expect((await server.request(reviews(`/${review.body.id}`), { ...as(reader), method: 'DELETE' })).status).toBe(403);
    expect((await server.request(reviews(`/${review.body.id}`), { ...as(owner), method: 'DELETE' })).status).toBe(204);
    expect((await server.request(reviews(`/${review.body.id}`), as(writer))).status).toBe(404);
    expect((await server.request(reviews(`/${review.body.id}/comments`), as(writer))).status).toBe(404);
  });

  it('lists who can be asked to review (readers with a place, not the caller) and who can be assigned (writers)', async () => {
    const team = await createTestRepository(server, owner.user);
    for (const [user, permission] of [
      [writer, 'write'],
      [reader, 'read'],
    ] as const) {
      await server.request(api(team, `/collaborators/${user.name}`), { ...as(owner), method: 'PUT', body: { permission } });
    }
    const logins = (body: any[]) => body.map((user) => user.login);
    const reviewers = await server.request(api(team, '/reviewers'), as(writer));
    expect(reviewers.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/reviewers', 200, reviewers.body);
    expect(logins(reviewers.body)).toEqual([owner.name, reader.name].sort());
    const assignees = await server.request(api(team, '/assignees'), as(reader));
    expectForgejoShape('GET', '/repos/{owner}/{repo}/assignees', 200, assignees.body);
    expect(logins(assignees.body)).toEqual([owner.name, writer.name].sort());
    expect((await server.request(api(team, '/reviewers'))).status).toBe(401);
    expect((await server.request(api(secret, '/assignees'), as(stranger))).status).toBe(404);
  });

  it('answers 404 for a missing pull request or review and on a private repository to strangers', async () => {
    expect((await server.request(api(repo, '/pulls/999/reviews'), as(owner))).status).toBe(404);
    expect((await server.request(reviews('/999999'), as(owner))).status).toBe(404);
    expect((await server.request(reviews('/abc'), as(owner))).status).toBe(404);
    expect((await server.request(api(secret, '/pulls/1/reviews'), as(stranger))).status).toBe(404);
    expect((await server.request(api(secret, '/pulls/1/reviews'))).status).toBe(404);
    expect((await post(stranger, api(secret, '/pulls/1/reviews'), { event: 'COMMENT', body: 'x' })).status).toBe(404);
    expect((await server.request(reviews(), { method: 'POST', body: { event: 'COMMENT', body: 'x' } })).status).toBe(401);
  });
});
