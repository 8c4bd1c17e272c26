import { BareRepositories } from '../../../src/modules/repositories/bare-repositories';
import { RepositoryContents } from '../../../src/modules/repositories/repository-contents';
import { RepositorySizes } from '../../../src/modules/repositories/repository-sizes';
import { ALICE, BoundGitPorts, repositoryWith } from '../../support/git-ports';

/** RepositorySizes as bound to the git adapter, on real bare repositories in a temporary directory. */
describe('RepositorySizes contract (bound git adapter)', () => {
  let ports: BoundGitPorts;
  let sizes: RepositorySizes;

  beforeAll(async () => {
    ports = await BoundGitPorts.open();
    sizes = ports.get(RepositorySizes);
  });
  afterAll(() => ports.close());

  it('an empty repository has no git data', async () => {
    const repoPath = await ports.get(BareRepositories).createBare('alice', 'empty', { defaultBranch: 'main' });
    expect(await sizes.measureSize(repoPath)).toBe(0);
  });

  it('grows with every object written, by at least the bytes stored', async () => {
    const { repoPath } = await repositoryWith(ports, 'growing');
    const first = await sizes.measureSize(repoPath);
    expect(first).toBeGreaterThan(0);
    // Random bytes do not compress: the new blob takes about as much as it holds.
    const content = Buffer.from(Array.from({ length: 64 * 1024 }, () => Math.floor(Math.random() * 256)));
    const noise = { branch: 'main', filePath: 'noise.bin', content, message: 'Noise', author: ALICE };
    await ports.get(RepositoryContents).createOrUpdateFile(repoPath, noise);
    const second = await sizes.measureSize(repoPath);
    expect(second - first).toBeGreaterThanOrEqual(64 * 1024);
    expect(await sizes.measureSize(repoPath)).toBe(second);
  });

  it('a repository that is not there measures nothing', async () => {
    expect(await sizes.measureSize(ports.get(BareRepositories).pathFor('alice', 'ghost'))).toBe(0);
  });
});
