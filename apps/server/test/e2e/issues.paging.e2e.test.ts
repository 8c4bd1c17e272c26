import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Paging through a repository's issues: every page says how many match in
 * all (`X-Total-Count`), whether it is full, partial or past the end. A first
 * page that is not full is counted from itself (issue 12: one query fewer).
 */
describe('paging through issues', () => {
  let server: TestServer;
  let owner: TestUser;
  let repo: RepositoryEntity;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
    repo = await createTestRepository(server, owner.user);
    for (let i = 1; i <= 5; i++) {
      const res = await server.request(`/repos/${owner.name}/${repo.name}/issues`, {
        method: 'POST',
        body: { title: `issue ${i}` },
        auth: { token: owner.token },
      });
      expect(res.status).toBe(201);
    }
  }, 60_000);
  afterAll(() => server?.close());

  const page = async (query: string) => {
    const res = await server.request(`/repos/${owner.name}/${repo.name}/issues?state=all&${query}`, { auth: { token: owner.token } });
    expect(res.status).toBe(200);
    return { titles: res.body.map((issue: { title: string }) => issue.title), total: res.headers.get('x-total-count') };
  };

  it('counts every match on a full first page, a partial last page and a page past the end', async () => {
    expect(await page('limit=2&page=1')).toEqual({ titles: ['issue 5', 'issue 4'], total: '5' });
    expect(await page('limit=2&page=3')).toEqual({ titles: ['issue 1'], total: '5' });
    expect(await page('limit=2&page=4')).toEqual({ titles: [], total: '5' });
  });

  it('counts a first page that holds every match from the page itself, and a narrowed one too', async () => {
    expect(await page('limit=10')).toEqual({ titles: ['issue 5', 'issue 4', 'issue 3', 'issue 2', 'issue 1'], total: '5' });
    expect(await page('limit=10&q=issue%203')).toEqual({ titles: ['issue 3'], total: '1' });
  });
});
