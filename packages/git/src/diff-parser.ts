import type { ChangedFile, CommitInfo, CommitWithFiles, DiffStats, FileChangeStatus } from './types';

// Parsers for the NUL-separated (-z) output of `git log`/`git diff` with `--raw --numstat`.
// With -z every path is its own NUL-terminated token, so they are consumed by position and
// no file name can be mistaken for structure:
//   raw:      ":<modes> <shas> <status>" NUL <path> NUL            (R/C: <from> NUL <to> NUL)
//   numstat:  "<added>\t<deleted>\t<path>" NUL                      (R/C: "<a>\t<d>\t" NUL <from> NUL <to> NUL)
// Commits (log only) start with a header token beginning with RECORD_START.

export const RECORD_START = '\x1e';
const FIELD = '\x1f';

/** The `--format` for {@link parseLog}: fields separated by 0x1f; the message is last so it may contain anything but NUL and 0x1e. */
export const LOG_FORMAT = `${RECORD_START}%H${FIELD}%T${FIELD}%P${FIELD}%an${FIELD}%ae${FIELD}%aI${FIELD}%cn${FIELD}%ce${FIELD}%cI${FIELD}%B`;

/** Diff options shared by every caller so statuses and counts agree everywhere. */
export const DIFF_ARGS = ['--raw', '--numstat', '-z', '--find-renames', '--no-abbrev'] as const;

const STATUS: Record<string, FileChangeStatus> = {
  A: 'added',
  M: 'modified',
  T: 'modified', // file type changed (e.g. file ↔ symlink): still "modified" for the API
  D: 'removed',
  R: 'renamed',
  C: 'copied',
};

class TokenReader {
  private index = 0;
  constructor(private readonly tokens: string[]) {}
  peek(): string | undefined {
    return this.tokens[this.index];
  }
  next(): string {
    const token = this.tokens[this.index++];
    if (token === undefined) throw new Error('unexpected end of git output');
    return token;
  }
  get done(): boolean {
    return this.index >= this.tokens.length;
  }
}

function tokenize(output: string): TokenReader {
  const tokens = output.split('\0');
  if (tokens[tokens.length - 1] === '') tokens.pop();
  return new TokenReader(tokens);
}

/** Git puts a newline between a commit's header and its diff; it is not part of any token. */
function stripLeadingNewline(token: string): string {
  return token.startsWith('\n') ? token.slice(1) : token;
}

/** Reads raw and numstat entries until the next commit header or the end. */
function readDiff(reader: TokenReader): ChangedFile[] {
  const files = new Map<string, ChangedFile>();
  const counts = new Map<string, { additions: number; deletions: number; binary: boolean }>();
  while (!reader.done) {
    const token = stripLeadingNewline(reader.peek()!);
    if (token.startsWith(RECORD_START)) break;
    reader.next();
    if (token === '') continue;
    if (token.startsWith(':')) {
      const code = token.slice(token.lastIndexOf(' ') + 1);
      const letter = code.charAt(0);
      const twoPaths = letter === 'R' || letter === 'C';
      const from = reader.next();
      const to = twoPaths ? reader.next() : from;
      files.set(to, {
        filename: to,
        ...(twoPaths ? { previousFilename: from } : {}),
        status: STATUS[letter] ?? 'modified',
        additions: 0,
        deletions: 0,
        changes: 0,
        binary: false,
      });
      continue;
    }
    const match = /^(\d+|-)\t(\d+|-)\t([\s\S]*)$/.exec(token);
    if (!match) throw new Error(`unexpected git diff output: ${JSON.stringify(token.slice(0, 80))}`);
    let filename = match[3];
    if (filename === '') {
      reader.next(); // the path before the rename
      filename = reader.next();
    }
    const binary = match[1] === '-';
    counts.set(filename, { additions: binary ? 0 : Number(match[1]), deletions: binary ? 0 : Number(match[2]), binary });
  }
  for (const [filename, count] of counts) {
    const file = files.get(filename);
    if (file) Object.assign(file, count, { changes: count.additions + count.deletions });
  }
  return [...files.values()];
}

export function statsOf(files: readonly ChangedFile[]): DiffStats {
  const additions = files.reduce((sum, file) => sum + file.additions, 0);
  const deletions = files.reduce((sum, file) => sum + file.deletions, 0);
  return { additions, deletions, total: additions + deletions };
}

/** Parses `git diff <DIFF_ARGS>` output. */
export function parseDiff(output: string): ChangedFile[] {
  return readDiff(tokenize(output));
}

function parseHeader(token: string): CommitInfo {
  const fields = token.slice(RECORD_START.length).split(FIELD);
  if (fields.length < 10) throw new Error('unexpected git log header');
  const [sha, tree, parents, authorName, authorEmail, authorDate, committerName, committerEmail, committerDate] = fields;
  return {
    sha,
    tree,
    parents: parents === '' ? [] : parents.split(' '),
    author: { name: authorName, email: authorEmail, date: authorDate },
    committer: { name: committerName, email: committerEmail, date: committerDate },
    message: fields.slice(9).join(FIELD),
  };
}

/** Parses `git log --format=<LOG_FORMAT> <DIFF_ARGS>` output. */
export function parseLog(output: string): CommitWithFiles[] {
  const reader = tokenize(output);
  const commits: CommitWithFiles[] = [];
  while (!reader.done) {
    const token = stripLeadingNewline(reader.next());
    if (token === '') continue;
    if (!token.startsWith(RECORD_START)) throw new Error('unexpected git log output');
    const commit = parseHeader(token);
    const files = readDiff(reader);
    commits.push({ ...commit, files, stats: statsOf(files) });
  }
  return commits;
}
