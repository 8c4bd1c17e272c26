import { ReleaseEntity, RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import {
  Answer,
  multipartBody,
  RacePair,
  raceContent,
  raceSettings,
  rowExists,
  itHoldsUnderRaces,
  WriteContext,
} from '../support/race-harness';
import { repositoryGone } from '../support/race-parents';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Release asset uploads (multipart forms, and raw bodies), held mid-body
 * while their release or repository is deleted (see race-harness.ts for the
 * interleavings). Releases are drafts made through persistence: they need no
 * git tag, so any repository will do.
 */
describe('race suite: release assets', () => {
  const settings = raceSettings();
  let server: TestServer;
  let owner: TestUser;
  let shared: RepositoryEntity;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
    shared = await createTestRepository(server, owner.user);
  });
  afterAll(async () => server?.close());

  interface Parents {
    repo: RepositoryEntity;
    repoPath: string;
    release: ReleaseEntity;
  }

  const auth = () => ({ authorization: `token ${owner.token}` });

  async function parents(index: number, freshRepository: boolean): Promise<Parents> {
    const repo = freshRepository ? await createTestRepository(server, owner.user) : shared;
    // In a transaction: on SQLite a write outside one shares the single connection with the server's transactions and could be rolled back with one of them.
    const release = await server.db.transaction((tx) =>
      tx.releases.create({
        repoId: repo.id,
        tagName: `race-${index}-${Date.now().toString(36)}`,
        targetCommitish: 'main',
        name: 'race',
        body: '',
        isDraft: true,
        isPrerelease: false,
        publisherId: owner.user.id,
        sha1: null,
        createdAt: new Date(),
        publishedAt: null,
      }),
    );
    return { repo, repoPath: `/api/v1/repos/${owner.name}/${repo.name}`, release };
  }

  /** A multipart form, or (raw) the file itself as the body, named by the query. */
  function upload(held: boolean, body: 'form' | 'raw') {
    return async (p: Parents, ctx: WriteContext): Promise<Answer[]> => {
      const content = raceContent(`release-${ctx.plan.index}-${held}`, ctx.plan.contentBytes);
      const assets = `${p.repoPath}/releases/${p.release.id}/assets`;
      const form = multipartBody('attachment', 'asset.bin', content);
      const request =
        body === 'form'
          ? { method: 'POST', path: assets, headers: { ...auth(), 'content-type': form.contentType }, body: form.body }
          : {
              method: 'POST',
              path: `${assets}?name=asset.bin`,
              headers: { ...auth(), 'content-type': 'application/octet-stream' },
              body: content,
            };
      return [held ? await ctx.held(request) : await ctx.call(request)];
    };
  }

  function pair(what: 'release' | 'repository', body: 'form' | 'raw'): RacePair<Parents> {
    return {
      title: `release asset upload${body === 'raw' ? ' (raw body)' : ''} × ${what} deletion`,
      parentName: what,
      setup: (index) => parents(index, what === 'repository'),
      write: upload(true, body),
      second: upload(false, body),
      remove: (p, ctx) =>
        ctx.call({
          method: 'DELETE',
          path: what === 'repository' ? p.repoPath : `${p.repoPath}/releases/${p.release.id}`,
          headers: auth(),
        }),
      parents: (p) => ({ repository: what === 'repository' ? [p.repo.id] : [], release: [p.release.id] }),
      resurrected: async (p) => {
        if (what === 'repository') return repositoryGone(server, owner, p.repo);
        const findings: string[] = [];
        const get = await fetch(`${server.url}${p.repoPath.slice(1)}/releases/${p.release.id}`, { headers: auth() });
        if (get.status !== 404) findings.push(`GET release → ${get.status} after its deletion answered 204`);
        if (await rowExists(server, 'release', p.release.id))
          findings.push(`release row ${p.release.id} exists after its deletion answered 204`);
        return findings;
      },
    };
  }

  const cases: [what: 'release' | 'repository', body: 'form' | 'raw'][] = [
    ['release', 'form'],
    ['repository', 'form'],
    ['release', 'raw'],
  ];
  for (const [what, body] of cases) {
    const definition = pair(what, body);
    itHoldsUnderRaces(() => server, definition, settings);
  }
});
