import { BadRequestException } from '@nestjs/common';
import { isNpmVersion } from './npm-path';

/** One version as `npm publish` sends it. */
export interface NpmPublication {
  version: string;
  /** The version's manifest (package.json as npm normalised it), without `dist`, which the registry fills in. */
  manifest: Record<string, unknown>;
  /** Tags to point at the new version (usually `latest`, or the one given with `--tag`). */
  distTags: string[];
  /** The tarball's size as the attachment's `length` gives it, if it does. */
  announcedLength?: number;
  /** The digests the client computed (hex), checked against what arrives. */
  expectedSha512?: string;
  expectedSha1?: string;
}

type Json = Record<string, unknown>;

/**
 * Reads the document `npm publish` PUTs to `/{name}`: the package name, one
 * version's manifest, its dist-tags, and the attachment that held the tarball
 * (its bytes were streamed apart: see npm-publish-body.ts). Anything missing
 * or inconsistent is a 400 naming it.
 */
export function parsePublication(body: unknown, name: string): NpmPublication {
  const doc = object(body, 'the body');
  if (doc.name !== name) throw new BadRequestException(`"name" must be the package name of the URL, ${name}`);
  const versions = object(doc.versions, '"versions"');
  const versionKeys = Object.keys(versions);
  if (versionKeys.length !== 1) throw new BadRequestException('"versions" must hold exactly one version');
  const version = versionKeys[0];
  if (!isNpmVersion(version)) throw new BadRequestException(`"${version}" is not a semantic version`);
  const manifest = object(versions[version], `"versions.${version}"`);
  if (manifest.name !== undefined && manifest.name !== name) throw new BadRequestException(`"versions.${version}.name" must be ${name}`);
  const dist = manifest.dist === undefined ? {} : object(manifest.dist, `"versions.${version}.dist"`);
  const { dist: _dist, ...rest } = manifest;
  return {
    version,
    manifest: { ...rest, name, version },
    distTags: tagsFor(doc['dist-tags'], version),
    announcedLength: announcedLengthOf(doc._attachments),
    expectedSha512: sha512Of(dist.integrity),
    expectedSha1: typeof dist.shasum === 'string' ? dist.shasum.toLowerCase() : undefined,
  };
}

function object(value: unknown, what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new BadRequestException(`${what} must be a JSON object`);
  return value as Json;
}

function tagsFor(value: unknown, version: string): string[] {
  if (value === undefined) return ['latest'];
  const tags = object(value, '"dist-tags"');
  return Object.keys(tags).filter((tag) => tags[tag] === version);
}

function announcedLengthOf(value: unknown): number | undefined {
  const attachments = Object.values(object(value, '"_attachments"'));
  if (attachments.length !== 1) throw new BadRequestException('"_attachments" must hold exactly one tarball');
  const attachment = object(attachments[0], 'the attachment');
  if (attachment.length !== undefined && typeof attachment.length !== 'number')
    throw new BadRequestException('the attachment\'s "length" must be a number');
  return attachment.length;
}

/** The sha512 of an SRI string (`sha512-<base64>`, possibly among others), as hex. */
function sha512Of(integrity: unknown): string | undefined {
  if (typeof integrity !== 'string') return undefined;
  const entry = integrity.split(/\s+/).find((part) => part.startsWith('sha512-'));
  return entry ? Buffer.from(entry.slice('sha512-'.length).split('?')[0], 'base64').toString('hex') : undefined;
}
