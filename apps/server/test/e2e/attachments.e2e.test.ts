import { request as httpRequest } from 'http';
import { CommentEntity, IssueEntity, OwnerEntity, RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';
import { storedBlobsOf } from '../support/test-storage';

/** Issues and comments are made straight through persistence, long ago so that back-dating has room. */
const CREATED = new Date('2024-01-01T00:00:00Z');
const MIB = 1024 * 1024;

/** Attachment blobs no row names, and unfinished uploads: what a failed upload must not leave behind. */
async function filesWithoutRow(server: TestServer): Promise<string[]> {
  const rows: { uuid: string }[] = await server.db.dataSource.query('SELECT uuid FROM attachment');
  const known = new Set(rows.map((row) => row.uuid));
  const blobs = storedBlobsOf(server);
  const stored = (await blobs.keys('attachments')).filter((key) => !known.has(key.split('/').pop()!));
  return [...stored, ...(await blobs.temporary())];
}

/** An upload whose body is the file itself, as curl --data-binary sends it (no Content-Type when `contentType` is undefined). */
async function rawUpload(
  url: string,
  content: Buffer,
  contentType: string | undefined,
  token: string,
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { authorization: `token ${token}` };
  if (contentType !== undefined) headers['content-type'] = contentType;
  const res = await fetch(url, { method: 'POST', body: content, headers });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** A tiny but real PNG (1×1 pixel). */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4af0000000049454e44ae426082',
  'hex',
);

function attachmentForm(content: Buffer | string, fileName = 'notes.txt', field = 'attachment'): FormData {
  const form = new FormData();
  form.append(field, new Blob([content]), fileName);
  return form;
}

describe('issue and comment attachments', () => {
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

  async function upload(path: string, form: FormData, user: TestUser | undefined, query = ''): Promise<{ status: number; body: any }> {
    const headers: Record<string, string> = user ? { authorization: `token ${user.token}` } : {};
    const res = await fetch(`${server.apiUrl}${path}${query}`, { method: 'POST', body: form, headers });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  async function createIssue(inRepo: RepositoryEntity = repo, poster: OwnerEntity = owner.user): Promise<IssueEntity> {
    return server.db.transaction((tx) =>
      tx.issues.create({
        repoId: inRepo.id,
        posterId: poster.id,
        title: 'With files',
        body: '',
        isClosed: false,
        milestoneId: null,
        createdAt: CREATED,
      }),
    );
  }

  async function createComment(issue: IssueEntity, poster: OwnerEntity = owner.user): Promise<CommentEntity> {
    return server.db.transaction((tx) =>
      tx.comments.insert({ issueId: issue.id, type: 0, posterId: poster.id, content: 'see attached', createdAt: CREATED }),
    );
  }

  async function attachmentUsage(user: TestUser, path = '/user/quota'): Promise<number> {
    const res = await server.request(path, as(user));
    expect(res.status).toBe(200);
    return res.body.used.size.assets.attachments.issues;
  }

  it('uploads an issue attachment, lists, reads, downloads, renames and deletes it', async () => {
    const issue = await createIssue();
    const assets = `${repoPath}/issues/${issue.index}/assets`;
    const usageBefore = await attachmentUsage(owner);

    const created = await upload(assets, attachmentForm('hello attachment'), owner);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'notes.txt',
      size: 16,
      download_count: 0,
      created_at: expect.any(String),
      uuid: expect.any(String),
      browser_download_url: `${server.url}attachments/${created.body.uuid}`,
      type: 'attachment',
    });
    expect(await attachmentUsage(owner)).toBe(usageBefore + 16);

    const list = await server.request(assets);
    expect(list.body.map((a: any) => a.id)).toEqual([created.body.id]);
    expect((await server.request(`${assets}/${created.body.id}`)).body.name).toBe('notes.txt');

    const download = await fetch(created.body.browser_download_url);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('hello attachment');
    expect((await server.request(`${assets}/${created.body.id}`)).body.download_count).toBe(1);

    const renamed = await server.request(`${assets}/${created.body.id}`, { method: 'PATCH', ...as(owner), body: { name: 'renamed.txt' } });
    expect(renamed.status).toBe(201);
    expect(renamed.body.name).toBe('renamed.txt');

    expect((await server.request(`${assets}/${created.body.id}`, { method: 'DELETE', ...as(owner) })).status).toBe(204);
    expect((await server.request(`${assets}/${created.body.id}`)).status).toBe(404);
    expect((await fetch(created.body.browser_download_url)).status).toBe(404);
    expect(await attachmentUsage(owner)).toBe(usageBefore);
    expect((await storedBlobsOf(server).keys('attachments')).filter((key) => key.endsWith(created.body.uuid))).toEqual([]);
  });

  it('takes the name from the query when given', async () => {
    const issue = await createIssue();
    const created = await upload(`${repoPath}/issues/${issue.index}/assets`, attachmentForm('x'), owner, '?name=report.log');
    expect(created.status).toBe(201);
    expect(created.body.name).toBe('report.log');
  });

  it('attaches files to comments, back-dating the comment and the attachment with updated_at', async () => {
    const issue = await createIssue();
    const comment = await createComment(issue);
    const assets = `${repoPath}/issues/comments/${comment.id}/assets`;
    const created = await upload(assets, attachmentForm('comment file', 'log.txt'), owner, '?updated_at=2024-03-04T05:06:07Z');
    expect(created.status).toBe(201);
    expect(created.body.created_at).toBe('2024-03-04T05:06:07.000Z');
    expect((await server.request(assets)).body.map((a: any) => a.name)).toEqual(['log.txt']);
    // A comment's attachment is not one of the issue's own.
    expect((await server.request(`${repoPath}/issues/${issue.index}/assets`)).body).toEqual([]);
    expect((await server.request(`${repoPath}/issues/${issue.index}/assets/${created.body.id}`)).status).toBe(404);

    expect((await server.db.comments.findById(comment.id))!.updatedAt.toISOString()).toBe('2024-03-04T05:06:07.000Z');
    expect((await server.db.issues.findById(issue.id))!.updatedAt).toEqual(CREATED);
  });

  it('deleting a comment deletes its attachments, their files and their usage', async () => {
    const comment = await createComment(await createIssue());
    const usageBefore = await attachmentUsage(owner);
    const created = await upload(`${repoPath}/issues/comments/${comment.id}/assets`, attachmentForm('twelve bytes', 'notes.txt'), owner);
    expect(created.status).toBe(201);
    expect(await attachmentUsage(owner)).toBe(usageBefore + 12);

    expect((await server.request(`${repoPath}/issues/comments/${comment.id}`, { method: 'DELETE', ...as(owner) })).status).toBe(204);
    expect(await attachmentUsage(owner)).toBe(usageBefore);
    expect(await server.db.attachments.findById(created.body.id)).toBeNull();
    expect((await fetch(created.body.browser_download_url)).status).toBe(404);
  });

  it("back-dates an issue attachment with updated_at, leaving the issue's update date", async () => {
    const issue = await createIssue();
    const created = await upload(
      `${repoPath}/issues/${issue.index}/assets`,
      attachmentForm('old'),
      owner,
      '?updated_at=2024-02-02T02:02:02Z',
    );
    expect(created.status).toBe(201);
    expect(created.body.created_at).toBe('2024-02-02T02:02:02.000Z');
    expect((await server.db.issues.findById(issue.id))!.updatedAt).toEqual(CREATED);
  });

  it('refuses updated_at out of range (422) or from a writer who may not back-date (403), storing nothing', async () => {
    const issue = await createIssue();
    const assets = `${repoPath}/issues/${issue.index}/assets`;
    expect((await upload(assets, attachmentForm('x'), owner, '?updated_at=2020-01-01T00:00:00Z')).status).toBe(422);
    expect((await upload(assets, attachmentForm('x'), owner, '?updated_at=yesterday')).status).toBe(422);
    const writer = await createTestUser(server);
    await server.request(`${repoPath}/collaborators/${writer.name}`, { method: 'PUT', ...as(owner), body: { permission: 'write' } });
    expect((await upload(assets, attachmentForm('x'), writer, '?updated_at=2024-02-02T02:02:02Z')).status).toBe(403);
    expect((await server.request(assets)).body).toEqual([]);
  });

  it('refuses a form without the attachment field and a raw body without a name (400), and outsiders (403)', async () => {
    const issue = await createIssue();
    const assets = `${repoPath}/issues/${issue.index}/assets`;
    expect((await server.request(assets, { method: 'POST', ...as(owner), body: { attachment: 'no' } })).status).toBe(400);
    expect((await upload(assets, attachmentForm('x', 'a.txt', 'file'), owner)).status).toBe(400);
    expect((await upload(assets, attachmentForm('x'), outsider)).status).toBe(403);
    expect((await upload(assets, attachmentForm('x'), undefined)).status).toBe(401);
    expect((await server.request(assets)).body).toEqual([]);
  });

  describe('with the file as the raw body', () => {
    it('takes any content type but a form as the file, named by the query, on issues and comments', async () => {
      const uploader = await createTestUser(server);
      const ownRepo = await createTestRepository(server, uploader.user);
      const issue = await createIssue(ownRepo, uploader.user);
      const comment = await createComment(issue, uploader.user);
      const issueAssets = `${server.apiUrl}/repos/${uploader.name}/${ownRepo.name}/issues/${issue.index}/assets`;
      const commentAssets = `${server.apiUrl}/repos/${uploader.name}/${ownRepo.name}/issues/comments/${comment.id}/assets`;
      const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
      const uploads: [string, Buffer, string | undefined, string][] = [
        [issueAssets, bytes, 'application/octet-stream', 'blob.bin'],
        [commentAssets, PNG, 'image/png', 'pixel.png'],
        [issueAssets, Buffer.from('plain words\n'), 'text/plain; charset=utf-8', 'notes.txt'],
        [commentAssets, Buffer.from('{"not":"parsed"}'), 'application/json', 'data.json'],
        [issueAssets, Buffer.from('no type at all'), undefined, 'untyped.dat'],
      ];
      for (const [url, content, contentType, name] of uploads) {
        const created = await rawUpload(`${url}?name=${name}`, content, contentType, uploader.token);
        expect({ name, status: created.status }).toEqual({ name, status: 201 });
        expect(created.body).toMatchObject({ name, size: content.length });
        const download = await fetch(created.body.browser_download_url);
        expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
      }
      expect((await server.request(issueAssets.slice(server.apiUrl.length))).body.map((a: any) => a.name)).toEqual([
        'blob.bin',
        'notes.txt',
        'untyped.dat',
      ]);
      expect(await attachmentUsage(uploader)).toBe(uploads.reduce((sum, [, content]) => sum + content.length, 0));
      expect(await server.db.quotaRecount.differences(uploader.user.id)).toEqual([]);
    });

    it("streams a body larger than the API's JSON and text limit instead of reading it whole", async () => {
      const issue = await createIssue();
      const big = Buffer.alloc(11 * MIB, 'a');
      const created = await rawUpload(
        `${server.apiUrl}${repoPath}/issues/${issue.index}/assets?name=big.txt`,
        big,
        'text/plain',
        owner.token,
      );
      expect(created.status).toBe(201);
      expect(created.body.size).toBe(big.length);
    });

    it('refuses a raw body without a name (400) before reading it, storing nothing', async () => {
      const issue = await createIssue();
      const assets = `${server.apiUrl}${repoPath}/issues/${issue.index}/assets`;
      for (const contentType of ['application/octet-stream', 'text/plain', undefined]) {
        const refused = await rawUpload(assets, Buffer.from('nameless'), contentType, owner.token);
        expect(refused.status).toBe(400);
        expect(refused.body.message).toContain('"name" query parameter');
      }
      expect((await rawUpload(`${assets}?name=`, Buffer.from('nameless'), 'application/octet-stream', owner.token)).status).toBe(400);
      expect((await rawUpload(assets, Buffer.from('x'), 'application/octet-stream', outsider.token)).status).toBe(403);
      expect((await server.request(`${repoPath}/issues/${issue.index}/assets`)).body).toEqual([]);
      expect(await filesWithoutRow(server)).toEqual([]);
    });

    it('answers 404 and keeps nothing when the issue is gone before the body is recorded', async () => {
      const uploader = await createTestUser(server);
      const ownRepo = await createTestRepository(server, uploader.user);
      const issue = await createIssue(ownRepo, uploader.user);
      const url = new URL(`${server.apiUrl}/repos/${uploader.name}/${ownRepo.name}/issues/${issue.index}/assets?name=late.bin`);
      const answer = new Promise<number>((resolve, reject) => {
        const req = httpRequest(url, {
          method: 'POST',
          headers: {
            authorization: `token ${uploader.token}`,
            'content-type': 'application/octet-stream',
            'content-length': String(2 * 64 * 1024),
          },
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on('error', reject);
        req.write(Buffer.alloc(64 * 1024, 1), async () => {
          await new Promise((r) => setTimeout(r, 200));
          const deleted = await server.request(`/repos/${uploader.name}/${ownRepo.name}/issues/${issue.index}`, {
            method: 'DELETE',
            auth: { token: uploader.token },
          });
          if (deleted.status !== 204) return reject(new Error(`deleting the issue answered ${deleted.status}`));
          req.end(Buffer.alloc(64 * 1024, 2));
        });
      });
      expect(await answer).toBe(404);
      expect(await attachmentUsage(uploader)).toBe(0);
      expect(await server.db.quotaRecount.differences(uploader.user.id)).toEqual([]);
      expect(await filesWithoutRow(server)).toEqual([]);
    });

    it('leaves neither file nor row nor usage behind when the client goes away mid-body', async () => {
      const uploader = await createTestUser(server);
      const ownRepo = await createTestRepository(server, uploader.user);
      const issue = await createIssue(ownRepo, uploader.user);
      const url = new URL(`${server.apiUrl}/repos/${uploader.name}/${ownRepo.name}/issues/${issue.index}/assets?name=cut.bin`);
      await new Promise<void>((resolve) => {
        const req = httpRequest(url, {
          method: 'POST',
          headers: {
            authorization: `token ${uploader.token}`,
            'content-type': 'application/octet-stream',
            'content-length': String(10 * MIB),
          },
        });
        req.on('error', () => resolve());
        req.write(Buffer.alloc(256 * 1024, 1), () =>
          setTimeout(() => {
            req.destroy();
            resolve();
          }, 300),
        );
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await server.db.attachments.listOfIssue(issue.id)).toEqual([]);
      expect(await attachmentUsage(uploader)).toBe(0);
      expect(await filesWithoutRow(server)).toEqual([]);
    });
  });

  it("counts an organization's attachment for the organization, not for the member who uploaded it", async () => {
    const org = `att-org-${Date.now().toString(36)}`;
    expect((await server.request('/orgs', { method: 'POST', ...as(owner), body: { username: org, visibility: 'public' } })).status).toBe(
      201,
    );
    const orgRepo = await createTestRepository(server, (await server.db.owners.findByName(org))!);
    const member = await createTestUser(server);
    await server.request(`/repos/${org}/${orgRepo.name}/collaborators/${member.name}`, {
      method: 'PUT',
      ...as(owner),
      body: { permission: 'write' },
    });
    const issue = await createIssue(orgRepo, member.user);

    const created = await upload(`/repos/${org}/${orgRepo.name}/issues/${issue.index}/assets`, attachmentForm('x'.repeat(1000)), member);
    expect(created.status).toBe(201);
    expect(await attachmentUsage(owner, `/orgs/${org}/quota`)).toBe(1000);
    expect(await attachmentUsage(member)).toBe(0);
  });

  it("lists the owner's attachments in /user/quota/attachments with URLs that resolve", async () => {
    const lister = await createTestUser(server);
    const listerRepo = await createTestRepository(server, lister.user);
    const issue = await createIssue(listerRepo, lister.user);
    const comment = await createComment(issue, lister.user);
    const onIssue = await upload(
      `/repos/${lister.name}/${listerRepo.name}/issues/${issue.index}/assets`,
      attachmentForm('issue file'),
      lister,
    );
    const onComment = await upload(
      `/repos/${lister.name}/${listerRepo.name}/issues/comments/${comment.id}/assets`,
      attachmentForm('comment file!'),
      lister,
    );
    expect([onIssue.status, onComment.status]).toEqual([201, 201]);

    const listed = await server.request('/user/quota/attachments', as(lister));
    expect(listed.body).toHaveLength(2);
    for (const entry of listed.body) {
      const res = await server.request(entry.api_url, as(lister));
      expect(res.status).toBe(200);
      expect(res.body.name).toBe(entry.name);
      expect((await server.request(entry.contained_in.api_url.replace(/\/assets$/, '') + '/assets', as(lister))).status).toBe(200);
    }
    expect(listed.body.map((entry: any) => entry.size).sort()).toEqual([10, 13]);
  });

  it("hides a private repository's attachments from outsiders, download URL included (404)", async () => {
    const hidden = await createTestRepository(server, owner.user, { isPrivate: true });
    const issue = await createIssue(hidden);
    const assets = `/repos/${owner.name}/${hidden.name}/issues/${issue.index}/assets`;
    const created = await upload(assets, attachmentForm('secret'), owner);
    expect(created.status).toBe(201);

    expect((await server.request(assets, as(outsider))).status).toBe(404);
    expect((await server.request(`${assets}/${created.body.id}`)).status).toBe(404);
    expect((await fetch(created.body.browser_download_url)).status).toBe(404);
    expect((await fetch(created.body.browser_download_url, { headers: { authorization: `token ${outsider.token}` } })).status).toBe(404);
    const own = await fetch(created.body.browser_download_url, { headers: { authorization: `token ${owner.token}` } });
    expect(own.status).toBe(200);
    expect(await own.text()).toBe('secret');
    expect((await fetch(`${server.url}attachments/not-a-uuid`)).status).toBe(404);
  });

  it('leaves neither file nor row nor usage behind when the client goes away mid-upload', async () => {
    const uploader = await createTestUser(server);
    const uploaderRepo = await createTestRepository(server, uploader.user);
    const issue = await createIssue(uploaderRepo, uploader.user);
    const boundary = 'bellows-test-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const url = new URL(`${server.apiUrl}/repos/${uploader.name}/${uploaderRepo.name}/issues/${issue.index}/assets`);
    await new Promise<void>((resolve) => {
      const req = httpRequest(url, {
        method: 'POST',
        headers: {
          authorization: `token ${uploader.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(10 * MIB),
        },
      });
      req.on('error', () => resolve());
      req.write(head);
      req.write(Buffer.alloc(256 * 1024, 1), () =>
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 300),
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 500));

    expect(await server.db.attachments.listOfIssue(issue.id)).toEqual([]);
    expect(await attachmentUsage(uploader)).toBe(0);
    expect(await filesWithoutRow(server)).toEqual([]);
  });
});

describe('attachments over [attachment] MAX_SIZE', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ ATTACHMENT__MAX_SIZE: '1' });
  });
  afterAll(async () => server?.close());

  it('are refused with 413, leaving neither file nor row nor usage', async () => {
    const owner = await createTestUser(server);
    const repo = await createTestRepository(server, owner.user);
    const issue = await server.db.transaction((tx) =>
      tx.issues.create({
        repoId: repo.id,
        posterId: owner.user.id,
        title: 'Too big',
        body: '',
        isClosed: false,
        milestoneId: null,
        createdAt: CREATED,
      }),
    );
    const form = attachmentForm(Buffer.alloc(2 * MIB, 7), 'big.bin');
    const res = await fetch(`${server.apiUrl}/repos/${owner.name}/${repo.name}/issues/${issue.index}/assets`, {
      method: 'POST',
      body: form,
      headers: { authorization: `token ${owner.token}` },
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as any).message).toMatch(/MAX_SIZE/);

    expect(await server.db.attachments.listOfIssue(issue.id)).toEqual([]);
    const quota = await server.request('/user/quota', { auth: { token: owner.token } });
    expect(quota.body.used.size.assets.attachments.issues).toBe(0);
    expect(await filesWithoutRow(server)).toEqual([]);

    const small = await fetch(`${server.apiUrl}/repos/${owner.name}/${repo.name}/issues/${issue.index}/assets`, {
      method: 'POST',
      body: attachmentForm(Buffer.alloc(MIB, 7), 'exactly-1-MiB.bin'),
      headers: { authorization: `token ${owner.token}` },
    });
    expect(small.status).toBe(201);
    expect(((await small.json()) as any).size).toBe(MIB);
  });

  it('refuses a raw body over the limit with 413 too, counting nothing', async () => {
    const owner = await createTestUser(server);
    const repo = await createTestRepository(server, owner.user);
    const issue = await server.db.transaction((tx) =>
      tx.issues.create({
        repoId: repo.id,
        posterId: owner.user.id,
        title: 'Too big raw',
        body: '',
        isClosed: false,
        milestoneId: null,
        createdAt: CREATED,
      }),
    );
    const assets = `${server.apiUrl}/repos/${owner.name}/${repo.name}/issues/${issue.index}/assets`;
    const refused = await rawUpload(`${assets}?name=big.bin`, Buffer.alloc(MIB + 1, 7), 'application/octet-stream', owner.token);
    expect(refused.status).toBe(413);
    expect(refused.body.message).toMatch(/MAX_SIZE/);
    expect(await server.db.attachments.listOfIssue(issue.id)).toEqual([]);
    expect((await server.request('/user/quota', { auth: { token: owner.token } })).body.used.size.assets.attachments.issues).toBe(0);
    expect(await server.db.quotaRecount.differences(owner.user.id)).toEqual([]);
    expect(await filesWithoutRow(server)).toEqual([]);

    const exact = await rawUpload(`${assets}?name=exact.bin`, Buffer.alloc(MIB, 7), 'application/octet-stream', owner.token);
    expect(exact.status).toBe(201);
    expect(exact.body.size).toBe(MIB);
  });
});
