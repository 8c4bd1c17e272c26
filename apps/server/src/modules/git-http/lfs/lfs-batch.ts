import { BadRequestException, UnprocessableEntityException } from '@nestjs/common';

/**
 * The Git LFS batch API's messages (basic transfer only) and their validation.
 * See https://github.com/git-lfs/git-lfs/blob/main/docs/api/batch.md
 */

export type LfsOperation = 'upload' | 'download';

export interface LfsPointer {
  oid: string;
  size: number;
}

export interface LfsBatchRequest {
  operation: LfsOperation;
  objects: LfsPointer[];
}

export interface LfsAction {
  href: string;
  header?: Record<string, string>;
  expires_in?: number;
}

export interface LfsObjectResult {
  oid: string;
  size: number;
  authenticated?: boolean;
  actions?: Partial<Record<'upload' | 'download' | 'verify', LfsAction>>;
  error?: { code: number; message: string };
}

export const LFS_CONTENT_TYPE = 'application/vnd.git-lfs+json';

/** At most this many objects per batch request (git-lfs sends 100 at a time). */
export const MAX_BATCH_OBJECTS = 1000;

const OID = /^[0-9a-f]{64}$/;

export function isLfsOid(value: unknown): value is string {
  return typeof value === 'string' && OID.test(value);
}

export function isLfsSize(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Validates the request as a whole (422 naming the field). Individual objects
 * with a bad oid or size are kept: they get a per-object 422 in the answer.
 */
export function parseBatchRequest(body: unknown): LfsBatchRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new BadRequestException('the batch request must be a JSON object');
  const { operation, objects, transfers, hash_algo: hashAlgo } = body as Record<string, unknown>;
  if (operation !== 'upload' && operation !== 'download')
    throw new UnprocessableEntityException('operation must be "upload" or "download"');
  if (!Array.isArray(objects)) throw new UnprocessableEntityException('objects must be an array');
  if (objects.length > MAX_BATCH_OBJECTS) throw new UnprocessableEntityException(`objects may list at most ${MAX_BATCH_OBJECTS} objects`);
  if (transfers !== undefined && !(Array.isArray(transfers) && transfers.includes('basic'))) {
    throw new UnprocessableEntityException('transfers must include "basic", the only transfer adapter served');
  }
  if (hashAlgo !== undefined && hashAlgo !== 'sha256') throw new UnprocessableEntityException('hash_algo must be "sha256"');
  return {
    operation,
    objects: objects.map((object) => {
      const { oid, size } = (typeof object === 'object' && object !== null ? object : {}) as Record<string, unknown>;
      return { oid: oid as string, size: size as number };
    }),
  };
}

/** The per-object error for a pointer that cannot name an object, or null when it is well-formed. */
export function pointerProblem(pointer: LfsPointer): string | null {
  if (!isLfsOid(pointer.oid)) return 'oid must be 64 lower-case hexadecimal characters (a sha256)';
  if (!isLfsSize(pointer.size)) return 'size must be a non-negative integer';
  return null;
}
