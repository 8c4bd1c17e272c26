import { crossReferenceEvents } from '../../src/issues';
import { at, IssueMother } from './issue-mother';

describe('cross-reference events', () => {
  const source = IssueMother.typical(); // alice/garden#1
  const date = at('2024-05-05T10:00:00Z');
  const target = (owner: string, name: string, index: number) => ({ target: { repository: { owner, name }, index }, createdAt: date });

  it('resolves #N against the mentioning repository', () => {
    expect(crossReferenceEvents('see #4', source, date)).toEqual([target('alice', 'garden', 4)]);
  });

  it('creates none for an issue mentioning itself, however it is spelt', () => {
    expect(crossReferenceEvents('#1 alice/garden#1 Alice/Garden#1', source, date)).toEqual([]);
  });

  it('creates one event per issue even when #N and owner/repo#N name the same one', () => {
    expect(crossReferenceEvents('#4 alice/garden#4 bob/tools#4', source, date)).toEqual([
      target('alice', 'garden', 4),
      target('bob', 'tools', 4),
    ]);
  });
});
