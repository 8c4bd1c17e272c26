import { BadRequestException } from '@nestjs/common';

/**
 * The artifact protocol versions CreateArtifact accepts: 4 is what
 * @actions/artifact 2.x sends, 7 what 6.x (today's upload-artifact) sends.
 * They differ only by optional fields, which the handler reads or ignores.
 */
export const ARTIFACT_PROTOCOL_VERSIONS: readonly number[] = [4, 7];

/**
 * The one content type an artifact is stored and served as. 6.x names the
 * upload's type in `mime_type`: a zip for an archived upload, the file's own
 * type for a single file sent without an archive (`skipArchive`), which
 * Bellows does not keep (its downloads are always served as a zip, and a raw
 * file served so would be unzipped by the client and break).
 */
export const ARTIFACT_MIME_TYPE = 'application/zip';

/**
 * Checks the protocol version and content type a CreateArtifact request
 * names; a missing version is 4 (older clients send none), a missing
 * `mime_type` a zip. Anything else is refused with a 400 naming the field.
 */
export function checkArtifactFormat(body: { version?: unknown; mime_type?: unknown }): void {
  const version = body.version ?? 4;
  // protojson may send an int32 as a string too.
  const number = typeof version === 'string' && /^\d{1,9}$/.test(version) ? Number(version) : version;
  if (typeof number !== 'number' || !ARTIFACT_PROTOCOL_VERSIONS.includes(number)) {
    throw new BadRequestException(
      `version: artifact protocol versions ${ARTIFACT_PROTOCOL_VERSIONS.join(' and ')} are supported, not ${JSON.stringify(version)}`,
    );
  }
  const mimeType = body.mime_type ?? ARTIFACT_MIME_TYPE;
  if (typeof mimeType !== 'string') throw new BadRequestException('mime_type: must be a string');
  if (mimeType.split(';', 1)[0].trim().toLowerCase() !== ARTIFACT_MIME_TYPE) {
    throw new BadRequestException(
      `mime_type: only zipped artifacts (${ARTIFACT_MIME_TYPE}) are supported, not ${JSON.stringify(mimeType)}; upload with an archive`,
    );
  }
}
