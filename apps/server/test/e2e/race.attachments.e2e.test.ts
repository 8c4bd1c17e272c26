import { CommentEntity, IssueEntity, RepositoryEntity } from '@bellows/persistence-typeorm';
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
 * Issue and comment attachment uploads (multipart forms, and raw bodies),
 * held mid-body while their issue, comment or repository is deleted (see
 * race-harness.ts for the interleavings).
 */
describe('race suite: issue and comment attachments', () => {
  const settings = raceSettings();
  let server: TestServer;
  let owner: TestUser;
  /** The repository of the pairs that delete an issue or a comment (fresh issues per iteration). */
  let shared: RepositoryEntity;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
    shared = await createTestRepository(server, owner.user);
  });
  afterAll(async () => server?.close());

  interface Parents {
    repo: RepositoryEntity;
    /** `/api/v1/repos/{owner}/{repo}` */
    repoPath: string;
    issue: IssueEntity;
    comment: CommentEntity;
  }

  const auth = () => ({ authorization: `token ${owner.token}` });

  async function parents(freshRepository: boolean): Promise<Parents> {
    const repo = freshRepository ? await createTestRepository(server, owner.user) : shared;
    const issue = await server.db.transaction((tx) =>
      tx.issues.create({
        repoId: repo.id,
        posterId: owner.user.id,
        title: 'race',
        body: '',
        isClosed: false,
        milestoneId: null,
        createdAt: new Date(),
      }),
    );
    const comment = await server.db.transaction((tx) =>
      tx.comments.insert({ issueId: issue.id, type: 0, posterId: owner.user.id, content: 'race', createdAt: new Date() }),
    );
    return { repo, repoPath: `/api/v1/repos/${owner.name}/${repo.name}`, issue, comment };
  }

  const assetsOf = (kind: 'issue' | 'comment') => (p: Parents) =>
    kind === 'issue' ? `${p.repoPath}/issues/${p.issue.index}/assets` : `${p.repoPath}/issues/comments/${p.comment.id}/assets`;

  /** A multipart form, or (raw) the file itself as the body, named by the query. */
  function upload(kind: 'issue' | 'comment', held: boolean, body: 'form' | 'raw') {
    return async (p: Parents, ctx: WriteContext): Promise<Answer[]> => {
      const content = raceContent(`${kind}-${ctx.plan.index}-${held}`, ctx.plan.contentBytes);
      const form = multipartBody('attachment', 'race.bin', content);
      const request =
        body === 'form'
          ? { method: 'POST', path: assetsOf(kind)(p), headers: { ...auth(), 'content-type': form.contentType }, body: form.body }
          : {
              method: 'POST',
              path: `${assetsOf(kind)(p)}?name=race.bin`,
              headers: { ...auth(), 'content-type': 'application/octet-stream' },
              body: content,
            };
      return [held ? await ctx.held(request) : await ctx.call(request)];
    };
  }

  type Removal = 'issue' | 'comment' | 'repository';

  function removal(what: Removal) {
    return (p: Parents, ctx: WriteContext): Promise<Answer> => {
      const path =
        what === 'repository'
          ? p.repoPath
          : what === 'issue'
            ? `${p.repoPath}/issues/${p.issue.index}`
            : `${p.repoPath}/issues/comments/${p.comment.id}`;
      return ctx.call({ method: 'DELETE', path, headers: auth() });
    };
  }

  async function resurrected(what: Removal, p: Parents): Promise<string[]> {
    if (what === 'repository') return repositoryGone(server, owner, p.repo);
    const findings: string[] = [];
    const path = what === 'issue' ? `${p.repoPath}/issues/${p.issue.index}` : `${p.repoPath}/issues/comments/${p.comment.id}`;
    const id = what === 'issue' ? p.issue.id : p.comment.id;
    const get = await fetch(`${server.url}${path.slice(1)}`, { headers: auth() });
    // An issue's number may be given again to a later issue (Bellows takes MAX(index) + 1): only the same id came back.
    const shown = get.status === 200 ? ((await get.json()) as { id?: number }).id : undefined;
    if (get.status !== 404 && !(get.status === 200 && shown !== id))
      findings.push(`GET ${what} → ${get.status} after its deletion answered 204`);
    if (await rowExists(server, what, id)) findings.push(`${what} row ${id} exists after its deletion answered 204`);
    // Deleting an issue deletes its comments.
    if (what === 'issue' && (await rowExists(server, 'comment', p.comment.id)))
      findings.push(`comment row ${p.comment.id} of the deleted issue exists`);
    return findings;
  }

  function pair(kind: 'issue' | 'comment', what: Removal, body: 'form' | 'raw'): RacePair<Parents> {
    const writeName = kind === 'issue' ? 'issue attachment upload' : 'comment attachment upload';
    return {
      title: `${writeName}${body === 'raw' ? ' (raw body)' : ''} × ${what} deletion`,
      parentName: what,
      setup: () => parents(what === 'repository'),
      write: upload(kind, true, body),
      second: upload(kind, false, body),
      remove: removal(what),
      parents: (p) => ({ repository: what === 'repository' ? [p.repo.id] : [], issue: [p.issue.id], comment: [p.comment.id] }),
      resurrected: (p) => resurrected(what, p),
    };
  }

  const cases: [kind: 'issue' | 'comment', what: Removal, body: 'form' | 'raw'][] = [
    ['issue', 'issue', 'form'],
    ['issue', 'repository', 'form'],
    ['comment', 'comment', 'form'],
    ['comment', 'issue', 'form'],
    ['comment', 'repository', 'form'],
    ['issue', 'issue', 'raw'],
    ['comment', 'comment', 'raw'],
  ];

  for (const [kind, what, body] of cases) {
    const definition = pair(kind, what, body);
    itHoldsUnderRaces(() => server, definition, settings);
  }
});
