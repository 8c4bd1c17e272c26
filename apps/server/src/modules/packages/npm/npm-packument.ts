import { DigestedPackageBlob, Package, PackageVersion } from '@bellows/domain';

/** A published version with its tarball. */
export interface NpmVersionRecord {
  version: PackageVersion;
  fileName: string;
  blob: DigestedPackageBlob;
}

/**
 * The package document (packument) `npm view` and `npm install` read: every
 * version's manifest with a `dist` pointing at our tarball URL and carrying
 * its digests, the dist-tags, and publication times.
 */
export function buildPackument(
  pkg: Package,
  versions: NpmVersionRecord[],
  distTags: Record<string, string>,
  tarballUrl: (version: string, fileName: string) => string,
): Record<string, unknown> {
  const manifests: Record<string, unknown> = {};
  const time: Record<string, string> = {};
  for (const { version, fileName, blob } of versions) {
    manifests[version.version] = {
      ...parseManifest(version.metadata),
      name: pkg.name,
      version: version.version,
      dist: {
        shasum: blob.sha1,
        integrity: `sha512-${Buffer.from(blob.sha512, 'hex').toString('base64')}`,
        tarball: tarballUrl(version.version, fileName),
      },
    };
    time[version.version] = version.createdAt.toISOString();
  }
  const latest = manifests[distTags.latest] as Record<string, unknown> | undefined;
  if (versions.length > 0) {
    time.created = versions[0].version.createdAt.toISOString();
    time.modified = versions[versions.length - 1].version.createdAt.toISOString();
  }
  return { _id: pkg.name, name: pkg.name, description: latest?.description ?? '', 'dist-tags': distTags, versions: manifests, time };
}

function parseManifest(metadata: string | null): Record<string, unknown> {
  if (!metadata) return {};
  try {
    return JSON.parse(metadata) as Record<string, unknown>;
  } catch {
    return {};
  }
}
