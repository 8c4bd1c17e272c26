/**
 * What the generic registry accepts in its URLs, as Forgejo does: package
 * names and versions of ASCII letters, digits and `-_+.`; file names may also
 * hold spaces and common punctuation, but never a slash, nor spaces at either
 * end. Each fits a 255 character column.
 *
 * A name, version or file name is one path segment of the package's URL (and
 * of every link built from it), so the dot segments `.` and `..` are refused
 * in each: a client sending them literally or as `%2e` would otherwise store a
 * package that no normalising client can reach. Like Forgejo, a one-character
 * name must be a letter or a digit.
 */
const NAME_OR_VERSION = /^[-_+.A-Za-z0-9]+$/;
const FILE_NAME = /^[-_+=:;.()[\]{}~!@#$%^& A-Za-z0-9]+$/;
const MAX_LENGTH = 255;
const ALLOWED = 'use letters, digits, "-", "_", "+" and "."';

export function genericNameProblem(name: string): string | null {
  if (isDotSegment(name)) return `invalid package name "${name}": "." and ".." are not package names`;
  if (name.length === 1 && !/^[A-Za-z0-9]$/.test(name))
    return `invalid package name "${name}": a one-character name must be a letter or a digit`;
  return NAME_OR_VERSION.test(name) && name.length <= MAX_LENGTH ? null : `invalid package name "${name}": ${ALLOWED}`;
}

export function genericVersionProblem(version: string): string | null {
  if (isDotSegment(version)) return `invalid package version "${version}": "." and ".." are not versions`;
  return NAME_OR_VERSION.test(version) && version.length <= MAX_LENGTH ? null : `invalid package version "${version}": ${ALLOWED}`;
}

export function genericFileNameProblem(fileName: string): string | null {
  if (isDotSegment(fileName)) return `invalid file name "${fileName}": "." and ".." are not file names`;
  if (fileName.trim() !== fileName) return `invalid file name "${fileName}": it may not start or end with a space`;
  return FILE_NAME.test(fileName) && fileName.length <= MAX_LENGTH ? null : `invalid file name "${fileName}"`;
}

function isDotSegment(segment: string): boolean {
  return segment === '.' || segment === '..';
}
