import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Many small writes into one repository at once, more than the database pool
 * has connections (PostgreSQL's is 10 by default): every one is stored, none
 * waits forever. Before the fix, 16 issue creations in one repository hung on
 * PostgreSQL: each held a pool connection in its transaction waiting for the
 * repository's row lock, while the lock's holder waited for a free connection
 * for a read made outside its transaction.
 */
describe('concurrent small writes into one repository', () => {
  const CONCURRENT = 24;
  let server: TestServer;
  let owner: TestUser;
  let repo: RepositoryEntity;
  const as = () => ({ auth: { token: owner.token } });
  const issues = (rest = '') => `/repos/${owner.name}/${repo.name}/issues${rest}`;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
    repo = await createTestRepository(server, owner.user);
  }, 60_000);
  afterAll(async () => server?.close());

  it('creates issues side by side, numbered 1..n without gaps or doubles', async () => {
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) => server.request(issues(), { method: 'POST', body: { title: `issue ${i}` }, ...as() })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(CONCURRENT).fill(201));
    const numbers = answers.map((a) => a.body.number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: CONCURRENT }, (_, i) => i + 1));
  }, 30_000);

  it('creates comments on one issue side by side', async () => {
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) =>
        server.request(issues('/1/comments'), { method: 'POST', body: { body: `comment ${i}` }, ...as() }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(CONCURRENT).fill(201));
    const listed = await server.request(issues('/1/comments?limit=50'), as());
    expect(listed.body).toHaveLength(CONCURRENT);
  }, 30_000);
});
