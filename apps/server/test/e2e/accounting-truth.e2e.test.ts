import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { shardedKey } from '@bellows/storage';
import { createTestUser, TestUser } from '../support/fixtures';
import { Gate, multipartBody, Plan, send } from '../support/race-harness';
import { createTestRepository } from '../support/repositories';
import { storedBlobsOf, untilServerStoring } from '../support/test-storage';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Issue 9, findings 1–4: a sized upload racing with the removal of what it
 * hangs on, and downloads by UUID. Each upload is held mid-body (the server is
 * already streaming it into storage), the container is deleted, then the body
 * is released: the deletion wins, nothing comes back, nothing is left that
 * counts, and the ledger equals a recount.
 */
describe('accounting truth: uploads racing with deletions (issue 9)', () => {
  let server: TestServer;
  let owner: TestUser;
  let stranger: TestUser;
  let repo: RepositoryEntity;
  let base: string;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
    stranger = await createTestUser(server);
    repo = await createTestRepository(server, owner.user, { autoInit: true });
    base = `/repos/${owner.name}/${repo.name}`;
  });
  afterAll(async () => server?.close());

  const as = (user: TestUser) => ({ auth: { token: user.token } });

  async function usage(user = owner) {
    const res = await server.request('/user/quota', as(user));
    expect(res.status).toBe(200);
    return res.body.used.size.assets.attachments;
  }

  async function expectLedgerEqualsRecount() {
    expect(await server.db.quotaRecount.differences()).toEqual([]);
  }

  async function newIssue(): Promise<number> {
    const res = await server.request(`${base}/issues`, { method: 'POST', ...as(owner), body: { title: 'racing' } });
    expect(res.status).toBe(201);
    return res.body.number;
  }

  async function newComment(index: number): Promise<number> {
    const res = await server.request(`${base}/issues/${index}/comments`, { method: 'POST', ...as(owner), body: { body: 'hold on' } });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  async function newRelease(draft = false): Promise<number> {
    const res = await server.request(`${base}/releases`, {
      method: 'POST',
      ...as(owner),
      body: { tag_name: `v${Date.now()}${Math.random().toString(36).slice(2, 6)}`, draft },
    });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  /**
   * Sends a multipart upload in two halves; after the first, waits until the
   * server is streaming it into storage, runs `meanwhile`, then sends the rest.
   */
  async function uploadWhile(path: string, meanwhile: () => Promise<void>) {
    const plan: Plan = {
      index: 0,
      chunks: 2,
      point: 'chunk:1',
      mode: 'awaited',
      delayMs: 0,
      gapMs: 0,
      second: null,
      contentBytes: 256 * 1024,
    };
    const gate = new Gate(plan, async () => {
      await untilServerStoring(server);
      await meanwhile();
      return { label: 'meanwhile', status: 0, text: '', json: undefined };
    });
    const { body, contentType } = multipartBody('attachment', 'held.bin', Buffer.alloc(plan.contentBytes, 7));
    const answer = await send(
      server.url,
      { method: 'POST', path: `/api/v1${path}`, headers: { authorization: `token ${owner.token}`, 'content-type': contentType }, body },
      20_000,
      { plan, gate },
    );
    return { status: answer.status, body: answer.json };
  }

  it('finding 1: a comment deleted during a slow attachment upload stays deleted', async () => {
    const index = await newIssue();
    const commentId = await newComment(index);
    const before = await usage();
    const answer = await uploadWhile(`${base}/issues/comments/${commentId}/assets`, async () => {
      expect((await server.request(`${base}/issues/comments/${commentId}`, { method: 'DELETE', ...as(owner) })).status).toBe(204);
    });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toMatch(/comment .* does not exist/);
    expect((await server.request(`${base}/issues/comments/${commentId}`, as(owner))).status).toBe(404);
    expect(await usage()).toEqual(before);
    await expectLedgerEqualsRecount();
  });

  it('finding 1: editing a comment that was deleted meanwhile does not bring it back', async () => {
    const index = await newIssue();
    const commentId = await newComment(index);
    const row = await server.db.comments.findById(commentId);
    await server.request(`${base}/issues/comments/${commentId}`, { method: 'DELETE', ...as(owner) });
    // The edit path as it runs after its lookup: by id, so a vanished row is not inserted again.
    expect(await server.db.comments.update(row!.id, { content: 'back?' })).toBe(false);
    expect(await server.db.comments.findById(commentId)).toBeNull();
  });

  it('finding 2: a release deleted during a slow asset upload leaves no orphan attachment', async () => {
    const releaseId = await newRelease();
    const before = await usage();
    const answer = await uploadWhile(`${base}/releases/${releaseId}/assets?name=late.bin`, async () => {
      expect((await server.request(`${base}/releases/${releaseId}`, { method: 'DELETE', ...as(owner) })).status).toBe(204);
    });
    expect(answer.status).toBe(404);
    expect(await usage()).toEqual(before);
    const listed = await server.request('/user/quota/attachments', as(owner));
    expect(listed.body.filter((a: { name: string }) => a.name === 'late.bin')).toEqual([]);
    expect(await server.db.dataSource.query('SELECT id FROM attachment WHERE release_id = ' + Number(releaseId))).toEqual([]);
    await expectLedgerEqualsRecount();
  });

  it('finding 2: an issue deleted during a slow attachment upload leaves no orphan attachment', async () => {
    const index = await newIssue();
    const before = await usage();
    const answer = await uploadWhile(`${base}/issues/${index}/assets`, async () => {
      expect((await server.request(`${base}/issues/${index}`, { method: 'DELETE', ...as(owner) })).status).toBe(204);
    });
    expect(answer.status).toBe(404);
    expect((await server.request(`${base}/issues/${index}`, as(owner))).status).toBe(404);
    expect(await usage()).toEqual(before);
    await expectLedgerEqualsRecount();
  });

  it('finding 3: a repository deleted during an upload answers 404, not 500', async () => {
    const doomed = await createTestRepository(server, owner.user, { autoInit: true });
    const doomedBase = `/repos/${owner.name}/${doomed.name}`;
    const issue = await server.request(`${doomedBase}/issues`, { method: 'POST', ...as(owner), body: { title: 'doomed' } });
    const before = await usage();
    const answer = await uploadWhile(`${doomedBase}/issues/${issue.body.number}/assets`, async () => {
      expect((await server.request(doomedBase, { method: 'DELETE', ...as(owner) })).status).toBe(204);
    });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toMatch(/repository .* does not exist/);
    expect(await usage()).toEqual(before);
    await expectLedgerEqualsRecount();
  });

  describe('finding 4: downloads by UUID follow the visibility of the container', () => {
    async function attach(path: string): Promise<{ uuid: string; url: string }> {
      const form = new FormData();
      form.append('attachment', new Blob(['secret bytes']), 'secret.txt');
      const res = await fetch(`${server.apiUrl}${path}`, {
        method: 'POST',
        body: form,
        headers: { authorization: `token ${owner.token}` },
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { uuid: string; browser_download_url: string };
      return { uuid: body.uuid, url: body.browser_download_url };
    }

    it('draft release assets are 404 to anonymous callers and readers, 200 to writers', async () => {
      const draftId = await newRelease(true);
      const { url } = await attach(`${base}/releases/${draftId}/assets`);
      expect((await server.request(`${base}/releases/${draftId}`)).status).toBe(404);
      expect((await fetch(url)).status).toBe(404);
      expect((await fetch(url, { headers: { authorization: `token ${stranger.token}` } })).status).toBe(404);
      const mine = await fetch(url, { headers: { authorization: `token ${owner.token}` } });
      expect(mine.status).toBe(200);
      expect(await mine.text()).toBe('secret bytes');
      // Once published, everyone who may read the repository may download it.
      expect((await server.request(`${base}/releases/${draftId}`, { method: 'PATCH', ...as(owner), body: { draft: false } })).status).toBe(
        200,
      );
      expect((await fetch(url)).status).toBe(200);
    });

    it('attachments of a private repository are 404 to those who cannot read it', async () => {
      const hidden = await createTestRepository(server, owner.user, { isPrivate: true, autoInit: true });
      const hiddenBase = `/repos/${owner.name}/${hidden.name}`;
      const issue = await server.request(`${hiddenBase}/issues`, { method: 'POST', ...as(owner), body: { title: 'private' } });
      const { url } = await attach(`${hiddenBase}/issues/${issue.body.number}/assets`);
      expect((await fetch(url)).status).toBe(404);
      expect((await fetch(url, { headers: { authorization: `token ${stranger.token}` } })).status).toBe(404);
      expect((await fetch(url, { headers: { authorization: `token ${owner.token}` } })).status).toBe(200);
    });

    it('an attachment whose container row is gone is 404 even with its file still on disk', async () => {
      const index = await newIssue();
      const commentId = await newComment(index);
      const { url } = await attach(`${base}/issues/comments/${commentId}/assets`);
      expect((await fetch(url)).status).toBe(200);
      // A comment row removed behind the API's back (an operator's SQL, an old orphan): the file must not stay reachable.
      await server.db.dataSource.query(`DELETE FROM comment WHERE id = ${Number(commentId)}`);
      expect((await fetch(url)).status).toBe(404);
    });
  });

  it('deleting a repository removes the files of its attachments, not only their rows', async () => {
    const doomed = await createTestRepository(server, owner.user, { autoInit: true });
    const doomedBase = `/repos/${owner.name}/${doomed.name}`;
    const issue = await server.request(`${doomedBase}/issues`, { method: 'POST', ...as(owner), body: { title: 'files' } });
    const form = new FormData();
    form.append('attachment', new Blob(['bytes on disk']), 'f.txt');
    const res = await fetch(`${server.apiUrl}${doomedBase}/issues/${issue.body.number}/assets`, {
      method: 'POST',
      body: form,
      headers: { authorization: `token ${owner.token}` },
    });
    const { uuid } = (await res.json()) as { uuid: string };
    const key = shardedKey('attachments', uuid);
    expect(await storedBlobsOf(server).exists(key)).toBe(true);
    expect((await server.request(doomedBase, { method: 'DELETE', ...as(owner) })).status).toBe(204);
    expect(await storedBlobsOf(server).exists(key)).toBe(false);
  });

  describe('issueDelete', () => {
    it('never gives the number of a deleted issue to another one (as Forgejo)', async () => {
      const index = await newIssue();
      expect((await server.request(`${base}/issues/${index}`, { method: 'DELETE', ...as(owner) })).status).toBe(204);
      const next = await newIssue();
      expect(next).toBe(index + 1);
      expect((await server.request(`${base}/issues/${index}`, as(owner))).status).toBe(404);
    });

    it('deletes the issue with its comments and attachments, frees their usage, and is for administrators only', async () => {
      const index = await newIssue();
      const commentId = await newComment(index);
      const before = await usage();
      for (const path of [`${base}/issues/${index}/assets`, `${base}/issues/comments/${commentId}/assets`]) {
        const form = new FormData();
        form.append('attachment', new Blob([Buffer.alloc(1000)]), 'f.bin');
        expect(
          (await fetch(`${server.apiUrl}${path}`, { method: 'POST', body: form, headers: { authorization: `token ${owner.token}` } }))
            .status,
        ).toBe(201);
      }
      expect((await usage()).issues).toBe(before.issues + 2000);
      expect((await server.request(`${base}/issues/${index}`, { method: 'DELETE', ...as(stranger) })).status).toBe(403);
      expect((await server.request(`${base}/issues/${index}`, { method: 'DELETE', ...as(owner) })).status).toBe(204);
      expect((await server.request(`${base}/issues/${index}`, as(owner))).status).toBe(404);
      expect((await server.request(`${base}/issues/comments/${commentId}`, as(owner))).status).toBe(404);
      expect((await server.request(`${base}/issues/${index}`, { method: 'DELETE', ...as(owner) })).status).toBe(404);
      expect(await usage()).toEqual(before);
      await expectLedgerEqualsRecount();
    });
  });
});
