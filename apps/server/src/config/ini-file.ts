/**
 * An INI file read the way Forgejo reads its app.ini (the Go `ini` library
 * with the options Forgejo passes it), so that an operator's file means the
 * same to Bellows:
 *
 * - a line starting with `;` or `#` is a comment; so is the rest of an
 *   unquoted value from its first `;` or `#` (`HOST = db:5432 ; primary`);
 * - a value in backquotes, or in triple double quotes, is taken literally,
 *   `;` and `#` included, and may span lines (Forgejo's installer writes
 *   `PASSWD = \`pa#ss\`` for such a password);
 * - a value in single or double quotes loses them (`NAME = "forge"`);
 * - `KEY = value` and `KEY: value` both set a key (the first `=` or `:` ends
 *   the name); a trailing `\` is kept, not a continuation;
 * - keys before any `[section]` belong to the section `DEFAULT`.
 *
 * `%(KEY)s` references are left as they are here: see interpolation.ts.
 */

/** One `KEY = value` of the file, in the order written. */
export interface IniEntry {
  section: string;
  key: string;
  value: string;
  /** 1-based, for messages. */
  line: number;
}

export class IniSyntaxError extends Error {
  constructor(
    readonly line: number,
    problem: string,
  ) {
    super(`line ${line}: ${problem}`);
    this.name = 'IniSyntaxError';
  }
}

export const DEFAULT_SECTION = 'DEFAULT';

/** Quotes that make a value literal (and possibly multi-line): the longer first. */
const LITERAL_QUOTES = ['"""', '`'];

/** The file's lines, each with its line break, so that multi-line values keep theirs. */
function splitLines(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/(?<=\n)/);
}

export function parseIni(text: string): IniEntry[] {
  const lines = splitLines(text);
  const entries: IniEntry[] = [];
  let section = DEFAULT_SECTION;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index].trimStart();
    if (line === '' || line.startsWith(';') || line.startsWith('#')) continue;
    if (line.startsWith('[')) {
      section = sectionName(line, index + 1);
      continue;
    }
    const { key, rest } = splitKey(line, index + 1);
    const read = readValue(rest, lines, index);
    entries.push({ section, key, value: read.value, line: index + 1 });
    index = read.lastIndex;
  }
  return entries;
}

/** `[name]`, anything after the `]` being a comment. */
function sectionName(line: string, lineNumber: number): string {
  const close = line.lastIndexOf(']');
  if (close === -1) throw new IniSyntaxError(lineNumber, `"${line.trim()}" has no closing "]"`);
  const name = line.slice(1, close).trim();
  if (!name) throw new IniSyntaxError(lineNumber, 'a section name is empty');
  return name;
}

/** The key name (possibly quoted) and the text after its `=` or `:`. */
function splitKey(line: string, lineNumber: number): { key: string; rest: string } {
  const quote = ['"""', '"', '`'].find((q) => line.startsWith(q) && (q !== '"""' || line.length > 6));
  let nameEnd = 0;
  let searchFrom = 0;
  if (quote) {
    nameEnd = line.indexOf(quote, quote.length);
    if (nameEnd === -1) throw new IniSyntaxError(lineNumber, `the key name ${line.trim()} has no closing ${quote}`);
    searchFrom = nameEnd + quote.length;
  }
  const delimiter = line.slice(searchFrom).search(/[=:]/);
  if (delimiter === -1) {
    throw new IniSyntaxError(lineNumber, `"${line.trim()}" is not "KEY = value", a [section] or a comment (; or #)`);
  }
  const key = (quote ? line.slice(quote.length, nameEnd) : line.slice(0, delimiter)).trim();
  if (!key) throw new IniSyntaxError(lineNumber, `"${line.trim()}" has no key name before its "${line[searchFrom + delimiter]}"`);
  return { key, rest: line.slice(searchFrom + delimiter + 1) };
}

/** The value starting in `rest` (the end of line `index`), and the index of the line it ends on. */
function readValue(rest: string, lines: string[], index: number): { value: string; lastIndex: number } {
  const text = rest.trimStart();
  // `"""` needs something after it, if only the line break, to open a value.
  const quote = LITERAL_QUOTES.find((q) => text.startsWith(q) && (q !== '"""' || text.length > 3));
  if (!quote) return { value: plainValue(text), lastIndex: index };
  const body = text.slice(quote.length);
  const close = body.lastIndexOf(quote);
  if (close !== -1) return { value: body.slice(0, close), lastIndex: index };
  let value = body;
  for (let next = index + 1; next < lines.length; next++) {
    const end = lines[next].lastIndexOf(quote);
    if (end !== -1) return { value: value + lines[next].slice(0, end), lastIndex: next };
    value += lines[next];
  }
  throw new IniSyntaxError(index + 1, `the value opened with ${quote} is never closed`);
}

/** An unquoted value: trimmed, cut at an inline comment, and out of one pair of surrounding quotes. */
function plainValue(text: string): string {
  let value = text.trim();
  const comment = value.search(/[#;]/);
  if (comment !== -1) value = value.slice(0, comment).trim();
  for (const quote of ["'", '"']) {
    // Only a value whose sole quotes are the outer two: `"a" and "b"` stays as it is.
    if (value.length >= 2 && value.startsWith(quote) && value.endsWith(quote) && value.indexOf(quote, 1) === value.length - 1) {
      return value.slice(1, -1);
    }
  }
  return value;
}
