import type { BlobDigests } from '@bellows/domain';
import type { DigestAlgorithm, Digests } from '@bellows/storage';

/**
 * The digests a package file reports besides its sha256 (its content address),
 * as Forgejo's package API does for every file (`md5`, `sha1`, `sha256`,
 * `sha512` of GET /packages/{owner}/{type}/{name}/{version}/files; npm's
 * `shasum` and `integrity` are the sha1 and sha512). An upload computes only
 * the sha256 and the digests its client sent to be checked (npm: sha1 and
 * sha512); the others are computed from the stored file when an answer first
 * needs them, and recorded (see PackageFiles.withDigests).
 */
export const PACKAGE_DIGESTS: (keyof BlobDigests & DigestAlgorithm)[] = ['md5', 'sha1', 'sha512'];

/** The package digests among what the blob store computed. */
export function packageDigests(digests: Digests | undefined): Partial<BlobDigests> {
  const known: Partial<BlobDigests> = {};
  for (const algorithm of PACKAGE_DIGESTS) if (digests?.[algorithm]) known[algorithm] = digests[algorithm];
  return known;
}

/** The package digests a blob does not know yet. */
export function missingDigests(blob: Partial<Record<keyof BlobDigests, string | null>>): (keyof BlobDigests & DigestAlgorithm)[] {
  return PACKAGE_DIGESTS.filter((algorithm) => !blob[algorithm]);
}
