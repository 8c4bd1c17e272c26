import { GitNotFoundError, InvalidGitInputError } from '../../../src/modules/repositories/git-errors';
import { RepositoryContents } from '../../../src/modules/repositories/repository-contents';
import { RepositoryHistory } from '../../../src/modules/repositories/repository-history';
import { ALICE, BoundGitPorts, repositoryWith } from '../../support/git-ports';

const BOB = { name: 'Bob Builder', email: 'bob@example.com', date: new Date('2024-06-02T08:30:00Z') };

/**
 * RepositoryHistory as bound to the git adapter, on a real bare repository:
 *   initial (README.md) ← app (src/app.ts) ← fix (src/app.ts)   main
 *                            ↖ feature (README.md, docs/guide.md)  feature
 *   lonely (unrelated history)                                      orphan
 */
describe('RepositoryHistory contract (bound git adapter)', () => {
  let ports: BoundGitPorts;
  let history: RepositoryHistory;
  let repoPath: string;
  let initial: string;
  let app: string;
  let fix: string;
  let feature: string;
  let featureDocs: string;
  let lonely: string;

  beforeAll(async () => {
    ports = await BoundGitPorts.open();
    history = ports.get(RepositoryHistory);
    const contents = ports.get(RepositoryContents);
    ({ repoPath, initial } = await repositoryWith(ports, 'project'));
    const write = async (options: { branch: string; newBranch?: string; filePath: string; content: string; message: string }) =>
      (await contents.createOrUpdateFile(repoPath, { ...options, author: ALICE, committer: BOB })).commitSha;
    app = await write({ branch: 'main', filePath: 'src/app.ts', content: 'one\ntwo\nthree\n', message: 'Add app\n\nWith a body.' });
    const readme = '# project\n\nMore words.\n';
    feature = await write({ branch: 'main', newBranch: 'feature', filePath: 'README.md', content: readme, message: 'Readme' });
    featureDocs = await write({ branch: 'feature', filePath: 'docs/guide.md', content: 'guide\n', message: 'Guide' });
    fix = await write({ branch: 'main', filePath: 'src/app.ts', content: 'one\n2\nthree\nfour\n', message: 'Fix app' });
    const unrelated = { branch: 'orphan', files: { 'other.txt': 'x\n' }, message: 'Unrelated', author: ALICE };
    lonely = await contents.createInitialCommit(repoPath, unrelated);
  });
  afterAll(() => ports.close());

  describe('listCommits', () => {
    it('lists the default branch newest first, with how many commits it has', async () => {
      const page = await history.listCommits(repoPath);
      expect(page.items.map((commit) => commit.sha)).toEqual([fix, app, initial]);
      expect(page.total).toBe(3);
    });

    it('gives each commit its parents, author, committer, full message, files and stats', async () => {
      const [, added] = (await history.listCommits(repoPath, { sha: 'main' })).items;
      expect(added).toEqual({
        sha: app,
        tree: expect.stringMatching(/^[0-9a-f]{40}$/),
        parents: [initial],
        author: { name: ALICE.name, email: ALICE.email, date: '2024-05-01T12:00:00+00:00' },
        committer: { name: BOB.name, email: BOB.email, date: '2024-06-02T08:30:00+00:00' },
        message: 'Add app\n\nWith a body.\n',
        files: [{ filename: 'src/app.ts', status: 'added', additions: 3, deletions: 0, changes: 3, binary: false }],
        stats: { additions: 3, deletions: 0, total: 3 },
      });
    });

    it('pages with skip and limit; the total counts the whole history', async () => {
      const page = await history.listCommits(repoPath, { sha: 'main', skip: 1, limit: 1 });
      expect(page.items.map((commit) => commit.sha)).toEqual([app]);
      expect(page.total).toBe(3);
      expect((await history.listCommits(repoPath, { skip: 5, limit: 2 })).items).toEqual([]);
    });

    it('starts at a branch or commit, and keeps only commits touching a path', async () => {
      const fromFeature = await history.listCommits(repoPath, { sha: 'feature' });
      expect(fromFeature.items.map((commit) => commit.sha)).toEqual([featureDocs, feature, app, initial]);
      expect((await history.listCommits(repoPath, { sha: app })).items.map((commit) => commit.sha)).toEqual([app, initial]);
      const touching = await history.listCommits(repoPath, { sha: 'main', path: 'src/app.ts' });
      expect(touching.items.map((commit) => commit.sha)).toEqual([fix, app]);
      expect(touching.total).toBe(2);
      expect(await history.listCommits(repoPath, { path: 'nowhere.txt' })).toEqual({ items: [], total: 0 });
    });

    it('a start that names nothing is GitNotFoundError, a malformed one InvalidGitInputError', async () => {
      await expect(history.listCommits(repoPath, { sha: 'nope' })).rejects.toBeInstanceOf(GitNotFoundError);
      await expect(history.listCommits(repoPath, { sha: 'a..b' })).rejects.toBeInstanceOf(InvalidGitInputError);
      await expect(history.listCommits(repoPath, { path: '../x' })).rejects.toBeInstanceOf(InvalidGitInputError);
    });
  });

  describe('getCommit', () => {
    it('reads one commit by sha or ref, with what it changed', async () => {
      const commit = await history.getCommit(repoPath, 'main');
      expect(commit).toMatchObject({
        sha: fix,
        parents: [app],
        message: 'Fix app\n',
        files: [{ filename: 'src/app.ts', status: 'modified', additions: 2, deletions: 1, changes: 3, binary: false }],
        stats: { additions: 2, deletions: 1, total: 3 },
      });
      expect((await history.getCommit(repoPath, fix.slice(0, 12))).sha).toBe(fix);
      expect((await history.getCommit(repoPath, initial)).files).toEqual([
        { filename: 'README.md', status: 'added', additions: 1, deletions: 0, changes: 1, binary: false },
      ]);
    });

    it('a revision that names nothing is GitNotFoundError', async () => {
      await expect(history.getCommit(repoPath, 'nope')).rejects.toBeInstanceOf(GitNotFoundError);
      await expect(history.getCommit(repoPath, '0'.repeat(40))).rejects.toBeInstanceOf(GitNotFoundError);
    });
  });

  describe('commitsBetween', () => {
    it('lists what head has and base lacks, newest first, with its files and a total', async () => {
      const page = await history.commitsBetween(repoPath, 'refs/heads/main', 'refs/heads/feature');
      expect(page.items.map((commit) => commit.sha)).toEqual([featureDocs, feature]);
      expect(page.total).toBe(2);
      expect(page.items[0].files).toEqual([
        { filename: 'docs/guide.md', status: 'added', additions: 1, deletions: 0, changes: 1, binary: false },
      ]);
    });

    it('pages with skip and limit', async () => {
      const page = await history.commitsBetween(repoPath, 'main', 'feature', { skip: 1, limit: 1 });
      expect(page.items.map((commit) => commit.sha)).toEqual([feature]);
      expect(page.total).toBe(2);
    });

    it('is empty when head brings nothing new; a missing revision is GitNotFoundError', async () => {
      expect(await history.commitsBetween(repoPath, 'main', app)).toEqual({ items: [], total: 0 });
      await expect(history.commitsBetween(repoPath, 'main', 'nope')).rejects.toBeInstanceOf(GitNotFoundError);
    });
  });

  describe('changedFiles', () => {
    it('is what head changes since its merge base with base, whatever base did meanwhile', async () => {
      const files = await history.changedFiles(repoPath, 'main', 'feature');
      expect(files).toEqual([
        { filename: 'README.md', status: 'modified', additions: 2, deletions: 0, changes: 2, binary: false },
        { filename: 'docs/guide.md', status: 'added', additions: 1, deletions: 0, changes: 1, binary: false },
      ]);
    });

    it('is empty when head changes nothing; unrelated histories are GitNotFoundError', async () => {
      expect(await history.changedFiles(repoPath, 'main', app)).toEqual([]);
      await expect(history.changedFiles(repoPath, 'main', 'orphan')).rejects.toBeInstanceOf(GitNotFoundError);
    });
  });

  describe('mergeBase and isAncestor', () => {
    it('mergeBase is the best common ancestor, undefined for unrelated histories', async () => {
      expect(await history.mergeBase(repoPath, 'main', 'feature')).toBe(app);
      expect(await history.mergeBase(repoPath, 'feature', 'main')).toBe(app);
      expect(await history.mergeBase(repoPath, 'main', app)).toBe(app);
      expect(await history.mergeBase(repoPath, 'main', lonely)).toBeUndefined();
      await expect(history.mergeBase(repoPath, 'main', 'nope')).rejects.toBeInstanceOf(GitNotFoundError);
    });

    it('isAncestor answers whether the first is reachable from the second, a commit being its own ancestor', async () => {
      expect(await history.isAncestor(repoPath, initial, 'main')).toBe(true);
      expect(await history.isAncestor(repoPath, 'main', 'main')).toBe(true);
      expect(await history.isAncestor(repoPath, 'main', 'feature')).toBe(false);
      expect(await history.isAncestor(repoPath, 'feature', 'main')).toBe(false);
      expect(await history.isAncestor(repoPath, lonely, 'main')).toBe(false);
      await expect(history.isAncestor(repoPath, 'nope', 'main')).rejects.toBeInstanceOf(GitNotFoundError);
    });
  });
});
