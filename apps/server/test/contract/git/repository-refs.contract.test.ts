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

  describe('annotated tags, listTags and getTag', () => {
    const TAGGER = { name: 'Tom Tagger', email: 'tom@example.com', date: new Date('2024-06-01T08:00:00Z') };

    it('an annotated tag is a tag object with the tagger and message, at the commit the target names', async () => {
      const { repoPath: other, initial: first } = await repositoryWith(ports, 'annotated');
      expect(await refs.createAnnotatedTag(other, 'v1', 'main', { message: 'First release', tagger: TAGGER })).toBe(first);
      const tag = await refs.getTag(other, 'v1');
      expect(tag).toEqual({
        name: 'v1',
        id: expect.stringMatching(/^[0-9a-f]{40}$/),
        commitSha: first,
        date: '2024-06-01T08:00:00+00:00',
        message: 'First release\n',
        tagger: { name: 'Tom Tagger', email: 'tom@example.com', date: '2024-06-01T08:00:00+00:00' },
      });
      expect(tag!.id).not.toBe(first);
      expect(await refs.resolveRef(other, 'v1')).toBe(first);
    });

    it('a lightweight tag has the commit as its id, the commit message and date, no tagger', async () => {
      const { repoPath: other, initial: first } = await repositoryWith(ports, 'lightweight');
      await refs.createTag(other, 'light', 'main');
      expect(await refs.getTag(other, 'light')).toEqual({
        name: 'light',
        id: first,
        commitSha: first,
        date: '2024-05-01T12:00:00+00:00',
        message: 'Initial commit\n',
      });
      expect(await refs.getTag(other, 'nope')).toBeUndefined();
    });

    it('listTags lists every tag, the newest target commit first (as Forgejo), then by name', async () => {
      const { repoPath: other, initial: first } = await repositoryWith(ports, 'many-tags');
      const later = await ports.get(RepositoryContents).createOrUpdateFile(other, {
        branch: 'main',
        filePath: 'later.txt',
        content: 'later\n',
        message: 'Later',
        author: { ...ALICE, date: new Date('2025-01-01T00:00:00Z') },
      });
      await refs.createAnnotatedTag(other, 'a-old', first, { message: 'old', tagger: TAGGER });
      await refs.createAnnotatedTag(other, 'b-new', later.commitSha, { message: 'new', tagger: TAGGER });
      await refs.createAnnotatedTag(other, 'c-new', later.commitSha, { message: 'new too', tagger: TAGGER });
      expect((await refs.listTags(other)).map((tag) => tag.name)).toEqual(['b-new', 'c-new', 'a-old']);
    });

    it('an empty annotation message is InvalidGitInputError and makes no tag; an existing name is GitConflictError', async () => {
      const { repoPath: other } = await repositoryWith(ports, 'bad-annotation');
      await expect(refs.createAnnotatedTag(other, 'v1', 'main', { message: '  ', tagger: TAGGER })).rejects.toBeInstanceOf(
        InvalidGitInputError,
      );
      expect(await refs.getTag(other, 'v1')).toBeUndefined();
      await refs.createTag(other, 'v1', 'main');
      await expect(refs.createAnnotatedTag(other, 'v1', 'main', { message: 'again', tagger: TAGGER })).rejects.toBeInstanceOf(
        GitConflictError,
      );
      expect((await refs.getTag(other, 'v1'))!.tagger).toBeUndefined();
    });
  });

  describe('createBranch and deleteBranch', () => {
    it('make a branch at the commit a branch, tag or commit id names', async () => {
      const { repoPath: other, initial: first } = await repositoryWith(ports, 'branching');
      await refs.createAnnotatedTag(other, 'v1', 'main', { message: 'tagged', tagger: ALICE });
      expect(await refs.createBranch(other, 'from-branch', 'main')).toBe(first);
      expect(await refs.createBranch(other, 'from-tag', 'v1')).toBe(first);
      expect(await refs.createBranch(other, 'from/commit', first.slice(0, 12))).toBe(first);
      expect((await refs.listBranches(other)).map((branch) => branch.name)).toEqual(['from-branch', 'from-tag', 'from/commit', 'main']);
    });

    it('an existing branch is GitConflictError, a start naming nothing GitNotFoundError, a bad name InvalidGitInputError', async () => {
      const { repoPath: other } = await repositoryWith(ports, 'branch-errors');
      await expect(refs.createBranch(other, 'main', 'main')).rejects.toBeInstanceOf(GitConflictError);
      await expect(refs.createBranch(other, 'x', 'nope')).rejects.toBeInstanceOf(GitNotFoundError);
      await expect(refs.createBranch(other, 'a..b', 'main')).rejects.toBeInstanceOf(InvalidGitInputError);
      expect((await refs.listBranches(other)).map((branch) => branch.name)).toEqual(['main']);
    });

    it('renameBranch moves the name in one step; a missing branch is GitNotFoundError, a taken name GitConflictError', async () => {
      const { repoPath: other, initial: first } = await repositoryWith(ports, 'branch-rename');
      await refs.createBranch(other, 'old', 'main');
      await refs.renameBranch(other, 'old', 'new/name');
      expect(await refs.branchTip(other, 'new/name')).toBe(first);
      expect(await refs.branchTip(other, 'old')).toBeUndefined();
      await expect(refs.renameBranch(other, 'old', 'x')).rejects.toBeInstanceOf(GitNotFoundError);
      await expect(refs.renameBranch(other, 'new/name', 'main')).rejects.toBeInstanceOf(GitConflictError);
      await expect(refs.renameBranch(other, 'new/name', 'a..b')).rejects.toBeInstanceOf(InvalidGitInputError);
      expect((await refs.listBranches(other)).map((branch) => branch.name)).toEqual(['main', 'new/name']);
    });

    it('deleteBranch removes the branch; a missing one is GitNotFoundError', async () => {
      const { repoPath: other } = await repositoryWith(ports, 'branch-delete');
      await refs.createBranch(other, 'gone', 'main');
      await refs.deleteBranch(other, 'gone');
      expect(await refs.branchTip(other, 'gone')).toBeUndefined();
      await expect(refs.deleteBranch(other, 'gone')).rejects.toBeInstanceOf(GitNotFoundError);
      await expect(refs.deleteBranch(other, '-x')).rejects.toBeInstanceOf(InvalidGitInputError);
    });
  });
});
