import { GitNotFoundError, InvalidGitInputError } from '../../../src/modules/repositories/git-errors';
import { GitObjects } from '../../../src/modules/repositories/git-objects';
import { RepositoryRefs } from '../../../src/modules/repositories/repository-refs';
import { ALICE, BoundGitPorts, repositoryWith } from '../../support/git-ports';

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** GitObjects as bound to the git adapter, on real bare repositories in a temporary directory. */
describe('GitObjects contract (bound git adapter)', () => {
  let ports: BoundGitPorts;
  let objects: GitObjects;
  let repoPath: string;
  let initial: string;

  beforeAll(async () => {
    ports = await BoundGitPorts.open();
    objects = ports.get(GitObjects);
    ({ repoPath, initial } = await repositoryWith(ports, 'objects', {
      'README.md': '# hi\n',
      'docs/a.txt': 'a\n',
      'docs/deep/b.txt': 'bb\n',
    }));
  });
  afterAll(() => ports.close());

  it('listTree: the top level, or every entry below with recursive, by commit, ref or tree id', async () => {
    const top = await objects.listTree(repoPath, 'main', false);
    expect(top.entries.map((e) => [e.path, e.type])).toEqual([
      ['README.md', 'blob'],
      ['docs', 'tree'],
    ]);
    expect(top.entries[0]).toMatchObject({ name: 'README.md', mode: '100644', size: 5 });
    expect((await objects.listTree(repoPath, initial, false)).sha).toBe(top.sha);
    expect((await objects.listTree(repoPath, top.sha, true)).entries.map((e) => e.path)).toEqual([
      'README.md',
      'docs',
      'docs/a.txt',
      'docs/deep',
      'docs/deep/b.txt',
    ]);
    await expect(objects.listTree(repoPath, 'f'.repeat(40), false)).rejects.toBeInstanceOf(GitNotFoundError);
    await expect(objects.listTree(repoPath, 'a..b', false)).rejects.toBeInstanceOf(InvalidGitInputError);
  });

  it('statBlob: the size and the bytes of a blob; anything else is not found', async () => {
    const readme = (await objects.listTree(repoPath, 'main', false)).entries[0];
    const blob = await objects.statBlob(repoPath, readme.sha);
    expect(blob.size).toBe(5);
    expect(await text(blob.open().output)).toBe('# hi\n');
    await expect(objects.statBlob(repoPath, initial)).rejects.toBeInstanceOf(GitNotFoundError);
    await expect(objects.statBlob(repoPath, 'main')).rejects.toBeInstanceOf(InvalidGitInputError);
  });

  it('readAnnotatedTag: the tag object with its target, tagger and message', async () => {
    await ports.get(RepositoryRefs).createAnnotatedTag(repoPath, 'v1', 'main', { message: 'One', tagger: ALICE });
    const sha = (await objects.listRefs(repoPath, 'refs/tags/v1'))[0].sha;
    expect(await objects.readAnnotatedTag(repoPath, sha)).toEqual({
      sha,
      tag: 'v1',
      objectSha: initial,
      objectType: 'commit',
      tagger: { name: ALICE.name, email: ALICE.email, date: '2024-05-01T12:00:00+00:00' },
      message: 'One\n',
    });
    await expect(objects.readAnnotatedTag(repoPath, initial)).rejects.toBeInstanceOf(GitNotFoundError);
  });

  it('listRefs: every ref by name, or those starting with a prefix', async () => {
    await ports.get(RepositoryRefs).createBranch(repoPath, 'feature', 'main');
    expect((await objects.listRefs(repoPath, 'refs/')).map((r) => [r.ref, r.type])).toEqual([
      ['refs/heads/feature', 'commit'],
      ['refs/heads/main', 'commit'],
      ['refs/tags/v1', 'tag'],
    ]);
    expect((await objects.listRefs(repoPath, 'refs/heads/ma')).map((r) => r.ref)).toEqual(['refs/heads/main']);
    expect(await objects.listRefs(repoPath, 'refs/nothing')).toEqual([]);
  });

  it('openCommitDiff: a root commit against the empty tree, as a diff and as a patch', async () => {
    const diff = await text((await objects.openCommitDiff(repoPath, 'main', 'diff')).output);
    expect(diff).toContain('+++ b/docs/deep/b.txt');
    const patch = await text((await objects.openCommitDiff(repoPath, 'main', 'patch')).output);
    expect(patch).toContain(`From ${initial} `);
    expect(patch).toContain('Subject: [PATCH] Initial commit');
    await expect(objects.openCommitDiff(repoPath, 'nope', 'diff')).rejects.toBeInstanceOf(GitNotFoundError);
  });
});
