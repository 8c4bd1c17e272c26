import { buffer } from 'node:stream/consumers';
import { PullDiffs } from '../../../src/modules/pulls/pull-diffs';
import { GitNotFoundError } from '../../../src/modules/repositories/git-errors';
import { RepositoryContents } from '../../../src/modules/repositories/repository-contents';
import { ALICE, BoundGitPorts, repositoryWith } from '../../support/git-ports';

/** PullDiffs as bound to the git adapter, on a real bare repository in a temporary directory. */
describe('PullDiffs contract (bound git adapter)', () => {
  let ports: BoundGitPorts;
  let diffs: PullDiffs;
  let repoPath: string;

  beforeAll(async () => {
    ports = await BoundGitPorts.open();
    diffs = ports.get(PullDiffs);
    ({ repoPath } = await repositoryWith(ports, 'diffs', { 'a.txt': 'a\n' }));
    const contents = ports.get(RepositoryContents);
    const write = (branch: string, filePath: string, newBranch?: string) =>
      contents.createOrUpdateFile(repoPath, {
        branch,
        newBranch,
        filePath,
        content: `${filePath}\n`,
        message: `add ${filePath}`,
        author: ALICE,
      });
    await write('main', 'topic-1.txt', 'topic');
    await write('topic', 'topic-2.txt');
    await write('main', 'main-only.txt');
  });
  afterAll(() => ports.close());

  const text = async (kind: 'diff' | 'patch') => {
    const stream = await diffs.openPullDiff(repoPath, 'refs/heads/main', 'refs/heads/topic', kind);
    const output = (await buffer(stream.output)).toString('utf8');
    expect((await stream.done).exitCode).toBe(0);
    return output;
  };

  it('diff: what head changes since the merge base, not what base did meanwhile', async () => {
    const output = await text('diff');
    expect(output).toContain('+++ b/topic-1.txt');
    expect(output).toContain('+++ b/topic-2.txt');
    expect(output).not.toContain('main-only.txt');
  });

  it('patch: one mail per commit head has that base lacks, oldest first', async () => {
    expect((await text('patch')).match(/^Subject: .*$/gm)).toEqual([
      'Subject: [PATCH 1/2] add topic-1.txt',
      'Subject: [PATCH 2/2] add topic-2.txt',
    ]);
  });

  it('a revision that names nothing is a GitNotFoundError', async () => {
    await expect(diffs.openPullDiff(repoPath, 'refs/heads/main', 'refs/heads/nope', 'diff')).rejects.toBeInstanceOf(GitNotFoundError);
  });
});
