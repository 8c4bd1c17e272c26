import { stat } from 'node:fs/promises';
import * as path from 'node:path';
import { BareRepositories } from '../../../src/modules/repositories/bare-repositories';
import { GitConflictError, GitNotFoundError, InvalidGitInputError } from '../../../src/modules/repositories/git-errors';
import { RepositoryRefs } from '../../../src/modules/repositories/repository-refs';
import { BoundGitPorts, repositoryWith } from '../../support/git-ports';

/** BareRepositories as bound to the git adapter, on real bare repositories in a temporary directory. */
describe('BareRepositories contract (bound git adapter)', () => {
  let ports: BoundGitPorts;
  let bare: BareRepositories;

  beforeAll(async () => {
    ports = await BoundGitPorts.open();
    bare = ports.get(BareRepositories);
  });
  afterAll(() => ports.close());

  it('places a repository and its wiki under the root by lower-cased owner and name, whether or not they exist', () => {
    const repoPath = bare.pathFor('Alice', 'Project');
    expect(repoPath).toBe(bare.pathFor('alice', 'project'));
    expect(bare.wikiPathFor('Alice', 'Project')).toBe(path.join(path.dirname(repoPath), 'project.wiki.git'));
    expect(repoPath.startsWith(ports.root)).toBe(true);
  });

  it('refuses a name that is no single path segment with InvalidGitInputError', () => {
    expect(() => bare.pathFor('alice', '../escape')).toThrow(InvalidGitInputError);
    expect(() => bare.pathFor('a/b', 'project')).toThrow(InvalidGitInputError);
  });

  it('creates an empty bare repository whose HEAD names the default branch; exists answers whether it is there', async () => {
    expect(await bare.exists('alice', 'fresh')).toBe(false);
    const repoPath = await bare.createBare('alice', 'fresh', { defaultBranch: 'trunk' });
    expect(repoPath).toBe(bare.pathFor('alice', 'fresh'));
    expect(await bare.exists('alice', 'FRESH')).toBe(true);
    const refs = ports.get(RepositoryRefs);
    expect(await refs.isEmpty(repoPath)).toBe(true);
    expect(await refs.getDefaultBranch(repoPath)).toBe('trunk');
  });

  it('answers GitConflictError when the repository (or wiki) is already there, InvalidGitInputError for a bad branch', async () => {
    await bare.createBare('alice', 'twice', { defaultBranch: 'main' });
    await expect(bare.createBare('alice', 'Twice', { defaultBranch: 'main' })).rejects.toBeInstanceOf(GitConflictError);
    await bare.createWiki('alice', 'twice', { defaultBranch: 'main' });
    await expect(bare.createWiki('alice', 'twice', { defaultBranch: 'main' })).rejects.toBeInstanceOf(GitConflictError);
    await expect(bare.createBare('alice', 'badbranch', { defaultBranch: 'a..b' })).rejects.toBeInstanceOf(InvalidGitInputError);
  });

  it('creates the wiki as a second bare repository next to the repository', async () => {
    const wikiPath = await bare.createWiki('alice', 'wikied', { defaultBranch: 'main' });
    expect(wikiPath).toBe(bare.wikiPathFor('alice', 'wikied'));
    expect((await stat(wikiPath)).isDirectory()).toBe(true);
    expect(await bare.exists('alice', 'wikied')).toBe(false);
  });

  it('deletes the repository and its wiki; deleting what is not there is no error', async () => {
    await repositoryWith(ports, 'doomed');
    await bare.createWiki('alice', 'doomed', { defaultBranch: 'main' });
    await bare.delete('alice', 'doomed');
    expect(await bare.exists('alice', 'doomed')).toBe(false);
    await expect(stat(bare.wikiPathFor('alice', 'doomed'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(bare.delete('alice', 'doomed')).resolves.toBeUndefined();
  });

  it('moves a repository with its wiki to a new owner and name, keeping its history', async () => {
    const { initial } = await repositoryWith(ports, 'mover');
    await bare.createWiki('alice', 'mover', { defaultBranch: 'main' });
    const moved = await bare.move({ owner: 'alice', repo: 'mover' }, { owner: 'bob', repo: 'moved' });
    expect(moved).toBe(bare.pathFor('bob', 'moved'));
    expect(await bare.exists('alice', 'mover')).toBe(false);
    expect((await stat(bare.wikiPathFor('bob', 'moved'))).isDirectory()).toBe(true);
    expect(await ports.get(RepositoryRefs).branchTip(moved, 'main')).toBe(initial);
  });

  it('moving onto itself changes nothing; a missing source is GitNotFoundError, a taken target GitConflictError', async () => {
    await repositoryWith(ports, 'stay');
    await repositoryWith(ports, 'taken');
    expect(await bare.move({ owner: 'alice', repo: 'stay' }, { owner: 'Alice', repo: 'STAY' })).toBe(bare.pathFor('alice', 'stay'));
    await expect(bare.move({ owner: 'alice', repo: 'ghost' }, { owner: 'alice', repo: 'other' })).rejects.toBeInstanceOf(GitNotFoundError);
    await expect(bare.move({ owner: 'alice', repo: 'stay' }, { owner: 'alice', repo: 'taken' })).rejects.toBeInstanceOf(GitConflictError);
    expect(await bare.exists('alice', 'stay')).toBe(true);
  });

  it('forks a repository into a bare repository of its own with the same branches, tags and HEAD, and no alternates', async () => {
    const { repoPath, initial } = await repositoryWith(ports, 'origin');
    const refs = ports.get(RepositoryRefs);
    await refs.createTag(repoPath, 'v1', initial);
    const forked = await bare.fork({ owner: 'alice', repo: 'origin' }, { owner: 'bob', repo: 'copy' }, { defaultBranch: 'main' });
    expect(forked).toBe(bare.pathFor('bob', 'copy'));
    expect(await refs.branchTip(forked, 'main')).toBe(initial);
    expect((await refs.listTags(forked)).map((tag) => tag.name)).toEqual(['v1']);
    await expect(stat(path.join(forked, 'objects', 'info', 'alternates'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(
      bare.fork({ owner: 'alice', repo: 'ghost' }, { owner: 'bob', repo: 'other' }, { defaultBranch: 'main' }),
    ).rejects.toBeInstanceOf(GitNotFoundError);
    await expect(
      bare.fork({ owner: 'alice', repo: 'origin' }, { owner: 'bob', repo: 'copy' }, { defaultBranch: 'main' }),
    ).rejects.toBeInstanceOf(GitConflictError);
  });

  it('fetches a branch of one repository into a ref of another, and deletes refs', async () => {
    const { initial } = await repositoryWith(ports, 'upstream');
    await repositoryWith(ports, 'downstream', { 'other.txt': 'unrelated\n' });
    const into = { owner: 'alice', repo: 'downstream' };
    expect(await bare.fetchBranch(into, { owner: 'alice', repo: 'upstream' }, 'main', 'refs/pull/1/head')).toBe(initial);
    const refs = ports.get(RepositoryRefs);
    expect(await refs.resolveRef(bare.pathFor('alice', 'downstream'), 'refs/pull/1/head')).toBe(initial);
    expect(await bare.fetchBranch(into, { owner: 'alice', repo: 'upstream' }, 'no-such-branch', 'refs/pull/2/head')).toBeUndefined();
    await bare.deleteRef(into, 'refs/pull/1/head');
    await bare.deleteRef(into, 'refs/pull/1/head');
    expect(await refs.resolveRef(bare.pathFor('alice', 'downstream'), 'refs/pull/1/head')).toBeUndefined();
  });
});
