import { mentionedNames } from '../../src/notifications/mentions';

describe('mentionedNames', () => {
  it('finds names at the start, after spaces and after punctuation', () => {
    expect(mentionedNames('@alice look, (@bob) and\n@carol-d')).toEqual(['alice', 'bob', 'carol-d']);
  });

  it('lists each name once, lower-cased', () => {
    expect(mentionedNames('@Alice and @alice again')).toEqual(['alice']);
  });

  it('leaves trailing punctuation out of the name', () => {
    expect(mentionedNames('thanks @bob. and @eve_!')).toEqual(['bob', 'eve']);
  });

  it('ignores e-mail addresses and bare at-signs', () => {
    expect(mentionedNames('write to me@example.com or @ nobody')).toEqual([]);
  });
});
