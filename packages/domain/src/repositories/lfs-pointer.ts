/**
 * A Git LFS pointer file: what git stores in place of a large file once LFS
 * tracks it (https://github.com/git-lfs/git-lfs/blob/main/docs/spec.md):
 *
 *     version https://git-lfs.github.com/spec/v1
 *     oid sha256:<64 hex digits>
 *     size <bytes>
 */
export interface LfsPointer {
  oid: string;
  size: number;
}

/** Pointers are tiny; a larger blob is never read as one (git-lfs itself stops at 1 024 bytes). */
export const MAX_LFS_POINTER_SIZE = 1024;

const VERSION_LINE = /^version https:\/\/(git-lfs\.github\.com\/spec\/v1|hawser\.github\.com\/spec\/v1)\n/;
const OID_LINE = /^oid sha256:([0-9a-f]{64})$/m;
const SIZE_LINE = /^size (0|[1-9][0-9]{0,15})$/m;

/** The pointer a blob holds (given as text), or undefined when the blob is an ordinary file. */
export function parseLfsPointer(text: string): LfsPointer | undefined {
  if (text.length > MAX_LFS_POINTER_SIZE) return undefined;
  if (!VERSION_LINE.test(text)) return undefined;
  const oid = OID_LINE.exec(text)?.[1];
  const size = SIZE_LINE.exec(text)?.[1];
  if (oid === undefined || size === undefined) return undefined;
  return { oid, size: Number(size) };
}
