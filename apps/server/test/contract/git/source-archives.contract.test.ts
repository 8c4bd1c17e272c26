import { execFile } from 'node:child_process';
import { buffer } from 'node:stream/consumers';
import { SourceArchives } from '../../../src/modules/releases/source-archives';
import { GitNotFoundError, InvalidGitInputError } from '../../../src/modules/repositories/git-errors';
import { RepositoryRefs } from '../../../src/modules/repositories/repository-refs';
import { BoundGitPorts, repositoryWith } from '../../support/git-ports';

/** The names of the entries of a gzipped tarball, as `tar -tz` lists them. */
function tarListing(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = execFile('tar', ['-tzf', '-'], (error, stdout) => (error ? reject(error) : resolve(stdout.split('\n').filter(Boolean))));
    child.stdin!.end(bytes);
  });
}

/** SourceArchives as bound to the git adapter (app/ports/releases.ports.ts), on a real bare repository. */
describe('SourceArchives contract (bound git adapter)', () => {
  let ports: BoundGitPorts;
  let archives: SourceArchives;
  let repoPath: string;

  beforeAll(async () => {
    ports = await BoundGitPorts.open();
    archives = ports.get(SourceArchives);
    ({ repoPath } = await repositoryWith(ports, 'project', { 'README.md': '# project\n', 'src/main.ts': 'x\n' }));
    await ports.get(RepositoryRefs).createTag(repoPath, 'v1.0', 'main');
  });
  afterAll(() => ports.close());

  it('streams a tar.gz of a tag with every file under the prefix', async () => {
    const stream = await archives.archive(repoPath, 'v1.0', 'tar.gz', 'project-v1.0');
    const bytes = await buffer(stream.output);
    expect((await stream.done).exitCode).toBe(0);
    expect(await tarListing(bytes)).toEqual(expect.arrayContaining(['project-v1.0/README.md', 'project-v1.0/src/main.ts']));
  });

  it('streams a zip of a branch or commit', async () => {
    const commit = await ports.get(RepositoryRefs).resolveCommit(repoPath, 'main');
    for (const revision of ['main', commit]) {
      const stream = await archives.archive(repoPath, revision, 'zip', 'project');
      expect((await buffer(stream.output)).subarray(0, 2).toString()).toBe('PK');
      expect((await stream.done).exitCode).toBe(0);
    }
  });

  it('a revision that names nothing is GitNotFoundError, a malformed one or a bad prefix InvalidGitInputError', async () => {
    await expect(archives.archive(repoPath, 'nope', 'zip', 'project')).rejects.toBeInstanceOf(GitNotFoundError);
    await expect(archives.archive(repoPath, 'a..b', 'zip', 'project')).rejects.toBeInstanceOf(InvalidGitInputError);
    await expect(archives.archive(repoPath, 'main', 'zip', '../up')).rejects.toBeInstanceOf(InvalidGitInputError);
  });
});
