import { BadRequestException } from '@nestjs/common';

/** What a path under `api/packages/{owner}/npm/` addresses. */
export type NpmTarget =
  | { kind: 'package'; name: string }
  /** `{name}/-rev/{rev}`: npm's whole-document revision (PUT to rewrite it, DELETE to unpublish everything). */
  | { kind: 'revision'; name: string }
  /** `{name}/-/{version}/{file}[/-rev/{rev}]`: a version's tarball. */
  | { kind: 'tarball'; name: string; version: string; fileName: string }
  /** `-/package/{name}/dist-tags[/{tag}]` */
  | { kind: 'dist-tags'; name: string; tag?: string };

/** npm's rules for package names: lower case, URL-safe, optionally scoped, at most 214 characters. */
const NPM_NAME = /^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;
const MAX_NAME_LENGTH = 214;

/** Versions as semver has them. */
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$/;

export function isNpmVersion(version: string): boolean {
  return version.length <= 255 && SEMVER.test(version);
}

export function npmNameProblem(name: string): string | null {
  return NPM_NAME.test(name) && name.length <= MAX_NAME_LENGTH ? null : `invalid npm package name "${name}"`;
}

/** The name without its scope: `@scope/name` → `name`. */
export function unscopedName(name: string): string {
  return name.slice(name.indexOf('/') + 1);
}

/**
 * Reads the part of a request URL after `/api/packages/{owner}/npm/`. A scoped name comes either
 * as one segment with an encoded slash (`@scope%2fname`, as npm sends it) or
 * as two (`@scope/name`, as in tarball URLs); both mean the same package.
 */
export function parseNpmPath(url: string): NpmTarget {
  const tail = /^\/api\/packages\/[^/]+\/npm\/(.*)$/.exec(url.split('?', 1)[0]);
  if (!tail) throw unknownPath();
  const segments = tail[1].split('/').map(decodeSegment);
  if (segments[0] === '-' && segments[1] === 'package') {
    const { name, rest } = takeName(segments.slice(2));
    if (rest[0] !== 'dist-tags' || rest.length > 2) throw unknownPath();
    return { kind: 'dist-tags', name, tag: rest[1] };
  }
  const { name, rest } = takeName(segments);
  if (rest.length === 0) return { kind: 'package', name };
  if (rest[0] === '-rev' && rest.length === 2) return { kind: 'revision', name };
  if (rest[0] === '-' && (rest.length === 3 || (rest.length === 5 && rest[3] === '-rev'))) {
    return { kind: 'tarball', name, version: rest[1], fileName: rest[2] };
  }
  throw unknownPath();
}

function takeName(segments: string[]): { name: string; rest: string[] } {
  const joined = segments[0]?.startsWith('@') && !segments[0].includes('/') && segments.length > 1;
  const name = joined ? `${segments[0]}/${segments[1]}` : (segments[0] ?? '');
  const problem = npmNameProblem(name);
  if (problem) throw new BadRequestException(problem);
  return { name, rest: segments.slice(joined ? 2 : 1) };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new BadRequestException(`the path segment "${segment}" is not valid percent-encoding`);
  }
}

function unknownPath(): Error {
  return new BadRequestException('this npm registry path is not supported');
}
