/** What fills a license text's placeholders in a new repository's LICENSE. */
export interface LicenseValues {
  owner: string;
  email: string;
  repo: string;
  year: string;
}

interface Placeholders {
  owner: string[];
  email: string[];
  repo: string[];
  year: string[];
  /** Only lines matching this are filled (when a word is a placeholder in one line only). */
  line?: RegExp;
}

// The placeholders Forgejo fills in every license: spellings that mean nothing else in any SPDX text.
const UNIVERSAL: Placeholders = {
  owner: [
    '<name of author>',
    '<owner>',
    '[NAME]',
    '[name of copyright owner]',
    '[name of copyright holder]',
    '<COPYRIGHT HOLDERS>',
    '<copyright holders>',
    '<AUTHOR>',
    "<author's name or designee>",
    '[one or more legally recognised persons or entities offering the Work under the terms and conditions of this Licence]',
  ],
  email: ['[EMAIL]'],
  repo: ['<program>', "<one line to give the program's name and a brief idea of what it does.>"],
  year: ['<year>', '[YEAR]', '{YEAR}', '[yyyy]', '[Year]', '[year]'],
};

// 0BSD says AUTHOR twice, and only its copyright line's is a placeholder.
const SPECIAL: Record<string, Placeholders> = {
  '0BSD': { owner: ['AUTHOR'], email: ['EMAIL'], repo: [], year: ['YEAR'], line: /Copyright \(C\) YEAR by AUTHOR EMAIL/ },
};

/** The license text `name` with its owner, email, program and year placeholders filled, line by line, as Forgejo does. */
export function fillLicensePlaceholders(name: string, text: string, values: LicenseValues): string {
  const placeholders = SPECIAL[name] ?? UNIVERSAL;
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const filled = lines.map((line) => (placeholders.line && !placeholders.line.test(line) ? line : fillLine(line, placeholders, values)));
  return filled.map((line) => `${line}\n`).join('');
}

function fillLine(line: string, placeholders: Placeholders, values: LicenseValues): string {
  const replace = (text: string, spellings: string[], value: string) => spellings.reduce((t, s) => t.split(s).join(value), text);
  let result = replace(line, placeholders.owner, values.owner);
  result = replace(result, placeholders.email, values.email);
  result = replace(result, placeholders.repo, values.repo);
  return replace(result, placeholders.year, values.year);
}
