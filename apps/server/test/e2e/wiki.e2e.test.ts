import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/** The wiki API: pages in `{repo}.wiki.git`, created on the first write; its size is not tracked. */
describe('wiki', () => {
  let server: TestServer;
  let owner: TestUser;
  let outsider: TestUser;
  let repo: RepositoryEntity;
  let privateRepo: RepositoryEntity;
  const path = (r: RepositoryEntity, rest: string) => `/repos/${owner.name}/${r.name}/wiki${rest}`;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const text = (base64: string) => Buffer.from(base64, 'base64').toString();

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
    outsider = await createTestUser(server);
    repo = await createTestRepository(server, owner.user, { autoInit: true });
    privateRepo = await createTestRepository(server, owner.user, { isPrivate: true, autoInit: true });
  }, 30_000);

  afterAll(async () => {
    await server?.close();
  });

  it('has no wiki until the first page is written', async () => {
    expect((await server.request(path(repo, '/pages'), as(owner))).status).toBe(404);
    expect((await server.request(path(repo, '/page/Home'), as(owner))).status).toBe(404);
  });

  it('creates pages (201), named with dashes for spaces, without changing the stored size', async () => {
    const sizeBefore = (await server.db.repositories.findById(repo.id))!.gitSize;
    const home = await server.request(path(repo, '/new'), {
      ...as(owner),
      method: 'POST',
      body: { title: 'Home', content_base64: b64('# Welcome\n'), message: 'start the wiki' },
    });
    expect(home.status).toBe(201);
    expectForgejoShape('POST', '/repos/{owner}/{repo}/wiki/new', 201, home.body);
    expect(home.body).toMatchObject({ title: 'Home', sub_url: 'Home', commit_count: 1, sidebar: '', footer: '' });
    expect(text(home.body.content_base64)).toBe('# Welcome\n');
    expect(home.body.last_commit.message).toBe('start the wiki\n');

    const guide = await server.request(path(repo, '/new'), {
      ...as(owner),
      method: 'POST',
      body: { title: 'Getting Started', content_base64: b64('steps\n') },
    });
    expect(guide.status).toBe(201);
    expect(guide.body).toMatchObject({ title: 'Getting Started', sub_url: 'Getting-Started' });
    expect((await server.db.repositories.findById(repo.id))!.gitSize).toBe(sizeBefore);

    const again = await server.request(path(repo, '/new'), {
      ...as(owner),
      method: 'POST',
      body: { title: 'Home', content_base64: b64('x') },
    });
    expect(again.status).toBe(400);
    const reserved = await server.request(path(repo, '/new'), {
      ...as(owner),
      method: 'POST',
      body: { title: '_pages', content_base64: b64('x') },
    });
    expect(reserved.status).toBe(400);
    const untitled = await server.request(path(repo, '/new'), { ...as(owner), method: 'POST', body: { content_base64: b64('x') } });
    expect([untitled.status, untitled.body.message]).toEqual([400, expect.stringMatching(/title/)]);
  });

  it('reads a page by its dashed name or its title, and lists pages', async () => {
    const byName = await server.request(path(repo, '/page/Getting-Started'), as(owner));
    expect(byName.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/wiki/page/{pageName}', 200, byName.body);
    expect(text(byName.body.content_base64)).toBe('steps\n');
    expect((await server.request(path(repo, '/page/Getting%20Started'), as(owner))).body.title).toBe('Getting Started');

    const pages = await server.request(path(repo, '/pages'), as(owner));
    expect(pages.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/wiki/pages', 200, pages.body);
    expect(pages.body.map((p: any) => p.title).sort()).toEqual(['Getting Started', 'Home']);
    expect(pages.headers.get('x-total-count')).toBe('2');
  });

  it('edits a page (content, then title) and lists its revisions', async () => {
    const edited = await server.request(path(repo, '/page/Home'), {
      ...as(owner),
      method: 'PATCH',
      body: { content_base64: b64('# Welcome back\n'), message: 'reword' },
    });
    expect(edited.status).toBe(200);
    expectForgejoShape('PATCH', '/repos/{owner}/{repo}/wiki/page/{pageName}', 200, edited.body);
    expect([text(edited.body.content_base64), edited.body.commit_count]).toEqual(['# Welcome back\n', 2]);

    const revisions = await server.request(path(repo, '/revisions/Home'), as(owner));
    expect(revisions.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/wiki/revisions/{pageName}', 200, revisions.body);
    expect(revisions.body.count).toBe(2);
    expect(revisions.body.commits.map((c: any) => c.message)).toEqual(['reword\n', 'start the wiki\n']);

    const renamed = await server.request(path(repo, '/page/Getting-Started'), {
      ...as(owner),
      method: 'PATCH',
      body: { title: 'First Steps' },
    });
    expect([renamed.status, renamed.body.sub_url, text(renamed.body.content_base64)]).toEqual([200, 'First-Steps', 'steps\n']);
    expect((await server.request(path(repo, '/page/Getting-Started'), as(owner))).status).toBe(404);
  });

  it('deletes a page (204), then it is gone', async () => {
    const deleted = await server.request(path(repo, '/page/First-Steps'), { ...as(owner), method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect((await server.request(path(repo, '/page/First-Steps'), as(owner))).status).toBe(404);
    expect((await server.request(path(repo, '/page/First-Steps'), { ...as(owner), method: 'DELETE' })).status).toBe(404);
    expect((await server.request(path(repo, '/pages'), as(owner))).body.map((p: any) => p.title)).toEqual(['Home']);
  });

  it('lets others read a public wiki but not change it', async () => {
    expect((await server.request(path(repo, '/page/Home'))).status).toBe(200);
    const write = await server.request(path(repo, '/new'), {
      ...as(outsider),
      method: 'POST',
      body: { title: 'Mine', content_base64: b64('x') },
    });
    expect(write.status).toBe(403);
    expect((await server.request(path(repo, '/page/Home'), { ...as(outsider), method: 'DELETE' })).status).toBe(403);
  });

  it('answers 404 on every wiki route of a private repository to outsiders', async () => {
    const created = await server.request(path(privateRepo, '/new'), {
      ...as(owner),
      method: 'POST',
      body: { title: 'Home', content_base64: b64('secret') },
    });
    expect(created.status).toBe(201);
    const routes: [string, string, unknown?][] = [
      ['GET', '/pages'],
      ['GET', '/page/Home'],
      ['GET', '/revisions/Home'],
      ['POST', '/new', { title: 'X', content_base64: '' }],
      ['PATCH', '/page/Home', { content_base64: '' }],
      ['DELETE', '/page/Home'],
    ];
    for (const [method, rest, body] of routes) {
      const res = await server.request(path(privateRepo, rest), { ...as(outsider), method, body });
      expect(`${method} ${rest} ${res.status}`).toBe(`${method} ${rest} 404`);
      if (method === 'GET') expect((await server.request(path(privateRepo, rest))).status).toBe(404);
    }
  });
});
