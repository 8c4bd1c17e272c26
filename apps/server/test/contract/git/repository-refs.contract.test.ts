import { BareRepositories } from '../../../src/modules/repositories/bare-repositories';
import { GitConflictError, GitNotFoundError, InvalidGitInputError } from '../../../src/modules/repositories/git-errors';
import { RepositoryContents } from '../../../src/modules/repositories/repository-contents';
import { RepositoryRefs } from '../../../src/modules/repositories/repository-refs';
import { ALICE, BoundGitPorts, repositoryWith } from '../../support/git-ports';

/** RepositoryRefs as bound to the git adapter, on real bare repositories in a temporary directory. */
describe('RepositoryRefs contract (bound git adapter)', () => {
  let ports: BoundGitPorts;
  let refs: RepositoryRefs;
  let repoPath: string;
  let initial: string;
  let second: string;

  beforeAll(async () => {
    ports = await BoundGitPorts.open();
    refs = ports.get(RepositoryRefs);
    ({ repoPath, initial } = await repositoryWith(ports, 'project'));
    const contents = ports.get(RepositoryContents);
    const written = await contents.createOrUpdateFile(repoPath, {
      branch: 'main',
      newBranch: 'feature/x',
      filePath: 'x.txt',
      content: 'x\n',
      message: 'Add x',
      author: ALICE,
    });
    second = written.commitSha;
  });
  afterAll(() => ports.close());

  describe('assertRefName', () => {
    it('returns a name git accepts for a branch or tag', () => {
      expect(refs.assertRefName('branch', 'feature/x-1.2')).toBe('feature/x-1.2');
    });

    const badNames = ['', 'a..b', '-x', 'a b', 'a:b', 'x.lock', '/x', 'x/', 'x.', '@', 'a@{b'];
    it.each(badNames)('refuses %j with InvalidGitInputError naming the field', (name) => {
      try {
        refs.assertRefName('default_branch', name);
        throw new Error('accepted');
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidGitInputError);
        expect(error).toMatchObject({ field: 'default_branch', value: name });
        expect((error as Error).message).toContain('default_branch');
      }
    });
  });

  it('isEmpty: a new repository has no branch or tag; one commit makes it not empty', async () => {
    const fresh = await ports.get(BareRepositories).createBare('alice', 'empty', { defaultBranch: 'main' });
    expect(await refs.isEmpty(fresh)).toBe(true);
    expect(await refs.isEmpty(repoPath)).toBe(false);
  });

  describe('resolveRef and resolveCommit', () => {
    it('name the commit of a branch, a tag, a full or abbreviated commit id', async () => {
      await refs.createTag(repoPath, 'v-resolve', 'main');
      expect(await refs.resolveRef(repoPath, 'main')).toBe(initial);
      expect(await refs.resolveRef(repoPath, 'feature/x')).toBe(second);
      expect(await refs.resolveRef(repoPath, 'v-resolve')).toBe(initial);
      expect(await refs.resolveRef(repoPath, 'refs/tags/v-resolve')).toBe(initial);
      expect(await refs.resolveRef(repoPath, second)).toBe(second);
      expect(await refs.resolveRef(repoPath, second.slice(0, 10))).toBe(second);
      expect(await refs.resolveCommit(repoPath, 'feature/x')).toBe(second);
    });

    it('a revision that names nothing: undefined from resolveRef, GitNotFoundError from resolveCommit', async () => {
      expect(await refs.resolveRef(repoPath, 'nope')).toBeUndefined();
      expect(await refs.resolveRef(repoPath, 'f'.repeat(40))).toBeUndefined();
      await expect(refs.resolveCommit(repoPath, 'nope')).rejects.toBeInstanceOf(GitNotFoundError);
    });

    it('a malformed revision is InvalidGitInputError', async () => {
      await expect(refs.resolveRef(repoPath, 'a..b')).rejects.toBeInstanceOf(InvalidGitInputError);
      await expect(refs.resolveCommit(repoPath, '--all')).rejects.toBeInstanceOf(InvalidGitInputError);
    });
  });

  describe('branchTip', () => {
    it('is the commit at the tip of the branch, undefined for a missing one', async () => {
      expect(await refs.branchTip(repoPath, 'main')).toBe(initial);
      expect(await refs.branchTip(repoPath, 'feature/x')).toBe(second);
      expect(await refs.branchTip(repoPath, 'nope')).toBeUndefined();
    });

    it('reads only branches, never a tag of that name', async () => {
      await refs.createTag(repoPath, 'only-a-tag', 'main');
      expect(await refs.branchTip(repoPath, 'only-a-tag')).toBeUndefined();
    });

    it('refuses a bad branch name with InvalidGitInputError', async () => {
      await expect(refs.branchTip(repoPath, 'a..b')).rejects.toBeInstanceOf(InvalidGitInputError);
    });
  });

  it('getDefaultBranch and setDefaultBranch read and point HEAD, even at a branch not made yet', async () => {
    const { repoPath: other } = await repositoryWith(ports, 'head');
    expect(await refs.getDefaultBranch(other)).toBe('main');
    await refs.setDefaultBranch(other, 'develop');
    expect(await refs.getDefaultBranch(other)).toBe('develop');
    await expect(refs.setDefaultBranch(other, 'a..b')).rejects.toBeInstanceOf(InvalidGitInputError);
    expect(await refs.getDefaultBranch(other)).toBe('develop');
  });

  describe('listBranches and getBranch', () => {
    it('list every branch by name with its head commit', async () => {
      const branches = await refs.listBranches(repoPath);
      expect(branches.map((branch) => branch.name)).toEqual(['feature/x', 'main']);
      expect(branches[0].commit).toEqual({
        sha: second,
        tree: expect.stringMatching(/^[0-9a-f]{40}$/),
        parents: [initial],
        author: { name: ALICE.name, email: ALICE.email, date: '2024-05-01T12:00:00+00:00' },
        committer: { name: ALICE.name, email: ALICE.email, date: '2024-05-01T12:00:00+00:00' },
        message: 'Add x\n',
      });
      expect(branches[1].commit).toMatchObject({ sha: initial, parents: [] });
    });

    it('getBranch finds one branch by its exact name, undefined otherwise', async () => {
      expect(await refs.getBranch(repoPath, 'feature/x')).toMatchObject({ name: 'feature/x', commit: { sha: second } });
      expect(await refs.getBranch(repoPath, 'feature')).toBeUndefined();
      expect(await refs.getBranch(repoPath, 'nope')).toBeUndefined();
    });

    it('an empty repository has no branches', async () => {
      const fresh = await ports.get(BareRepositories).createBare('alice', 'nobranch', { defaultBranch: 'main' });
      expect(await refs.listBranches(fresh)).toEqual([]);
      expect(await refs.getBranch(fresh, 'main')).toBeUndefined();
    });
  });

  describe('createTag and deleteTag', () => {
    it('makes a tag at the commit a revision names and returns that commit', async () => {
      expect(await refs.createTag(repoPath, 'v1.0', 'feature/x')).toBe(second);
      expect(await refs.resolveRef(repoPath, 'refs/tags/v1.0')).toBe(second);
      expect(await refs.createTag(repoPath, 'v0.9', initial)).toBe(initial);
    });

    it('an existing tag is GitConflictError and stays where it was', async () => {
      await refs.createTag(repoPath, 'v2.0', 'main');
      await expect(refs.createTag(repoPath, 'v2.0', 'feature/x')).rejects.toBeInstanceOf(GitConflictError);
      expect(await refs.resolveRef(repoPath, 'refs/tags/v2.0')).toBe(initial);
    });

    it('a target that names nothing is GitNotFoundError, a bad tag name InvalidGitInputError; no tag is made', async () => {
      await expect(refs.createTag(repoPath, 'v3.0', 'nope')).rejects.toBeInstanceOf(GitNotFoundError);
      await expect(refs.createTag(repoPath, 'v 3', 'main')).rejects.toBeInstanceOf(InvalidGitInputError);
      expect(await refs.resolveRef(repoPath, 'refs/tags/v3.0')).toBeUndefined();
    });

    it('deleteTag removes the tag; a missing tag is GitNotFoundError', async () => {
      await refs.createTag(repoPath, 'v4.0', 'main');
      await refs.deleteTag(repoPath, 'v4.0');
      expect(await refs.resolveRef(repoPath, 'refs/tags/v4.0')).toBeUndefined();
      await expect(refs.deleteTag(repoPath, 'v4.0')).rejects.toBeInstanceOf(GitNotFoundError);
      await expect(refs.deleteTag(repoPath, 'a..b')).rejects.toBeInstanceOf(InvalidGitInputError);
    });

    it('a tag alone makes a repository not empty', async () => {
      const { repoPath: other } = await repositoryWith(ports, 'tagged');
      await refs.createTag(other, 'keep', 'main');
      expect(await refs.isEmpty(other)).toBe(false);
    });
  });
});
