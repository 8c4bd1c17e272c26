import { text } from 'node:stream/consumers';
import { BareRepositories } from '../../../src/modules/repositories/bare-repositories';
import {
  GitConflictError,
  GitContentTooLargeError,
  GitNotFoundError,
  InvalidGitInputError,
} from '../../../src/modules/repositories/git-errors';
import { RepositoryContents } from '../../../src/modules/repositories/repository-contents';
import { RepositoryHistory } from '../../../src/modules/repositories/repository-history';
import { RepositoryRefs } from '../../../src/modules/repositories/repository-refs';
import { ALICE, BoundGitPorts, repositoryWith } from '../../support/git-ports';

const SHA = /^[0-9a-f]{40}$/;

/** RepositoryContents as bound to the git adapter, on real bare repositories in a temporary directory. */
describe('RepositoryContents contract (bound git adapter)', () => {
  let ports: BoundGitPorts;
  let contents: RepositoryContents;
  let refs: RepositoryRefs;
  let repoPath: string;
  let initial: string;

  beforeAll(async () => {
    ports = await BoundGitPorts.open();
    contents = ports.get(RepositoryContents);
    refs = ports.get(RepositoryRefs);
    ({ repoPath, initial } = await repositoryWith(ports, 'project', {
      'README.md': '# project\n',
      'src/main.ts': 'console.log(1);\n',
      'src/lib/util.ts': 'export {};\n',
      'a.txt': 'a\n',
    }));
  });
  afterAll(() => ports.close());

  describe('createInitialCommit', () => {
    it('writes the files as the first commit of the branch and returns it', async () => {
      expect(initial).toMatch(SHA);
      expect(await refs.branchTip(repoPath, 'main')).toBe(initial);
      const commit = await ports.get(RepositoryHistory).getCommit(repoPath, initial);
      expect(commit).toMatchObject({ parents: [], message: 'Initial commit\n', author: { name: ALICE.name, email: ALICE.email } });
      expect(commit.files.map((file) => file.filename).sort()).toEqual(['README.md', 'a.txt', 'src/lib/util.ts', 'src/main.ts']);
    });

    it('refuses a branch that exists with GitConflictError, an empty message with InvalidGitInputError', async () => {
      const again = { branch: 'main', files: { 'x.txt': 'x' }, message: 'Again', author: ALICE };
      await expect(contents.createInitialCommit(repoPath, again)).rejects.toBeInstanceOf(GitConflictError);
      const fresh = await ports.get(BareRepositories).createBare('alice', 'nomessage', { defaultBranch: 'main' });
      await expect(contents.createInitialCommit(fresh, { ...again, message: ' ' })).rejects.toBeInstanceOf(InvalidGitInputError);
      expect(await refs.isEmpty(fresh)).toBe(true);
    });
  });

  describe('readTree', () => {
    it('lists the root at a revision, directories first, then by name', async () => {
      const entries = await contents.readTree(repoPath, 'main');
      expect(entries.map((entry) => [entry.name, entry.type])).toEqual([
        ['src', 'tree'],
        ['a.txt', 'blob'],
        ['README.md', 'blob'],
      ]);
      expect(entries[1]).toEqual({ name: 'a.txt', path: 'a.txt', type: 'blob', mode: '100644', sha: expect.stringMatching(SHA), size: 2 });
      expect(entries[0]).toEqual({ name: 'src', path: 'src', type: 'tree', mode: '040000', sha: expect.stringMatching(SHA) });
    });

    it('lists a directory with paths from the root', async () => {
      const entries = await contents.readTree(repoPath, initial, 'src');
      expect(entries.map((entry) => entry.path)).toEqual(['src/lib', 'src/main.ts']);
    });

    it('a path that is no directory, or a revision that names nothing, is GitNotFoundError', async () => {
      await expect(contents.readTree(repoPath, 'main', 'nope')).rejects.toBeInstanceOf(GitNotFoundError);
      await expect(contents.readTree(repoPath, 'main', 'a.txt')).rejects.toBeInstanceOf(GitNotFoundError);
      await expect(contents.readTree(repoPath, 'nope')).rejects.toBeInstanceOf(GitNotFoundError);
      await expect(contents.readTree(repoPath, 'main', '../x')).rejects.toBeInstanceOf(InvalidGitInputError);
    });
  });

  describe('statPath', () => {
    it('describes a file or directory at a revision, undefined when nothing is there', async () => {
      expect(await contents.statPath(repoPath, 'main', 'src/main.ts')).toEqual({
        name: 'main.ts',
        path: 'src/main.ts',
        type: 'blob',
        mode: '100644',
        sha: expect.stringMatching(SHA),
        size: 16,
      });
      expect(await contents.statPath(repoPath, 'main', 'src/lib')).toMatchObject({ name: 'lib', type: 'tree' });
      expect(await contents.statPath(repoPath, 'main', 'src/nope.ts')).toBeUndefined();
      await expect(contents.statPath(repoPath, 'nope', 'a.txt')).rejects.toBeInstanceOf(GitNotFoundError);
    });
  });

  describe('readBlob and readBlobBytes', () => {
    it('readBlob describes a file and streams its content only when opened', async () => {
      const blob = await contents.readBlob(repoPath, 'main', 'src/main.ts');
      expect(blob).toMatchObject({ sha: expect.stringMatching(SHA), size: 16, mode: '100644' });
      const stream = blob.open();
      expect(await text(stream.output)).toBe('console.log(1);\n');
      expect((await stream.done).exitCode).toBe(0);
    });

    it('readBlob answers GitNotFoundError for a missing path or a directory', async () => {
      await expect(contents.readBlob(repoPath, 'main', 'nope.txt')).rejects.toBeInstanceOf(GitNotFoundError);
      await expect(contents.readBlob(repoPath, 'main', 'src')).rejects.toBeInstanceOf(GitNotFoundError);
    });

    it('readBlobBytes reads a blob up to the limit; larger is GitContentTooLargeError', async () => {
      const entry = (await contents.statPath(repoPath, 'main', 'README.md'))!;
      expect((await contents.readBlobBytes(repoPath, entry.sha, 10)).toString()).toBe('# project\n');
      await expect(contents.readBlobBytes(repoPath, entry.sha, 9)).rejects.toBeInstanceOf(GitContentTooLargeError);
      await expect(contents.readBlobBytes(repoPath, 'xyz', 9)).rejects.toBeInstanceOf(InvalidGitInputError);
    });
  });

  describe('createOrUpdateFile', () => {
    it('creates a file with a commit on the branch, whose parent is the old tip', async () => {
      const before = await refs.branchTip(repoPath, 'main');
      const result = await contents.createOrUpdateFile(repoPath, {
        branch: 'main',
        filePath: 'docs/new.md',
        content: 'new\n',
        message: 'Add new',
        author: ALICE,
        expectedBlobSha: null,
      });
      expect(result).toEqual({ commitSha: expect.stringMatching(SHA), blobSha: expect.stringMatching(SHA), previousBlobSha: undefined });
      expect(await refs.branchTip(repoPath, 'main')).toBe(result.commitSha);
      const commit = await ports.get(RepositoryHistory).getCommit(repoPath, result.commitSha);
      expect(commit).toMatchObject({ parents: [before], message: 'Add new\n', committer: { name: ALICE.name, email: ALICE.email } });
      expect((await contents.statPath(repoPath, 'main', 'docs/new.md'))?.sha).toBe(result.blobSha);
    });

    it('updates a file the caller read at the blob it read, records author and committer, and reports the replaced blob', async () => {
      const current = (await contents.statPath(repoPath, 'main', 'a.txt'))!;
      const committer = { name: 'Bob', email: 'bob@example.com', date: new Date('2024-07-01T00:00:00Z') };
      const result = await contents.createOrUpdateFile(repoPath, {
        branch: 'main',
        filePath: 'a.txt',
        content: Buffer.from('A\n'),
        message: 'Update a',
        author: ALICE,
        committer,
        expectedBlobSha: current.sha,
      });
      expect(result.previousBlobSha).toBe(current.sha);
      const commit = await ports.get(RepositoryHistory).getCommit(repoPath, result.commitSha);
      expect(commit.author.date).toBe('2024-05-01T12:00:00+00:00');
      expect(commit.committer).toEqual({ name: 'Bob', email: 'bob@example.com', date: '2024-07-01T00:00:00+00:00' });
      const blob = (await contents.statPath(repoPath, 'main', 'a.txt'))!;
      expect((await contents.readBlobBytes(repoPath, blob.sha, 100)).toString()).toBe('A\n');
    });

    it('a stale expectation is GitConflictError and the branch stays', async () => {
      const tip = await refs.branchTip(repoPath, 'main');
      const base = { branch: 'main', content: 'x\n', message: 'Clash', author: ALICE };
      const clashes = [
        { ...base, filePath: 'README.md', expectedBlobSha: null },
        { ...base, filePath: 'README.md', expectedBlobSha: 'f'.repeat(40) },
        { ...base, filePath: 'nope.md', expectedBlobSha: 'f'.repeat(40) },
        { ...base, filePath: 'src' },
      ];
      for (const clash of clashes) await expect(contents.createOrUpdateFile(repoPath, clash)).rejects.toBeInstanceOf(GitConflictError);
      expect(await refs.branchTip(repoPath, 'main')).toBe(tip);
    });

    it('without an expectation it writes whatever is there', async () => {
      const blind = { branch: 'main', filePath: 'README.md', content: '# P\n', message: 'Blind', author: ALICE };
      const result = await contents.createOrUpdateFile(repoPath, blind);
      expect(result.previousBlobSha).toMatch(SHA);
    });

    it('commits onto a new branch made from the branch, which stays; an existing new branch is GitConflictError', async () => {
      const tip = await refs.branchTip(repoPath, 'main');
      const options = { branch: 'main', newBranch: 'topic', filePath: 'topic.txt', content: 't\n', message: 'Topic', author: ALICE };
      const result = await contents.createOrUpdateFile(repoPath, options);
      expect(await refs.branchTip(repoPath, 'topic')).toBe(result.commitSha);
      expect(await refs.branchTip(repoPath, 'main')).toBe(tip);
      expect(await contents.statPath(repoPath, 'main', 'topic.txt')).toBeUndefined();
      await expect(contents.createOrUpdateFile(repoPath, { ...options, filePath: 'other.txt' })).rejects.toBeInstanceOf(GitConflictError);
    });

    it('a missing branch of a repository with commits is GitNotFoundError; an empty repository gets its first commit', async () => {
      const options = { branch: 'nope', filePath: 'x.txt', content: 'x\n', message: 'X', author: ALICE };
      await expect(contents.createOrUpdateFile(repoPath, options)).rejects.toBeInstanceOf(GitNotFoundError);
      const fresh = await ports.get(BareRepositories).createBare('alice', 'blank', { defaultBranch: 'main' });
      const first = await contents.createOrUpdateFile(fresh, { ...options, branch: 'main', expectedBlobSha: null });
      expect(await refs.branchTip(fresh, 'main')).toBe(first.commitSha);
    });

    it('refuses bad input with InvalidGitInputError', async () => {
      const base = { branch: 'main', filePath: 'x.txt', content: 'x\n', message: 'X', author: ALICE };
      await expect(contents.createOrUpdateFile(repoPath, { ...base, filePath: '../x' })).rejects.toBeInstanceOf(InvalidGitInputError);
      await expect(contents.createOrUpdateFile(repoPath, { ...base, filePath: '.git/config' })).rejects.toBeInstanceOf(
        InvalidGitInputError,
      );
      await expect(contents.createOrUpdateFile(repoPath, { ...base, newBranch: 'a..b' })).rejects.toBeInstanceOf(InvalidGitInputError);
      await expect(contents.createOrUpdateFile(repoPath, { ...base, message: '' })).rejects.toBeInstanceOf(InvalidGitInputError);
    });
  });

  describe('deleteFile', () => {
    it('removes the file with a commit; the blob it removed is reported', async () => {
      const current = (await contents.statPath(repoPath, 'main', 'src/lib/util.ts'))!;
      const result = await contents.deleteFile(repoPath, {
        branch: 'main',
        filePath: 'src/lib/util.ts',
        message: 'Drop util',
        author: ALICE,
        expectedBlobSha: current.sha,
      });
      expect(result).toEqual({ commitSha: expect.stringMatching(SHA), blobSha: undefined, previousBlobSha: current.sha });
      expect(await contents.statPath(repoPath, 'main', 'src/lib/util.ts')).toBeUndefined();
      expect(await refs.branchTip(repoPath, 'main')).toBe(result.commitSha);
    });

    it('a missing file is GitNotFoundError; a stale expectation GitConflictError', async () => {
      const gone = { branch: 'main', filePath: 'gone.txt', message: 'Drop', author: ALICE };
      await expect(contents.deleteFile(repoPath, gone)).rejects.toBeInstanceOf(GitNotFoundError);
      const stale = { branch: 'main', filePath: 'README.md', message: 'Drop', author: ALICE, expectedBlobSha: 'f'.repeat(40) };
      await expect(contents.deleteFile(repoPath, stale)).rejects.toBeInstanceOf(GitConflictError);
      expect(await contents.statPath(repoPath, 'main', 'README.md')).toBeDefined();
    });
  });

  describe('commitChanges', () => {
    it('writes, replaces and deletes several files in one commit on top of the tip', async () => {
      const tip = (await refs.branchTip(repoPath, 'main'))!;
      const readme = (await contents.statPath(repoPath, 'main', 'README.md'))!;
      const a = (await contents.statPath(repoPath, 'main', 'a.txt'))!;
      const result = await contents.commitChanges(repoPath, {
        branch: 'main',
        message: 'Batch',
        author: ALICE,
        changes: [
          { path: 'docs/one.md', content: 'one\n', expectedBlobSha: null },
          { path: 'README.md', content: '# batch\n', expectedBlobSha: readme.sha },
          { path: 'a.txt', content: null, expectedBlobSha: a.sha },
        ],
      });
      expect(result.files).toEqual([
        { path: 'docs/one.md', blobSha: expect.stringMatching(SHA), previousBlobSha: undefined },
        { path: 'README.md', blobSha: expect.stringMatching(SHA), previousBlobSha: readme.sha },
        { path: 'a.txt', blobSha: undefined, previousBlobSha: a.sha },
      ]);
      const commit = await ports.get(RepositoryHistory).getCommit(repoPath, result.commitSha);
      expect(commit.parents).toEqual([tip]);
      expect(await contents.statPath(repoPath, 'main', 'a.txt')).toBeUndefined();
      expect((await contents.readBlobBytes(repoPath, result.files[1].blobSha!, 100)).toString()).toBe('# batch\n');
    });

    it('checks every expectation before writing: one stale sha and nothing moves', async () => {
      const tip = await refs.branchTip(repoPath, 'main');
      const changes = [
        { path: 'fine.txt', content: 'fine\n', expectedBlobSha: null },
        { path: 'README.md', content: 'x\n', expectedBlobSha: 'f'.repeat(40) },
      ];
      await expect(contents.commitChanges(repoPath, { branch: 'main', message: 'M', author: ALICE, changes })).rejects.toBeInstanceOf(
        GitConflictError,
      );
      const twice = [
        { path: 'same.txt', content: '1\n' },
        { path: 'same.txt', content: '2\n' },
      ];
      await expect(
        contents.commitChanges(repoPath, { branch: 'main', message: 'M', author: ALICE, changes: twice }),
      ).rejects.toBeInstanceOf(InvalidGitInputError);
      expect(await refs.branchTip(repoPath, 'main')).toBe(tip);
    });
  });

  describe('applyPatch', () => {
    it('applies a unified diff with one commit; a patch that does not apply is InvalidGitInputError and nothing moves', async () => {
      const before = (
        await contents.readBlobBytes(repoPath, (await contents.statPath(repoPath, 'main', 'src/main.ts'))!.sha, 100)
      ).toString();
      const patch = [
        'diff --git a/src/main.ts b/src/main.ts',
        '--- a/src/main.ts',
        '+++ b/src/main.ts',
        '@@ -1 +1 @@',
        `-${before.trimEnd()}`,
        '+console.log(2);',
        '',
      ].join('\n');
      const commitSha = await contents.applyPatch(repoPath, { branch: 'main', message: 'Patch', author: ALICE, patch });
      expect(await refs.branchTip(repoPath, 'main')).toBe(commitSha);
      const after = (await contents.statPath(repoPath, 'main', 'src/main.ts'))!;
      expect((await contents.readBlobBytes(repoPath, after.sha, 100)).toString()).toBe('console.log(2);\n');

      await expect(contents.applyPatch(repoPath, { branch: 'main', message: 'Again', author: ALICE, patch })).rejects.toBeInstanceOf(
        InvalidGitInputError,
      );
      expect(await refs.branchTip(repoPath, 'main')).toBe(commitSha);
    });
  });
});
