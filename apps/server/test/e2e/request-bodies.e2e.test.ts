import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { RawConnection, requestHead } from '../support/raw-socket';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';
import { storedBlobsOf } from '../support/test-storage';

/**
 * Finding 6 of issue 9: request bodies that end too early or stop coming.
 * Each request is written byte for byte on a raw connection, so the test
 * controls exactly what the server receives and when.
 */

const CREATED = new Date('2024-01-01T00:00:00Z');
const BOUNDARY = 'bellows-finding-6';

/** A multipart body holding `content` as the attachment, with or without its closing boundary. */
function multipartBody(content: string, { closed }: { closed: boolean }): Buffer {
  const part = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachment"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\n${content}`;
  return Buffer.from(closed ? `${part}\r\n--${BOUNDARY}--\r\n` : part);
}

const IDLE = '1s';
const HEADER_WAIT = '1s';

describe('finding 6: request bodies that end early or stall', () => {
  let server: TestServer;
  let owner: TestUser;
  let repo: RepositoryEntity;

  beforeAll(async () => {
    server = await startTestServer({ SERVER__READ_IDLE_TIMEOUT: IDLE, SERVER__READ_HEADER_TIMEOUT: HEADER_WAIT });
    owner = await createTestUser(server);
    repo = await createTestRepository(server, owner.user, { autoInit: true });
  });
  afterAll(async () => server?.close());

  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const basic = (user: TestUser) => `Basic ${Buffer.from(`${user.name}:${user.token}`).toString('base64')}`;

  /** Usage of every kind and unfinished uploads: what a refused or cut request must leave unchanged. */
  async function traces(): Promise<{ used: unknown; temporary: string[] }> {
    const quota = await server.request('/user/quota', as(owner));
    expect(quota.status).toBe(200);
    return { used: quota.body.used, temporary: await storedBlobsOf(server).temporary() };
  }

  /** The three multipart upload routes: an issue's, a comment's and a release's assets. */
  async function uploadTargets(): Promise<{ label: string; assets: string }[]> {
    const repoPath = `/repos/${owner.name}/${repo.name}`;
    const issue = await server.db.transaction((tx) =>
      tx.issues.create({
        repoId: repo.id,
        posterId: owner.user.id,
        title: 'Finding 6',
        body: '',
        isClosed: false,
        milestoneId: null,
        createdAt: CREATED,
      }),
    );
    const comment = await server.db.transaction((tx) =>
      tx.comments.insert({ issueId: issue.id, type: 0, posterId: owner.user.id, content: 'see attached', createdAt: CREATED }),
    );
    const release = await server.request(`${repoPath}/releases`, { method: 'POST', ...as(owner), body: { tag_name: `v6-${issue.index}` } });
    expect(release.status).toBe(201);
    return [
      { label: 'issue', assets: `${repoPath}/issues/${issue.index}/assets` },
      { label: 'comment', assets: `${repoPath}/issues/comments/${comment.id}/assets` },
      { label: 'release', assets: `${repoPath}/releases/${release.body.id}/assets` },
    ];
  }

  /** Where an actions job uploads a block of a new artifact (a signed URL from the artifact protocol). */
  async function artifactBlockPath(): Promise<string> {
    const run = await server.request(`/repos/${owner.name}/${repo.name}/actions/runs`, {
      method: 'POST',
      ...as(owner),
      body: { name: 'finding-6', event: 'push' },
    });
    expect(run.status).toBe(201);
    const created = await fetch(`${run.body.results_url}twirp/github.actions.results.api.v1.ArtifactService/CreateArtifact`, {
      method: 'POST',
      headers: { authorization: `Bearer ${run.body.runtime_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ workflow_run_backend_id: String(run.body.id), name: 'stalled', version: 4 }),
    });
    expect(created.status).toBe(200);
    const url = new URL(((await created.json()) as { signed_upload_url: string }).signed_upload_url);
    return `${url.pathname}${url.search}&comp=block&blockid=YmxvY2stMQ==`;
  }

  /** Opens a connection and writes a request head and the first bytes of its body. */
  async function startRequest(
    method: string,
    path: string,
    headers: Record<string, string | number>,
    firstBytes: string | Buffer,
  ): Promise<RawConnection> {
    const connection = await RawConnection.open(server.url);
    await connection.write(requestHead(method, path, headers));
    if (firstBytes.length > 0) await connection.write(firstBytes);
    return connection;
  }

  const multipartHeaders = (length: number) => ({
    authorization: `token ${owner.token}`,
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    'content-length': length,
  });

  it('finding 6: a multipart body without its closing boundary is answered 400 at once', async () => {
    const fileHead = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachment"; filename="notes.txt"\r\n`;
    const truncated: Record<string, string> = {
      'in the file': multipartBody('hello', { closed: false }).toString(),
      'after the file': multipartBody('hello\r\n', { closed: false }).toString(),
      'after the next delimiter': multipartBody(`hello\r\n--${BOUNDARY}\r\n`, { closed: false }).toString(),
      'before the closing dashes': multipartBody(`hello\r\n--${BOUNDARY}`, { closed: false }).toString(),
      'in the part headers': fileHead,
      'after the first delimiter': `--${BOUNDARY}\r\n`,
    };
    const before = await traces();
    const targets = await uploadTargets();
    for (const target of targets) {
      for (const [where, body] of Object.entries(truncated)) {
        const connection = await startRequest('POST', `/api/v1${target.assets}`, multipartHeaders(Buffer.byteLength(body)), body);
        const answer = await connection.exchange(5000);
        expect({ target: target.label, where, status: answer.status, body: answer.json }).toEqual({
          target: target.label,
          where,
          status: 400,
          body: { message: 'the multipart body ended before its closing boundary', url: `${server.url}api/swagger` },
        });
        expect(answer.answeredAfterMs).toBeLessThan(1000);
      }
    }
    expect(await traces()).toEqual(before);

    // The same bytes with the closing boundary are a good upload: the test sends what it means to.
    for (const target of targets) {
      const body = multipartBody('hello', { closed: true });
      const connection = await startRequest('POST', `/api/v1${target.assets}`, multipartHeaders(body.length), body);
      expect((await connection.exchange(5000)).status).toBe(201);
      const listed = await server.request(target.assets, as(owner));
      expect(listed.body.map((a: any) => [a.name, a.size])).toEqual([['notes.txt', 5]]);
    }
  });

  it(`finding 6: a body that stalls gets 408 after [server] READ_IDLE_TIMEOUT`, async () => {
    const [issueTarget] = await uploadTargets();
    const oid = 'a'.repeat(64);
    const artifactBlock = await artifactBlockPath();
    const partialFile = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachment"; filename="big.bin"\r\n\r\n${'x'.repeat(1000)}`;
    const stalled: { label: string; method: string; path: string; headers: Record<string, string | number>; first: string }[] = [
      {
        label: 'attachment upload',
        method: 'POST',
        path: `/api/v1${issueTarget.assets}`,
        headers: multipartHeaders(100_000),
        first: partialFile,
      },
      {
        label: 'JSON API body',
        method: 'POST',
        path: `/api/v1/repos/${owner.name}/${repo.name}/issues`,
        headers: { authorization: `token ${owner.token}`, 'content-type': 'application/json', 'content-length': 1000 },
        first: '{"title": "unfinished',
      },
      {
        label: 'generic package',
        method: 'PUT',
        path: `/api/packages/${owner.name}/generic/stalled/1.0.0/file.bin`,
        headers: { authorization: `token ${owner.token}`, 'content-type': 'application/octet-stream', 'content-length': 100_000 },
        first: 'x'.repeat(1000),
      },
      {
        label: 'npm publish',
        method: 'PUT',
        path: `/api/packages/${owner.name}/npm/stalled`,
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json', 'content-length': 100_000 },
        first: '{"name": "stalled", "versions": {',
      },
      {
        label: 'LFS object',
        method: 'PUT',
        path: `/${owner.name}/${repo.name}.git/info/lfs/objects/${oid}`,
        headers: { authorization: basic(owner), 'content-type': 'application/octet-stream', 'content-length': 100_000 },
        first: 'x'.repeat(1000),
      },
      {
        label: 'git push',
        method: 'POST',
        path: `/${owner.name}/${repo.name}.git/git-receive-pack`,
        headers: { authorization: basic(owner), 'content-type': 'application/x-git-receive-pack-request', 'content-length': 100_000 },
        first: '0098',
      },
      {
        label: 'artifact block',
        method: 'PUT',
        path: artifactBlock,
        headers: { 'content-type': 'application/octet-stream', 'content-length': 100_000 },
        first: 'x'.repeat(1000),
      },
      // Headers complete, not one byte of the body.
      {
        label: 'body never started',
        method: 'PUT',
        path: `/api/packages/${owner.name}/generic/stalled/1.0.0/empty.bin`,
        headers: { authorization: `token ${owner.token}`, 'content-type': 'application/octet-stream', 'content-length': 10 },
        first: '',
      },
    ];
    const before = await traces();
    const answers = await Promise.all(
      stalled.map(async (request) => {
        const connection = await startRequest(request.method, request.path, request.headers, request.first);
        return { label: request.label, ...(await connection.exchange(6000, { untilClosed: true })) };
      }),
    );
    for (const answer of answers) {
      expect({ label: answer.label, status: answer.status, body: answer.json }).toEqual({
        label: answer.label,
        status: 408,
        body: { message: 'no part of the request body arrived for 1s ([server] READ_IDLE_TIMEOUT)', url: `${server.url}api/swagger` },
      });
      expect(answer.text).toMatch(/\r\nconnection: close\r\n/i);
      expect(answer.answeredAfterMs).toBeGreaterThanOrEqual(900);
      expect(answer.answeredAfterMs).toBeLessThan(5000);
      expect(answer.closedAfterMs).toBeLessThan(5000);
    }
    // The cut uploads left nothing: no usage, no unfinished file, no issue, no package.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await traces()).toEqual(before);
    expect(
      (await server.request(`/repos/${owner.name}/${repo.name}/issues?type=issues&state=all`, as(owner))).body.map((i: any) => i.title),
    ).not.toContain('unfinished');
    expect((await server.request(`/packages/${owner.name}`, as(owner))).body).toEqual([]);
  });

  it('finding 6: a body that keeps arriving slowly is not cut, however long it takes in all', async () => {
    const [target] = await uploadTargets();
    const body = multipartBody('s'.repeat(10), { closed: true });
    const connection = await startRequest('POST', `/api/v1${target.assets}`, multipartHeaders(body.length), '');
    // One byte every 100 ms: several times READ_IDLE_TIMEOUT in all, never a pause as long as it.
    const started = Date.now();
    for (let offset = 0; offset < body.length; offset += 8) {
      await connection.write(body.subarray(offset, offset + 8));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(Date.now() - started).toBeGreaterThan(2000);
    const answer = await connection.exchange(5000);
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ name: 'notes.txt', size: 10 });
  });

  it('finding 6: a client that sends headers slowly is cut off after [server] READ_HEADER_TIMEOUT', async () => {
    // A byte every 200 ms: traffic that never goes quiet, but headers that never end.
    const slow = await RawConnection.open(server.url);
    await slow.write('GET /api/v1/version HTTP/1.1\r\nhost: localhost\r\n');
    const sending = (async () => {
      for (let i = 0; i < 30; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        try {
          await slow.write('x');
        } catch {
          return i;
        }
      }
      return 30;
    })();
    const silent = await RawConnection.open(server.url);
    const [slowAnswer, silentAnswer] = await Promise.all([
      slow.exchange(6000, { untilClosed: true }),
      silent.exchange(6000, { untilClosed: true }),
    ]);
    expect(await sending).toBeLessThan(30);
    for (const answer of [slowAnswer, silentAnswer]) {
      expect({ status: answer.status, body: answer.json }).toEqual({
        status: 408,
        body: { message: 'the request headers did not arrive within 1s ([server] READ_HEADER_TIMEOUT)', url: `${server.url}api/swagger` },
      });
      expect(answer.closedAfterMs).toBeDefined();
    }
    // Connections are cut within the timeout and the server's check interval, not 60 s later.
    expect(silentAnswer.closedAfterMs!).toBeLessThan(3000);
  });
});
