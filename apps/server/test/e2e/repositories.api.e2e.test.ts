import { execFileSync } from 'child_process';
import { existsSync, mkdtempSync, readFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { GitRepositories } from '@bellows/git';
import { createTestUser, TestUser } from '../support/fixtures';
import { startTestServer, TestServer } from '../support/test-server';

describe('repositories API', () => {
  let server: TestServer;
  let ada: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  let disk: GitRepositories;
  const as = (who: TestUser) => ({ auth: { token: who.token } });
  const create = (who: TestUser, body: object) => server.request('/user/repos', { method: 'POST', ...as(who), body });
  const usedRepos = async (who: TestUser) => (await server.request('/user/quota', as(who))).body.used.size.repos;

  beforeAll(async () => {
    server = await startTestServer();
    ada = await createTestUser(server, { name: 'ada' });
    bob = await createTestUser(server, { name: 'bob' });
    admin = await createTestUser(server, { admin: true });
    disk = new GitRepositories(server.config.repository.root);
  });
  afterAll(async () => server?.close());

  it('creates a repository with a first commit that git can clone, and counts its size for the owner', async () => {
    const res = await create(ada, { name: 'Hello', description: 'Says hello', auto_init: true });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Hello',
      full_name: 'ada/Hello',
      description: 'Says hello',
      private: false,
      empty: false,
      default_branch: 'main',
      owner: expect.objectContaining({ login: 'ada' }),
      permissions: { admin: true, push: true, pull: true },
      clone_url: `${server.url}ada/Hello.git`,
      html_url: `${server.url}ada/Hello`,
    });
    const row = await server.db.repositories.findByOwnerAndName(ada.user.id, 'hello');
    expect(row!.gitSize).toBeGreaterThan(0);
    expect(res.body.size).toBe(Math.floor(row!.gitSize / 1024));
    expect((await usedRepos(ada)).public).toBe(row!.gitSize);

    const clone = join(mkdtempSync(join(tmpdir(), 'bellows-clone-')), 'hello');
    execFileSync('git', ['clone', '--quiet', disk.pathFor('ada', 'Hello'), clone]);
    expect(readFileSync(join(clone, 'README.md'), 'utf8')).toBe('# Hello\n\nSays hello\n');
    expect(execFileSync('git', ['-C', clone, 'branch', '--show-current']).toString().trim()).toBe('main');
  });

  it('creates an empty repository without auto_init, on the default branch asked for', async () => {
    const res = await create(ada, { name: 'blank', default_branch: 'trunk' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ empty: true, size: 0, default_branch: 'trunk' });
    expect(existsSync(disk.pathFor('ada', 'blank'))).toBe(true);
  });

  it('refuses invalid and reserved names with 422 and a taken name (any case) with 409, leaving nothing behind', async () => {
    for (const name of ['.', '..', '-', 'x.git', 'x.wiki', 'a b', '-lead', 'a..b', 'ü']) {
      const res = await create(ada, { name });
      expect([res.status, name]).toEqual([422, name]);
      expect(res.body.message).toContain('name');
    }
    expect((await create(ada, { name: 'hello' })).status).toBe(409);
    expect((await create(ada, { name: 'bad-branch', default_branch: 'a..b' })).status).toBe(422);
    expect(await server.db.repositories.findByOwnerAndName(ada.user.id, 'bad-branch')).toBeNull();
    expect(existsSync(disk.pathFor('ada', 'bad-branch'))).toBe(false);
  });

  it('hides a private repository from other users and anonymous callers with 404', async () => {
    expect((await create(ada, { name: 'secret', private: true, auto_init: true })).status).toBe(201);
    expect((await server.request('/repos/ada/secret', as(ada))).body.private).toBe(true);
    expect((await server.request('/repos/ada/secret', as(admin))).status).toBe(200);
    expect((await server.request('/repos/ada/secret', as(bob))).status).toBe(404);
    expect((await server.request('/repos/ada/secret')).status).toBe(404);
    expect((await server.request('/repos/ada/secret', { method: 'DELETE', ...as(bob) })).status).toBe(404);
    expect((await server.request('/repos/ada/hello')).status).toBe(200);

    const seenByBob = (await server.request('/users/ada/repos', as(bob))).body.map((r: { name: string }) => r.name);
    expect(seenByBob).toContain('Hello');
    expect(seenByBob).not.toContain('secret');
    const searchedAnonymously = await server.request('/repos/search?q=sec');
    expect(searchedAnonymously.body).toEqual({ ok: true, data: [] });
    const searchedByAda = await server.request('/repos/search?q=sec', as(ada));
    expect(searchedByAda.body.data.map((r: { full_name: string }) => r.full_name)).toEqual(['ada/secret']);
    expect(searchedByAda.headers.get('x-total-count')).toBe('1');
  });

  it('orders /user/repos and /repos/search by size, smallest or largest first', async () => {
    const owner = await createTestUser(server);
    await create(owner, { name: 'none' });
    await create(owner, { name: 'small', auto_init: true });
    await create(owner, { name: 'large', auto_init: true, description: randomText(2000) });
    const names = (res: { body: { name: string }[] }) => res.body.map((r) => r.name);
    expect(names(await server.request('/user/repos?order_by=size', as(owner)))).toEqual(['none', 'small', 'large']);
    expect(names(await server.request('/user/repos?order_by=reversesize', as(owner)))).toEqual(['large', 'small', 'none']);
    const search = await server.request(`/repos/search?uid=${owner.user.id}&sort=size&order=desc`, as(owner));
    expect(search.body.data.map((r: { name: string }) => r.name)).toEqual(['large', 'small', 'none']);
    expect((await server.request('/user/repos?order_by=biggest', as(owner))).status).toBe(422);
    expect((await server.request('/repos/search?sort=weight')).status).toBe(422);
  });

  it('edits description, website, visibility (moving its bytes between buckets), default branch and name', async () => {
    await create(ada, { name: 'editable', auto_init: true });
    const bytes = (await server.db.repositories.findByOwnerAndName(ada.user.id, 'editable'))!.gitSize;
    const before = await usedRepos(ada);
    const edit = (body: object) => server.request('/repos/ada/editable', { method: 'PATCH', ...as(ada), body });

    const res = await edit({ description: 'new words', website: 'https://example.com', private: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ description: 'new words', website: 'https://example.com', private: true });
    expect(await usedRepos(ada)).toMatchObject({ public: before.public - bytes, private: before.private + bytes });

    expect((await edit({ default_branch: 'nope' })).status).toBe(422);
    expect((await server.request('/repos/ada/editable', { method: 'PATCH', ...as(bob), body: { description: 'x' } })).status).toBe(404);

    const renamed = await edit({ name: 'edited' });
    expect(renamed.body.full_name).toBe('ada/edited');
    expect(existsSync(disk.pathFor('ada', 'edited'))).toBe(true);
    expect(existsSync(disk.pathFor('ada', 'editable'))).toBe(false);
    expect((await server.request('/repos/ada/edited', { method: 'PATCH', ...as(ada), body: { name: 'Hello' } })).status).toBe(409);
  });

  it('deletes a repository: gone from the API and the disk, and its bytes leave the owner’s usage', async () => {
    await create(ada, { name: 'doomed', auto_init: true, private: true });
    const bytes = (await server.db.repositories.findByOwnerAndName(ada.user.id, 'doomed'))!.gitSize;
    const before = await usedRepos(ada);
    expect((await server.request('/repos/ada/doomed', { method: 'DELETE', ...as(ada) })).status).toBe(204);
    expect((await server.request('/repos/ada/doomed', as(ada))).status).toBe(404);
    expect(existsSync(disk.pathFor('ada', 'doomed'))).toBe(false);
    expect((await usedRepos(ada)).private).toBe(before.private - bytes);
  });

  it('lets a site admin create a repository for a user, and organization owners for their organization', async () => {
    const byAdmin = await server.request('/admin/users/bob/repos', { method: 'POST', ...as(admin), body: { name: 'gift' } });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.owner.login).toBe('bob');
    expect((await server.request('/admin/users/bob/repos', { method: 'POST', ...as(ada), body: { name: 'x' } })).status).toBe(403);
    expect((await server.request('/admin/users/nobody/repos', { method: 'POST', ...as(admin), body: { name: 'x' } })).status).toBe(404);

    await server.request('/orgs', { method: 'POST', ...as(ada), body: { username: 'ada-co' } });
    const inOrg = await server.request('/orgs/ada-co/repos', { method: 'POST', ...as(ada), body: { name: 'tool', auto_init: true } });
    expect(inOrg.status).toBe(201);
    expect(inOrg.body).toMatchObject({ full_name: 'ada-co/tool', permissions: { admin: true, push: true, pull: true } });
    expect((await server.request('/orgs/ada-co/repos', { method: 'POST', ...as(bob), body: { name: 'intruder' } })).status).toBe(403);
    expect((await server.request('/orgs/ada-co/repos')).body.map((r: { name: string }) => r.name)).toEqual(['tool']);
  });
});

function randomText(length: number): string {
  let text = '';
  while (text.length < length) text += Math.random().toString(36).slice(2);
  return text.slice(0, length);
}
