/** The image formats Forgejo accepts as avatars, by the content type they are served with. */
export type AvatarContentType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** Forgejo's `[avatar] MAX_FILE_SIZE` default: 1 MiB. */
export const DEFAULT_AVATAR_MAX_BYTES = 1024 * 1024;

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  return signature.every((byte, i) => bytes[at + i] === byte);
}

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type the bytes are, told by their magic numbers (never by what the
 * client claims); null when they are none of PNG, JPEG, GIF or WebP.
 */
export function avatarContentTypeOf(bytes: Uint8Array): AvatarContentType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** Why an upload cannot be an avatar, or null when it can. */
export function avatarImageProblem(bytes: Uint8Array, maxBytes: number): 'empty' | 'too-large' | 'not-an-image' | null {
  if (bytes.length === 0) return 'empty';
  if (bytes.length > maxBytes) return 'too-large';
  return avatarContentTypeOf(bytes) ? null : 'not-an-image';
}

/**
 * A deterministic default avatar for whoever has uploaded none: a 5×5
 * mirrored identicon drawn from a hash of the seed, as SVG.
 */
export function identiconSvg(seed: string): string {
  let hash = 2166136261;
  for (const char of seed) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  const hue = hash % 360;
  const cells: string[] = [];
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 3; col++) {
      const bit = (hash >>> (row * 3 + col + 8)) & 1;
      if (!bit) continue;
      for (const x of col === 2 ? [2] : [col, 4 - col])
        cells.push(`<rect x="${x * 20 + 10}" y="${row * 20 + 10}" width="20" height="20"/>`);
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120">` +
    `<rect width="120" height="120" fill="#f0f0f0"/><g fill="hsl(${hue},55%,50%)">${cells.join('')}</g></svg>`
  );
}
