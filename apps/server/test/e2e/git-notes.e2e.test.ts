import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Git notes through the API: set (twice replaces), read by sha or branch,
 * remove; writers only, private repositories invisible, and names that are
 * not commits answered as Forgejo answers them.
 */
describe('git notes', () => {
  let server: TestServer;
  let ada: TestUser;
  let bo: TestUser;
  let head: string;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const notes = (repo: string, sha: string) => `/repos/${ada.name}/${repo}/git/notes/${sha}`;

  beforeAll(async () => {
    server = await startTestServer();
    ada = await createTestUser(server);
    bo = await createTestUser(server);
    for (const [name, isPrivate] of [
      ['noted', false],
      ['hidden', true],
    ] as const) {
      expect(
        (await server.request('/user/repos', { ...as(ada), method: 'POST', body: { name, auto_init: true, private: isPrivate } })).status,
      ).toBe(201);
    }
    head = (await server.request(`/repos/${ada.name}/noted/branches/main`, as(ada))).body.commit.id;
  });
  afterAll(async () => server?.close());

  it('sets, replaces, reads and removes the note on a commit', async () => {
    expect((await server.request(notes('noted', head))).status).toBe(404);
    const set = await server.request(notes('noted', head), { ...as(ada), method: 'POST', body: { message: 'Reviewed by Ada' } });
    expect(set.status).toBe(200);
    expectForgejoShape('POST', '/repos/{owner}/{repo}/git/notes/{sha}', 200, set.body);
    expect(set.body.message).toBe('Reviewed by Ada\n');
    const notesCommit = set.body.commit.sha;
    expect(notesCommit).not.toBe(head);
    expect(set.body.commit.commit.author.name).toBeTruthy();

    const replaced = await server.request(notes('noted', 'main'), { ...as(ada), method: 'POST', body: { message: 'Released in v1' } });
    expect(replaced.body.message).toBe('Released in v1\n');
    expect(replaced.body.commit.sha).not.toBe(notesCommit);
    const read = await server.request(notes('noted', head));
    expectForgejoShape('GET', '/repos/{owner}/{repo}/git/notes/{sha}', 200, read.body);
    expect([read.body.message, read.body.commit.sha]).toEqual(['Released in v1\n', replaced.body.commit.sha]);
    expect((await server.request(`${notes('noted', head)}?files=false`)).body.commit.files).toBeFalsy();

    expect((await server.request(notes('noted', head), { ...as(ada), method: 'DELETE' })).status).toBe(204);
    expect((await server.request(notes('noted', head))).status).toBe(404);
    expect((await server.request(notes('noted', head), { ...as(ada), method: 'DELETE' })).status).toBe(404);
  });

  it('answers 404 for an unknown commit, 422 for an invalid name or an empty message', async () => {
    expect((await server.request(notes('noted', '12345'))).status).toBe(404);
    expect((await server.request(notes('noted', 'bad..name'))).status).toBe(422);
    const empty = await server.request(notes('noted', head), { ...as(ada), method: 'POST', body: { message: '  ' } });
    expect([empty.status, empty.body.message]).toEqual([422, 'message must not be empty']);
    expect((await server.request(notes('noted', head))).status).toBe(404);
  });

  it('lets only writers change notes and keeps private repositories invisible', async () => {
    expect((await server.request(notes('noted', head), { ...as(bo), method: 'POST', body: { message: 'mine' } })).status).toBe(403);
    expect((await server.request(notes('noted', head), { method: 'POST', body: { message: 'anon' } })).status).toBe(401);
    const hiddenHead = (await server.request(`/repos/${ada.name}/hidden/branches/main`, as(ada))).body.commit.id;
    expect((await server.request(notes('hidden', hiddenHead), { ...as(ada), method: 'POST', body: { message: 'secret' } })).status).toBe(
      200,
    );
    expect((await server.request(notes('hidden', hiddenHead), as(bo))).status).toBe(404);
    expect((await server.request(notes('hidden', hiddenHead), { ...as(bo), method: 'DELETE' })).status).toBe(404);
    expect((await server.request(notes('hidden', hiddenHead), as(ada))).body.message).toBe('secret\n');
  });
});
