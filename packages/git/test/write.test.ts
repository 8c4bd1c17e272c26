import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { text } from 'node:stream/consumers';
import {
  GitConflictError,
  GitNotFoundError,
  GitRepositories,
  InvalidGitInputError,
  archive,
  createOrUpdateFile,
  createTag,
  deleteFile,
  deleteTag,
  getCommit,
  listCommits,
  listBranches,
  readBlob,
  resolveRef,
} from '../src';
import { ALICE, cloneLocally, makeTempDir, removeDir, repositoryWithReadme, userGit } from './support/git-fixtures';

const execFileAsync = promisify(execFile);

describe('writing commits with plumbing', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await makeTempDir();
  });
  afterEach(async () => {
    await removeDir(dir);
  });

  it('creates a nested file, then updates it only with the right blob sha', async () => {
    const { repoPath, initial } = await repositoryWithReadme(dir);
    const created = await createOrUpdateFile(repoPath, {
      branch: 'main',
      filePath: 'docs/guide/intro.md',
      content: 'Hello\n',
      message: 'Add intro',
      author: { ...ALICE, date: new Date('2024-05-01T12:00:00Z') },
      expectedBlobSha: null,
    });
    expect(created.previousBlobSha).toBeUndefined();
    const commit = await getCommit(repoPath, 'main');
    expect(commit).toMatchObject({ sha: created.commitSha, parents: [initial], message: 'Add intro\n' });
    expect(commit.author).toEqual({ name: ALICE.name, email: ALICE.email, date: '2024-05-01T12:00:00+00:00' });
    expect(commit.files).toEqual([expect.objectContaining({ filename: 'docs/guide/intro.md', status: 'added', additions: 1 })]);

    const update = { branch: 'main', filePath: 'docs/guide/intro.md', content: 'Hello, world\n', message: 'Edit intro', author: ALICE };
    await expect(createOrUpdateFile(repoPath, { ...update, expectedBlobSha: null })).rejects.toBeInstanceOf(GitConflictError);
    await expect(createOrUpdateFile(repoPath, { ...update, expectedBlobSha: 'a'.repeat(40) })).rejects.toBeInstanceOf(GitConflictError);
    const updated = await createOrUpdateFile(repoPath, { ...update, expectedBlobSha: created.blobSha });
    expect(updated.previousBlobSha).toBe(created.blobSha);
    expect(await resolveRef(repoPath, 'main')).toBe(updated.commitSha);

    // The README from the parent is still there: the tree was built from the parent's.
    const work = await cloneLocally(dir, repoPath);
    expect(await userGit(work, ['ls-files'])).toBe('README.md\ndocs/guide/intro.md\n');
    const blob = await readBlob(repoPath, 'main', 'docs/guide/intro.md');
    expect(await text(blob.open().output)).toBe('Hello, world\n');
    expect((await execFileAsync('git', ['--git-dir', repoPath, 'fsck', '--strict'])).stderr).toBe('');
  });

  it('commits onto a new branch, deletes files and refuses bad paths', async () => {
    const { repoPath, initial } = await repositoryWithReadme(dir);
    const result = await createOrUpdateFile(repoPath, {
      branch: 'main',
      newBranch: 'feature/docs',
      filePath: 'a.txt',
      content: Buffer.from([1, 2, 3]),
      message: 'Add a',
      author: ALICE,
    });
    expect(await resolveRef(repoPath, 'main')).toBe(initial);
    expect((await listBranches(repoPath)).map((b) => b.name)).toEqual(['feature/docs', 'main']);

    const removal = await deleteFile(repoPath, {
      branch: 'feature/docs',
      filePath: 'a.txt',
      message: 'Drop a',
      author: ALICE,
      expectedBlobSha: result.blobSha,
    });
    expect((await getCommit(repoPath, removal.commitSha)).files).toEqual([
      expect.objectContaining({ filename: 'a.txt', status: 'removed' }),
    ]);
    await expect(deleteFile(repoPath, { branch: 'main', filePath: 'a.txt', message: 'x', author: ALICE })).rejects.toBeInstanceOf(
      GitNotFoundError,
    );

    const base = { branch: 'main', content: 'x', message: 'x', author: ALICE };
    await expect(createOrUpdateFile(repoPath, { ...base, filePath: '../escape' })).rejects.toBeInstanceOf(InvalidGitInputError);
    await expect(createOrUpdateFile(repoPath, { ...base, filePath: '.git/hooks/pre-receive' })).rejects.toBeInstanceOf(
      InvalidGitInputError,
    );
    await expect(createOrUpdateFile(repoPath, { ...base, filePath: 'README.md/child' })).rejects.toBeInstanceOf(GitConflictError);
    await expect(createOrUpdateFile(repoPath, { ...base, branch: 'missing', filePath: 'b' })).rejects.toBeInstanceOf(GitNotFoundError);
    await expect(
      createOrUpdateFile(repoPath, { ...base, filePath: 'b', author: { name: 'Eve <x>', email: 'e@x' } }),
    ).rejects.toBeInstanceOf(InvalidGitInputError);
  });

  it('makes the first commit of an empty repository through the contents API', async () => {
    const repoPath = await new GitRepositories(dir).createBare('alice', 'blank', { defaultBranch: 'main' });
    const result = await createOrUpdateFile(repoPath, {
      branch: 'main',
      filePath: 'first.txt',
      content: 'one\n',
      message: 'First',
      author: ALICE,
    });
    expect((await getCommit(repoPath, 'main')).sha).toBe(result.commitSha);
  });

  it("never lets concurrent writers drop each other's commits", async () => {
    const { repoPath } = await repositoryWithReadme(dir);
    const write = (n: number) =>
      createOrUpdateFile(repoPath, { branch: 'main', filePath: `f${n}.txt`, content: `${n}`, message: `f${n}`, author: ALICE });
    const results = await Promise.allSettled([write(1), write(2), write(3)]);
    const succeeded = results.filter((r) => r.status === 'fulfilled');
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    for (const failure of results.filter((r) => r.status === 'rejected')) {
      expect((failure as PromiseRejectedResult).reason).toBeInstanceOf(GitConflictError);
    }
    // A writer that lost the race fails instead of moving the branch past the winner's commit.
    const history = await listCommits(repoPath, { sha: 'main' });
    expect(history.total).toBe(1 + succeeded.length);
  });

  it('creates tags once and streams archives of a revision', async () => {
    const { repoPath, initial } = await repositoryWithReadme(dir);
    expect(await createTag(repoPath, 'v1.0', 'main')).toBe(initial);
    await expect(createTag(repoPath, 'v1.0', 'main')).rejects.toBeInstanceOf(GitConflictError);
    await expect(createTag(repoPath, 'v2', 'missing')).rejects.toBeInstanceOf(GitNotFoundError);
    await createTag(repoPath, 'doomed', 'main');
    await deleteTag(repoPath, 'doomed');
    expect(await resolveRef(repoPath, 'refs/tags/doomed')).toBeUndefined();
    await expect(deleteTag(repoPath, 'doomed')).rejects.toBeInstanceOf(GitNotFoundError);

    const tarball = await archive(repoPath, 'v1.0', 'tar.gz', 'project-v1.0');
    const chunks: Buffer[] = [];
    for await (const chunk of tarball.output) chunks.push(chunk as Buffer);
    expect((await tarball.done).exitCode).toBe(0);
    const listing = await listTarGz(Buffer.concat(chunks));
    expect(listing).toContain('project-v1.0/README.md');

    const zip = await archive(repoPath, 'main', 'zip', 'project-main');
    const zipBytes: Buffer[] = [];
    for await (const chunk of zip.output) zipBytes.push(chunk as Buffer);
    expect(Buffer.concat(zipBytes).subarray(0, 2).toString()).toBe('PK');
  });
});

async function listTarGz(bytes: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('tar', ['-tzf', '-'], (error, stdout) => (error ? reject(error) : resolve(stdout)));
    child.stdin!.end(bytes);
  });
}
