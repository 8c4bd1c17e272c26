import { parseIssueReferences } from '../../src/issues';

const local = (index: number) => ({ index });
const inRepo = (owner: string, name: string, index: number) => ({ repository: { owner, name }, index });

describe('finding issue references in a text', () => {
  it('finds #1', () => {
    expect(parseIssueReferences('Fixes #1')).toEqual([local(1)]);
  });

  it('finds org/repo#2', () => {
    expect(parseIssueReferences('See org/repo#2.')).toEqual([inRepo('org', 'repo', 2)]);
  });

  it('finds mentions at the start, inside brackets and before punctuation', () => {
    expect(parseIssueReferences('#3 (and #4), also my-org/my.repo_x#5!')).toEqual([local(3), local(4), inRepo('my-org', 'my.repo_x', 5)]);
  });

  it('ignores mentions inside inline code', () => {
    expect(parseIssueReferences('Run `git log #6` and ``a ` #7`` but see #8')).toEqual([local(8)]);
  });

  it('ignores mentions inside fenced code blocks', () => {
    const text = ['Before #1', '```sh', 'echo #2', 'org/repo#3', '```', '~~~', '#4', '~~~', 'After #5'].join('\n');
    expect(parseIssueReferences(text)).toEqual([local(1), local(5)]);
  });

  it('ignores everything after a fence that is never closed', () => {
    expect(parseIssueReferences('#1\n```\n#2')).toEqual([local(1)]);
  });

  it('ignores mentions inside URLs', () => {
    expect(parseIssueReferences('https://example.com/org/repo#12 and https://example.com/page#13 but #14')).toEqual([local(14)]);
  });

  it('lists each issue once, in order of first mention, whatever the case of the names', () => {
    expect(parseIssueReferences('#2 org/repo#1 #2 ORG/Repo#1 #2')).toEqual([local(2), inRepo('org', 'repo', 1)]);
  });

  it('finds nothing in a # alone', () => {
    expect(parseIssueReferences('# Heading\nissue # 5 and #')).toEqual([]);
  });

  it('finds nothing in ##3', () => {
    expect(parseIssueReferences('##3')).toEqual([]);
  });

  it.each(['abc#3', 'C#4', '#5abc', '#0', 'a/b/c#6', 'v1.2#7', '#8#9'])('finds nothing in %p', (text) => {
    expect(parseIssueReferences(text)).toEqual([]);
  });

  it('ignores a number too large to be an issue index', () => {
    expect(parseIssueReferences('#99999999999999999999')).toEqual([]);
  });
});
