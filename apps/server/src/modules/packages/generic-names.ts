/**
 * What the generic registry accepts in its URLs, as Forgejo does: package
 * names and versions of ASCII letters, digits and `-_+.`; file names may also
 * hold spaces and common punctuation, but never a slash. Each fits a 255
 * character column. `.` and `..` alone are refused as file names.
 */
const NAME_OR_VERSION = /^[-_+.A-Za-z0-9]+$/;
const FILE_NAME = /^[-_+=:;.()[\]{}~!@#$%^& A-Za-z0-9]+$/;
const MAX_LENGTH = 255;

export function genericNameProblem(name: string): string | null {
  return NAME_OR_VERSION.test(name) && name.length <= MAX_LENGTH ? null : `invalid package name "${name}": use letters, digits, "-", "_", "+" and "."`;
}

export function genericVersionProblem(version: string): string | null {
  return NAME_OR_VERSION.test(version) && version.length <= MAX_LENGTH ? null : `invalid package version "${version}": use letters, digits, "-", "_", "+" and "."`;
}

export function genericFileNameProblem(fileName: string): string | null {
  const valid = FILE_NAME.test(fileName) && fileName.length <= MAX_LENGTH && fileName !== '.' && fileName !== '..';
  return valid ? null : `invalid file name "${fileName}"`;
}
