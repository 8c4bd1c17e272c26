/**
 * `@name` mentions in issue and comment text. A mention starts at the
 * beginning of the text or after a character that cannot be part of a word or
 * an e-mail address (so `me@example.com` mentions nobody), and takes the
 * longest owner name that follows; a trailing separator (as in "thanks @bob.")
 * is punctuation, not part of the name. Code spans and blocks are not excluded:
 * keep it simple, as the notification is harmless.
 */
const MENTION = /(?:^|[^A-Za-z0-9_.\-@/`])@([A-Za-z0-9](?:[A-Za-z0-9]|[-_.](?=[A-Za-z0-9]))*)/g;

/** The distinct names mentioned in `text`, lower-cased, in order of first mention. */
export function mentionedNames(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(MENTION)) names.add(match[1].toLowerCase());
  return [...names];
}
