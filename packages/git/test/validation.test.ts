import * as path from 'node:path';
import {
  GitRepositories,
  InvalidGitInputError,
  assertPathSegment,
  assertRefName,
  assertRevision,
  assertTreePath,
  assertWritableTreePath,
} from '../src';

describe('validation of names, refs and paths', () => {
  it.each(['..', '../etc', '-rf', 'a/b', 'a\0b', '', '.hidden', 'a..b', 'a b'])('rejects the repository name %j', (name) => {
    expect(() => assertPathSegment('repository name', name)).toThrow(InvalidGitInputError);
  });

  it.each(['project', 'my-repo', 'repo.js', 'Under_score', '1st'])('accepts the repository name %j', (name) => {
    expect(assertPathSegment('repository name', name)).toBe(name);
  });

  it.each([
    '-main',
    '--upload-pack=x',
    'a..b',
    'a b',
    'a~1',
    'HEAD^',
    'x:y',
    'a/',
    '/a',
    'a//b',
    'a.lock',
    '.a',
    'a/.b',
    'a.',
    '@',
    'a@{1}',
    'a\nb',
    '',
  ])('rejects the ref name %j', (ref) => {
    expect(() => assertRefName('branch', ref)).toThrow(InvalidGitInputError);
  });

  it.each(['main', 'feature/login', 'release-1.0', 'v1.2.3', 'fix_#12'])('accepts the ref name %j', (ref) => {
    expect(assertRefName('branch', ref)).toBe(ref);
  });

  it('accepts abbreviated and full commit ids as revisions', () => {
    expect(assertRevision('sha', 'abc1234')).toBe('abc1234');
    expect(assertRevision('sha', 'a'.repeat(40))).toBe('a'.repeat(40));
    expect(() => assertRevision('sha', '--all')).toThrow(InvalidGitInputError);
  });

  it.each(['../x', 'a/../b', '/etc/passwd', 'a//b', './a', 'a\0b', ''])('rejects the tree path %j', (p) => {
    expect(() => assertTreePath('path', p)).toThrow(InvalidGitInputError);
  });

  it('rejects writing into .git in any letter case', () => {
    expect(() => assertWritableTreePath('path', '.git/config')).toThrow(InvalidGitInputError);
    expect(() => assertWritableTreePath('path', 'sub/.GIT/hooks/x')).toThrow(InvalidGitInputError);
    expect(assertWritableTreePath('path', 'docs/-dash.md')).toBe('docs/-dash.md');
  });

  it('names the offending field in the error message', () => {
    expect(() => assertRefName('branch', 'a..b')).toThrow(/invalid branch "a\.\.b"/);
  });

  it('keeps every repository path inside the root, lower-cased', () => {
    const repos = new GitRepositories('/srv/repos');
    expect(repos.pathFor('Alice', 'My-Repo')).toBe(path.join('/srv/repos', 'alice', 'my-repo.git'));
    expect(repos.wikiPathFor('alice', 'my-repo')).toBe(path.join('/srv/repos', 'alice', 'my-repo.wiki.git'));
    expect(() => repos.pathFor('..', 'x')).toThrow(InvalidGitInputError);
    expect(() => repos.pathFor('alice', '../../etc')).toThrow(InvalidGitInputError);
  });
});
