import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { credentialUrl, GitClient } from '../support/git-client';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Git's objects through the API (issue 13): every answer is compared with what
 * the real git client says about the same objects in a clone.
 */
describe('git data', () => {
  let server: TestServer;
  let git: GitClient;
  let owner: TestUser;
  let stranger: TestUser;
  let repo: string;
  let work: string;
  let big: Buffer;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const api = (rest: string, name = repo) => `/repos/${owner.name}/${name}${rest}`;
  const get = (path: string, user = owner) => server.request(api(path), as(user));
  const inClone = async (...args: string[]) => (await git.ok(args, work)).trim();

  beforeAll(async () => {
    server = await startTestServer();
    git = await GitClient.create();
    owner = await createTestUser(server);
    stranger = await createTestUser(server);
    repo = `gitdata-${Date.now().toString(36)}`;
    expect(
      (await server.request('/user/repos', { method: 'POST', ...as(owner), body: { name: repo, private: true, auto_init: true } })).status,
    ).toBe(201);
    const remote = credentialUrl(server.url, `${owner.name}/${repo}.git`, owner.name, owner.token);
    work = git.folder('work');
    await git.ok(['clone', '--quiet', remote, '.'], work);
    mkdirSync(join(work, 'docs/deep'), { recursive: true });
    writeFileSync(join(work, 'docs/guide.md'), 'guide\n');
    writeFileSync(join(work, 'docs/deep/note.txt'), 'deep\n');
    big = randomBytes(300_001);
    writeFileSync(join(work, 'big.bin'), big);
    await git.ok(['add', '-A'], work);
    await git.ok(['commit', '--quiet', '-m', 'Add docs and a big file'], work);
    await git.ok(['tag', '-a', 'v1', '-m', 'Version one'], work);
    await git.ok(['push', '--quiet', '--follow-tags', 'origin', 'HEAD:main'], work);
  }, 60_000);

  afterAll(async () => {
    git?.remove();
    await server?.close();
  });

  it('GetTree lists a tree as git ls-tree does, recursive and paged, by tree id, commit or ref', async () => {
    const top = await get('/git/trees/main');
    expect(top.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/git/trees/{sha}', 200, top.body);
    expect(top.body.sha).toBe(await inClone('rev-parse', 'HEAD^{tree}'));
    expect(top.body.tree.map((e: { path: string }) => e.path)).toEqual((await inClone('ls-tree', '--name-only', 'HEAD')).split('\n'));
    const bigEntry = top.body.tree.find((e: { path: string }) => e.path === 'big.bin');
    expect(bigEntry).toMatchObject({ type: 'blob', mode: '100644', size: big.length, sha: await inClone('rev-parse', 'HEAD:big.bin') });
    expect((await get(`/git/trees/${top.body.sha}`)).body.tree).toEqual(top.body.tree);

    const all = await get('/git/trees/main?recursive=true');
    const expected = (await inClone('ls-tree', '-r', '-t', '--name-only', 'HEAD')).split('\n');
    expect(all.body.tree.map((e: { path: string }) => e.path)).toEqual(expected);
    expect(all.body).toMatchObject({ total_count: expected.length, truncated: false, page: 1 });

    const page2 = await get('/git/trees/main?recursive=1&per_page=2&page=2');
    expect(page2.body.tree.map((e: { path: string }) => e.path)).toEqual(expected.slice(2, 4));
    expect(page2.body).toMatchObject({ truncated: expected.length > 4, page: 2, total_count: expected.length });
  });

  it('GetBlob answers the bytes base64-encoded, streamed, equal to git cat-file', async () => {
    const sha = await inClone('rev-parse', 'HEAD:big.bin');
    const res = await get(`/git/blobs/${sha}`);
    expect(res.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/git/blobs/{sha}', 200, res.body);
    expect(res.body).toMatchObject({ sha, size: big.length, encoding: 'base64' });
    expect(Buffer.from(res.body.content, 'base64').equals(big)).toBe(true);
    const small = await get(`/git/blobs/${await inClone('rev-parse', 'HEAD:docs/guide.md')}`);
    expect(Buffer.from(small.body.content, 'base64').toString()).toBe('guide\n');
  });

  it('GetAnnotatedTag answers the tag object as git cat-file shows it', async () => {
    const sha = await inClone('rev-parse', 'v1');
    const res = await get(`/git/tags/${sha}`);
    expect(res.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/git/tags/{sha}', 200, res.body);
    expect(res.body).toMatchObject({
      tag: 'v1',
      sha,
      message: 'Version one\n',
      tagger: { name: 'Test User', email: 'test@example.com' },
      object: { type: 'commit', sha: await inClone('rev-parse', 'HEAD') },
    });
    expect(res.body.tagger.date).toBe(await inClone('for-each-ref', '--format=%(taggerdate:iso-strict)', 'refs/tags/v1'));
  });

  it('lists refs as git ls-remote sees them, all or by prefix', async () => {
    const all = await get('/git/refs');
    expect(all.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/git/refs', 200, all.body);
    const remote = (await inClone('ls-remote', 'origin'))
      .split('\n')
      .map((line) => line.split('\t'))
      .filter(([, ref]) => ref.startsWith('refs/') && !ref.endsWith('^{}'));
    expect(all.body.map((r: { ref: string; object: { sha: string } }) => [r.object.sha, r.ref])).toEqual(remote);
    expect(all.body.find((r: { ref: string }) => r.ref === 'refs/tags/v1').object.type).toBe('tag');

    const heads = await get('/git/refs/heads');
    expectForgejoShape('GET', '/repos/{owner}/{repo}/git/refs/{ref}', 200, heads.body);
    expect(heads.body.map((r: { ref: string }) => r.ref)).toEqual(['refs/heads/main']);
    expect((await get('/git/refs/heads/nope')).status).toBe(404);
  });

  it('downloads a commit as a diff and as a patch, as git prints them', async () => {
    const diff = await get('/git/commits/main.diff');
    expect(diff.status).toBe(200);
    expect(diff.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(diff.text.trim()).toBe(await inClone('diff', '-M', 'HEAD~1', 'HEAD'));
    const sha = await inClone('rev-parse', 'HEAD');
    const patch = await get(`/git/commits/${sha}.patch`);
    expect(patch.status).toBe(200);
    expect(patch.text).toContain(`From ${sha} `);
    expect(patch.text).toContain('Subject: [PATCH] Add docs and a big file');
    expect(patch.text).toContain('+guide');
    const root = await inClone('rev-list', '--max-parents=0', 'HEAD');
    expect((await get(`/git/commits/${root}.diff`)).text).toContain('+++ b/README.md');
  });

  it('unknown or malformed objects are clear 4xx; a stranger sees none of it', async () => {
    const missing = 'f'.repeat(40);
    expect((await get(`/git/trees/${missing}`)).status).toBe(404);
    expect((await get(`/git/blobs/${missing}`)).status).toBe(404);
    expect((await get(`/git/tags/${missing}`)).status).toBe(404);
    expect((await get(`/git/commits/${missing}.diff`)).status).toBe(404);
    expect((await get(`/git/blobs/${await inClone('rev-parse', 'HEAD')}`)).status).toBe(404); // a commit, not a blob
    expect((await get('/git/blobs/main')).status).toBe(422);
    expect((await get('/git/tags/xyz')).status).toBe(422);
    expect((await get('/git/trees/a..b')).status).toBe(422);
    expect((await get('/git/trees/main?per_page=zero')).status).toBe(422);
    for (const path of [
      '/git/trees/main',
      '/git/refs',
      '/git/refs/heads',
      '/git/commits/main.diff',
      `/git/tags/${await inClone('rev-parse', 'v1')}`,
    ]) {
      expect({ path, status: (await get(path, stranger)).status }).toEqual({ path, status: 404 });
    }
  });

  it('repoGetLanguages counts the bytes of each language on the default branch, as linguist sorts files', async () => {
    mkdirSync(join(work, 'src'), { recursive: true });
    mkdirSync(join(work, 'vendor'), { recursive: true });
    writeFileSync(join(work, 'src/app.ts'), 'export const answer = 42;\n'.repeat(10));
    writeFileSync(join(work, 'src/tool.go'), 'package main\n');
    writeFileSync(join(work, 'vendor/lib.go'), 'package lib\n'.repeat(100));
    await git.ok(['add', '-A'], work);
    await git.ok(['commit', '--quiet', '-m', 'Some code'], work);
    await git.ok(['push', '--quiet', 'origin', 'HEAD:main'], work);

    const res = await get('/languages');
    expect(res.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/languages', 200, res.body);
    expect(res.body).toEqual({ TypeScript: 260, Go: 13 });
    expect((await get('/languages', stranger)).status).toBe(404);

    const empty = `gitdata-empty-${Date.now().toString(36)}`;
    await server.request('/user/repos', { method: 'POST', ...as(owner), body: { name: empty } });
    expect((await server.request(api('/languages', empty), as(owner))).body).toEqual({});
  });
});
