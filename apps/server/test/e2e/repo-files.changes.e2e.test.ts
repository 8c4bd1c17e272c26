import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GitRepositories, measureSize } from '@bellows/git';
import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { credentialUrl, GitClient } from '../support/git-client';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

jest.setTimeout(120_000);

/**
 * The contents API's writes beyond one file (several files in one commit, a
 * deletion, a patch), the LFS-aware `media` download and the API form of source
 * archives, checked as a user would: with the real git client cloning what the
 * API committed, and the repository's stored git size equal to a fresh measure.
 */
describe('repository files: batch changes, deletion, patches, media and archives', () => {
  let server: TestServer;
  let git: GitClient;
  let owner: TestUser;
  let reader: TestUser;
  let repo: RepositoryEntity;
  let secret: RepositoryEntity;
  const api = (r: RepositoryEntity, rest: string) => `/repos/${owner.name}/${r.name}${rest}`;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');
  const bareOf = (r: RepositoryEntity) => server.app.get(GitRepositories, { strict: false }).pathFor(owner.name, r.name);
  const tipOf = async (r: RepositoryEntity, branch = 'main') =>
    (await server.request(api(r, `/branches/${branch}`), as(owner))).body.commit.id;
  const sha = async (r: RepositoryEntity, file: string, ref = 'main') =>
    (await server.request(api(r, `/contents/${file}?ref=${ref}`), as(owner))).body.sha as string;

  /** A fresh clone of the branch, to look at what the API committed as a user would. */
  const cloneOf = async (r: RepositoryEntity, branch = 'main') => {
    const dir = git.folder('clone');
    await git.ok(
      ['clone', '--quiet', '--branch', branch, credentialUrl(server.url, `${owner.name}/${r.name}.git`, owner.name, owner.token), '.'],
      dir,
    );
    return dir;
  };
  const expectSizeMeasured = async (r: RepositoryEntity) => {
    expect((await server.db.repositories.findById(r.id))!.gitSize).toBe(await measureSize(bareOf(r)));
    expect(await server.db.quotaRecount.differences(owner.user.id)).toEqual([]);
  };

  beforeAll(async () => {
    server = await startTestServer();
    git = await GitClient.create();
    owner = await createTestUser(server);
    reader = await createTestUser(server);
    repo = await createTestRepository(server, owner.user, { autoInit: true });
    secret = await createTestRepository(server, owner.user, { isPrivate: true, autoInit: true });
    for (const [file, text] of [
      ['keep.txt', 'keep\n'],
      ['old.txt', 'old\n'],
      ['gone.txt', 'gone\n'],
      ['lib/code.ts', 'export const a = 1;\n'],
    ]) {
      const res = await server.request(api(repo, `/contents/${file}`), { ...as(owner), method: 'POST', body: { content: b64(text) } });
      expect(res.status).toBe(201);
    }
  });

  afterAll(async () => {
    git?.remove();
    await server?.close();
  });

  describe('POST /contents (several files, one commit)', () => {
    it('creates, updates, moves and deletes in one commit that git sees, and the size is measured again', async () => {
      const before = await tipOf(repo);
      const res = await server.request(api(repo, '/contents'), {
        ...as(owner),
        method: 'POST',
        body: {
          message: 'reorganise',
          files: [
            { operation: 'create', path: 'docs/new.md', content: b64('# new\n') },
            { operation: 'update', path: 'keep.txt', content: b64('kept and changed\n'), sha: await sha(repo, 'keep.txt') },
            { operation: 'update', path: 'moved.txt', from_path: 'old.txt', content: b64('old, moved\n'), sha: await sha(repo, 'old.txt') },
            { operation: 'delete', path: 'gone.txt', sha: await sha(repo, 'gone.txt') },
          ],
        },
      });
      expect(res.status).toBe(201);
      expectForgejoShape('POST', '/repos/{owner}/{repo}/contents', 201, { ...res.body, files: res.body.files.filter(Boolean) });
      expect(res.body.files.map((f: any) => f?.path ?? null)).toEqual(['docs/new.md', 'keep.txt', 'moved.txt', null]);
      expect(res.body.commit.parents.map((p: any) => p.sha)).toEqual([before]);
      expect(res.body.commit.message).toBe('reorganise\n');

      const clone = await cloneOf(repo);
      expect(readFileSync(join(clone, 'docs/new.md'), 'utf8')).toBe('# new\n');
      expect(readFileSync(join(clone, 'keep.txt'), 'utf8')).toBe('kept and changed\n');
      expect(readFileSync(join(clone, 'moved.txt'), 'utf8')).toBe('old, moved\n');
      const files = (await git.ok(['ls-files'], clone)).split('\n').filter(Boolean);
      expect(files).not.toContain('old.txt');
      expect(files).not.toContain('gone.txt');
      expect((await git.ok(['rev-list', '--count', `${before}..HEAD`], clone)).trim()).toBe('1');
      await expectSizeMeasured(repo);
    });

    it('names the files in the default message, as Forgejo does', async () => {
      const res = await server.request(api(repo, '/contents'), {
        ...as(owner),
        method: 'POST',
        body: {
          files: [
            { operation: 'create', path: 'a.txt', content: b64('a') },
            { operation: 'create', path: 'b.txt', content: b64('b') },
          ],
        },
      });
      expect(res.status).toBe(201);
      expect(res.body.commit.message).toBe('Add a.txt, b.txt\n');
    });

    it('commits onto a new branch and leaves the base alone', async () => {
      const base = await tipOf(repo);
      const res = await server.request(api(repo, '/contents'), {
        ...as(owner),
        method: 'POST',
        body: { new_branch: 'batch-topic', files: [{ operation: 'create', path: 'topic.txt', content: b64('topic\n') }] },
      });
      expect(res.status).toBe(201);
      expect(await tipOf(repo)).toBe(base);
      expect(readFileSync(join(await cloneOf(repo, 'batch-topic'), 'topic.txt'), 'utf8')).toBe('topic\n');
    });

    it('refuses a batch with any mistake with a 4xx naming it, and changes nothing', async () => {
      const tip = await tipOf(repo);
      const keepSha = await sha(repo, 'keep.txt');
      const cases: [unknown, number, RegExp][] = [
        [
          [
            { operation: 'create', path: 'fresh.txt', content: b64('x') },
            { operation: 'update', path: 'keep.txt', content: b64('y'), sha: 'f'.repeat(40) },
          ],
          422,
          /sha does not match/,
        ],
        [[{ operation: 'create', path: 'keep.txt', content: b64('x') }], 422, /already exists/],
        [[{ operation: 'update', path: 'nothing.txt', content: b64('x'), sha: keepSha }], 404, /does not exist/],
        [[{ operation: 'delete', path: 'keep.txt' }], 422, /sha/],
        [
          [
            { operation: 'create', path: 'twice.txt', content: b64('1') },
            { operation: 'create', path: 'twice.txt', content: b64('2') },
          ],
          422,
          /twice/,
        ],
        [[{ operation: 'create', path: 'no-content.txt' }], 422, /content/],
        [[{ operation: 'rename', path: 'keep.txt' }], 422, /operation/],
        [[{ operation: 'create', path: '.git/config', content: b64('x') }], 422, /path/],
        [[], 422, /at least one/],
      ];
      for (const [files, status, message] of cases) {
        const res = await server.request(api(repo, '/contents'), { ...as(owner), method: 'POST', body: { files } });
        expect([res.status, res.body.message]).toEqual([status, expect.stringMatching(message)]);
      }
      expect(await tipOf(repo)).toBe(tip);
      expect((await server.request(api(repo, '/contents/fresh.txt'), as(owner))).status).toBe(404);
    });
  });

  describe('DELETE /contents/{filepath}', () => {
    it('deletes a file with a commit (200, content null); git no longer has it', async () => {
      await server.request(api(repo, '/contents/doomed.txt'), { ...as(owner), method: 'POST', body: { content: b64('doomed\n') } });
      const res = await server.request(api(repo, '/contents/doomed.txt'), {
        ...as(owner),
        method: 'DELETE',
        body: { sha: await sha(repo, 'doomed.txt'), message: 'drop doomed' },
      });
      expect(res.status).toBe(200);
      expectForgejoShape('DELETE', '/repos/{owner}/{repo}/contents/{filepath}', 200, res.body);
      expect(res.body.content).toBeNull();
      expect(res.body.commit.message).toBe('drop doomed\n');
      const files = await git.ok(['ls-files'], await cloneOf(repo));
      expect(files).not.toMatch(/doomed\.txt/);
      await expectSizeMeasured(repo);
    });

    it('answers a stale sha with 400, a missing file or branch with 404, and changes nothing', async () => {
      const tip = await tipOf(repo);
      const stale = await server.request(api(repo, '/contents/keep.txt'), {
        ...as(owner),
        method: 'DELETE',
        body: { sha: 'f'.repeat(40) },
      });
      expect([stale.status, stale.body.message]).toEqual([400, expect.stringMatching(/sha does not match/)]);
      const missing = await server.request(api(repo, '/contents/never.txt'), {
        ...as(owner),
        method: 'DELETE',
        body: { sha: 'f'.repeat(40) },
      });
      expect(missing.status).toBe(404);
      const noBranch = await server.request(api(repo, '/contents/keep.txt'), {
        ...as(owner),
        method: 'DELETE',
        body: { sha: await sha(repo, 'keep.txt'), branch: 'nope' },
      });
      expect(noBranch.status).toBe(404);
      const noSha = await server.request(api(repo, '/contents/keep.txt'), { ...as(owner), method: 'DELETE', body: {} });
      expect([noSha.status, noSha.body.message]).toEqual([422, expect.stringMatching(/sha/)]);
      expect(await tipOf(repo)).toBe(tip);
    });
  });

  describe('POST /diffpatch', () => {
    it('applies a patch made by git diff with one commit', async () => {
      const work = await cloneOf(repo);
      writeFileSync(join(work, 'keep.txt'), 'patched line\n');
      writeFileSync(join(work, 'added-by-patch.txt'), 'new from a patch\n');
      await git.ok(['add', '-N', 'added-by-patch.txt'], work);
      const patch = await git.ok(['diff'], work);
      const before = await tipOf(repo);

      const res = await server.request(api(repo, '/diffpatch'), {
        ...as(owner),
        method: 'POST',
        body: { content: patch, message: 'patch it' },
      });
      expect(res.status).toBe(200);
      expectForgejoShape('POST', '/repos/{owner}/{repo}/diffpatch', 200, res.body);
      expect(res.body.commit.parents.map((p: any) => p.sha)).toEqual([before]);
      const clone = await cloneOf(repo);
      expect(readFileSync(join(clone, 'keep.txt'), 'utf8')).toBe('patched line\n');
      expect(readFileSync(join(clone, 'added-by-patch.txt'), 'utf8')).toBe('new from a patch\n');
      await expectSizeMeasured(repo);
    });

    it('refuses a patch that does not apply with 422 and git’s reason, and changes nothing', async () => {
      const tip = await tipOf(repo);
      const patch = [
        'diff --git a/keep.txt b/keep.txt',
        '--- a/keep.txt',
        '+++ b/keep.txt',
        '@@ -1 +1 @@',
        '-not what is there',
        '+whatever',
        '',
      ].join('\n');
      const res = await server.request(api(repo, '/diffpatch'), { ...as(owner), method: 'POST', body: { content: patch } });
      expect([res.status, res.body.message]).toEqual([422, expect.stringMatching(/does not apply/)]);
      const garbage = await server.request(api(repo, '/diffpatch'), { ...as(owner), method: 'POST', body: { content: 'no patch at all' } });
      expect(garbage.status).toBe(422);
      expect(await tipOf(repo)).toBe(tip);
    });
  });

  describe('GET /media/{filepath}', () => {
    it('answers the LFS object for a pointer, the blob for an ordinary file, where raw gives the pointer', async () => {
      const binary = randomBytes(300 * 1024);
      const work = await cloneOf(repo);
      await git.ok(['config', 'lfs.locksverify', 'false'], work);
      await git.ok(['lfs', 'track', '*.bin'], work);
      writeFileSync(join(work, 'asset.bin'), binary);
      await git.ok(['add', '.gitattributes', 'asset.bin'], work);
      await git.ok(['commit', '--quiet', '-m', 'an LFS asset'], work);
      await git.ok(['push', '--quiet', 'origin', 'HEAD:main'], work);

      const media = await fetch(`${server.apiUrl}${api(repo, '/media/asset.bin')}`, { headers: { authorization: `token ${owner.token}` } });
      expect(media.status).toBe(200);
      const body = Buffer.from(await media.arrayBuffer());
      expect(createHash('sha256').update(body).digest('hex')).toBe(createHash('sha256').update(binary).digest('hex'));
      expect(media.headers.get('content-length')).toBe(String(binary.length));

      const raw = await fetch(`${server.apiUrl}${api(repo, '/raw/asset.bin')}`, { headers: { authorization: `token ${owner.token}` } });
      expect(await raw.text()).toMatch(/^version https:\/\/git-lfs\.github\.com\/spec\/v1\noid sha256:/);

      const plain = await fetch(`${server.apiUrl}${api(repo, '/media/keep.txt')}`, { headers: { authorization: `token ${owner.token}` } });
      expect([plain.status, await plain.text()]).toEqual([200, 'patched line\n']);
      expect((await server.request(api(repo, '/media/missing.bin'), as(owner))).status).toBe(404);
    });
  });

  describe('GET /archive/{archive} (API)', () => {
    it('streams a tar.gz and a zip of a branch that hold its files', async () => {
      const res = await fetch(`${server.apiUrl}${api(repo, '/archive/main.tar.gz')}`, {
        headers: { authorization: `token ${owner.token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/gzip');
      const listing = execFileSync('tar', ['-tzf', '-'], { input: Buffer.from(await res.arrayBuffer()) }).toString();
      expect(listing).toMatch(new RegExp(`^${repo.name}/keep\\.txt$`, 'm'));

      const zip = await fetch(`${server.apiUrl}${api(repo, '/archive/main.zip')}`, { headers: { authorization: `token ${owner.token}` } });
      expect([zip.status, zip.headers.get('content-type')]).toEqual([200, 'application/zip']);
      expect(
        Buffer.from(await zip.arrayBuffer())
          .subarray(0, 2)
          .toString(),
      ).toBe('PK');

      expect((await server.request(api(repo, '/archive/main.rar'), as(owner))).status).toBe(404);
      expect((await server.request(api(repo, '/archive/nope.zip'), as(owner))).status).toBe(404);
    });
  });

  describe('permissions', () => {
    it('refuses writes to readers (403) and hides a private repository (404) on every new route', async () => {
      const keepSha = await sha(repo, 'keep.txt');
      const writes: [string, string, unknown][] = [
        ['POST', '/contents', { files: [{ operation: 'create', path: 'r.txt', content: b64('r') }] }],
        ['DELETE', '/contents/keep.txt', { sha: keepSha }],
        ['POST', '/diffpatch', { content: 'diff --git a/x b/x\n' }],
      ];
      for (const [method, rest, body] of writes) {
        expect((await server.request(api(repo, rest), { ...as(reader), method, body })).status).toBe(403);
        expect((await server.request(api(secret, rest), { ...as(reader), method, body })).status).toBe(404);
        expect((await server.request(api(repo, rest), { method, body })).status).toBe(401);
      }
      for (const rest of ['/media/README.md', '/archive/main.zip']) {
        expect((await server.request(api(secret, rest), as(reader))).status).toBe(404);
        expect((await server.request(api(secret, rest))).status).toBe(404);
        expect((await server.request(api(secret, rest), as(owner))).status).toBe(200);
      }
    });
  });
});
