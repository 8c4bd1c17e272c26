import type { BlobDigests } from '@bellows/domain';
import type { DigestAlgorithm, Digests } from '@bellows/storage';

/**
 * The digests a package file reports besides its sha256 (its content address),
 * as Forgejo's package API does for every file (`md5`, `sha1`, `sha256`,
 * `sha512` of GET /packages/{owner}/{type}/{name}/{version}/files; npm's
 * `shasum` and `integrity` are the sha1 and sha512). The blob store computes
 * them with the sha256 in the same pass over the upload, off the event loop
 * when the upload is large.
 */
export const PACKAGE_DIGESTS: DigestAlgorithm[] = ['md5', 'sha1', 'sha512'];

/** The package digests out of what the blob store computed. */
export function packageDigests(digests: Digests | undefined): BlobDigests {
  const { md5, sha1, sha512 } = digests ?? {};
  if (!md5 || !sha1 || !sha512) throw new Error('the blob store did not compute the digests of the package file');
  return { md5, sha1, sha512 };
}
