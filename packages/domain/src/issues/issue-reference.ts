/**
 * Finds the issues a text mentions: `#N` (an issue of the same repository) and
 * `owner/repo#N`. Mentions inside code (fenced blocks and inline spans) and inside
 * URLs are not references: `https://example.com/page#12` links to an anchor.
 */

/** A mention of an issue; `repository` is absent for `#N` (the mentioning repository). */
export interface IssueReference {
  readonly repository?: RepositoryPath;
  readonly index: number;
}

/** A repository as `owner/name`, the way mentions and URLs spell it. */
export interface RepositoryPath {
  readonly owner: string;
  readonly name: string;
}

// Not preceded by a letter, digit, '/', '#', '.', '-' or '_': so `a#1`, `##3`,
// `x/y/z#4` and `v1.2#5` are not mentions. Not followed by a letter, digit, '_' or '#'.
const MENTION = /(?<![\p{L}\p{N}_/#.-])(?:([\p{L}\p{N}][\p{L}\p{N}_.-]*)\/([\p{L}\p{N}_.-]+))?#([1-9]\d*)(?![\p{L}\p{N}_#])/gu;

const URL = /[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s<>]*/g;

/** The distinct issues the text mentions, in order of first mention. */
export function parseIssueReferences(text: string): IssueReference[] {
  const seen = new Set<string>();
  const references: IssueReference[] = [];
  for (const match of withoutUrls(withoutCode(text)).matchAll(MENTION)) {
    const reference = toReference(match);
    if (!reference) continue;
    const key = referenceKey(reference);
    if (seen.has(key)) continue;
    seen.add(key);
    references.push(reference);
  }
  return references;
}

/** Owner and repository names are case-insensitive, as in URLs of the forge. */
export function referenceKey({ repository, index }: IssueReference): string {
  return repository ? `${repository.owner.toLowerCase()}/${repository.name.toLowerCase()}#${index}` : `#${index}`;
}

function toReference([, owner, name, digits]: RegExpMatchArray): IssueReference | null {
  const index = Number(digits);
  if (!Number.isSafeInteger(index)) return null;
  return owner && name ? { repository: { owner, name }, index } : { index };
}

/** Blanks masked text with spaces, so that what surrounds it keeps its boundaries. */
function blank(text: string): string {
  return text.replace(/[^\n]/g, ' ');
}

function withoutUrls(text: string): string {
  return text.replace(URL, blank);
}

function withoutCode(text: string): string {
  return withoutInlineCode(withoutFencedBlocks(text));
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Blanks fenced code blocks; one left open runs to the end of the text, as in Markdown. */
function withoutFencedBlocks(text: string): string {
  let openFence: string | null = null;
  return text
    .split('\n')
    .map((line) => {
      const fence = FENCE.exec(line)?.[1];
      if (openFence === null) {
        if (fence) openFence = fence;
        return openFence === null ? line : blank(line);
      }
      if (fence && fence[0] === openFence[0] && fence.length >= openFence.length && line.trim() === fence) openFence = null;
      return blank(line);
    })
    .join('\n');
}

/** Blanks inline code spans: a run of backticks up to the next run of the same length. */
function withoutInlineCode(text: string): string {
  return text.replace(/(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, blank);
}
