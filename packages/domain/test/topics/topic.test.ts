import { isValidTopicName, sanitizeTopicNames } from '../../src';

describe('topic names', () => {
  it.each(['go', 'web-app', 'v1.2', '3d', 'a'.repeat(35)])('accepts %j', (name) => expect(isValidTopicName(name)).toBe(true));
  it.each(['', '-go', '.go', 'Go', 'web app', 'a_b', 'a'.repeat(36), 'ünï'])('refuses %j', (name) =>
    expect(isValidTopicName(name)).toBe(false),
  );

  it('are trimmed, lowercased and deduplicated before they are judged', () => {
    expect(sanitizeTopicNames([' Go ', 'go', 'Web', '', 'bad name', '-x'])).toEqual({ valid: ['go', 'web'], invalid: ['bad name', '-x'] });
  });
});
