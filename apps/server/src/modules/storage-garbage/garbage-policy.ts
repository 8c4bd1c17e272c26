import { BlobReferenceStore } from '@bellows/domain';

/**
 * What counts as garbage under `[storage] PATH`, and when: the one place that
 * decides. Both sweeps (the temporary files at start and every hour, and
 * `bellows admin storage gc`) ask here.
 */

/**
 * How long a file must have gone unwritten before a sweep may take it: one hour.
 *
 * - An upload writes its temporary file (`.tmp/<uuid>.part`) continually while
 *   the body comes in, so a temporary file untouched for an hour belongs to an
 *   upload whose process died (kill -9, power loss, out of memory), or to a
 *   client that sent nothing for an hour (the server's idle timeout ends such
 *   requests long before).
 * - An upload writes its blob completely and only then inserts the row that
 *   refers to it, a few milliseconds later; an upload whose content is already
 *   stored (LFS objects and package files are stored once per sha256) touches the
 *   blob again when it finds it. So a blob no row refers to an hour after it was
 *   last written is one whose row was never inserted (a crash between the two) or
 *   was deleted since, never one an upload is about to record.
 */
export const GARBAGE_MIN_AGE_MS = 60 * 60 * 1000;

/** Files last written before this moment may be garbage. */
export function garbageCutoff(now: Date): Date {
  return new Date(now.getTime() - GARBAGE_MIN_AGE_MS);
}

/**
 * One layout of blob keys and the rows that keep such a blob: `referenced`
 * answers which of a batch of keys (all of this layout) some row still needs.
 */
interface BlobLayout {
  matches(key: string): boolean;
  referenced(references: BlobReferenceStore, keys: string[]): Promise<Set<string>>;
}

/** `namespace/ab/cd/<id>` (storage's shardedKey): the id is the last part. */
const idOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);
/** `actions/artifacts/<upload>.zip` and `actions/blocks/<upload>/<block>`: the artifact upload they were written for. */
const ARTIFACT_KEY = /^actions\/(?:artifacts\/(\d+)\.zip|blocks\/(\d+)\/[^/]+)$/;
const uploadIdOf = (key: string) => {
  const match = ARTIFACT_KEY.exec(key)!;
  return Number(match[1] ?? match[2]);
};

function sharded(namespace: string, referencedIds: (references: BlobReferenceStore, ids: string[]) => Promise<Set<string>>): BlobLayout {
  const shape = new RegExp(`^${namespace}/[0-9a-z]{2}/[0-9a-z-]{2}/[0-9a-z][0-9a-z-]{3,}$`);
  return {
    matches: (key) => shape.test(key),
    referenced: async (references, keys) => {
      const kept = await referencedIds(references, keys.map(idOf));
      return new Set(keys.filter((key) => kept.has(idOf(key))));
    },
  };
}

/**
 * The layouts blobs are written in (by AttachmentUploads, LfsObjectStorage,
 * PackageFiles and ArtifactBlobs) and what keeps each:
 *
 * - `attachments/ab/cd/<uuid>`: an attachment row with that uuid, attached to
 *   something or not yet;
 * - `lfs/ab/cd/<oid>`: an LFS object row (an object no repository references is an
 *   orphan row: `bellows admin quota recalculate` removes it, and then its blob goes);
 * - `packages/ab/cd/<sha256>`: a package blob row (likewise);
 * - `actions/artifacts/<upload>.zip`: the unfinished upload, or an artifact that has
 *   not expired (an expired artifact's zip is garbage);
 * - `actions/blocks/<upload>/<block>`: the unfinished upload.
 *
 * A file that fits none of these is never removed: it is not ours to judge.
 */
const LAYOUTS: BlobLayout[] = [
  sharded('attachments', (references, uuids) => references.attachmentUuids(uuids)),
  sharded('lfs', (references, oids) => references.lfsOids(oids)),
  sharded('packages', (references, digests) => references.packageBlobSha256s(digests)),
  {
    matches: (key) => ARTIFACT_KEY.test(key),
    referenced: async (references, keys) => {
      const uploads = await references.artifactUploadIds([...new Set(keys.map(uploadIdOf))]);
      const artifacts = await references.activeArtifactKeys(keys.filter((key) => key.endsWith('.zip')));
      return new Set(keys.filter((key) => uploads.has(uploadIdOf(key)) || artifacts.has(key)));
    },
  },
];

/** The keys of the batch that no row refers to (keys of no known layout are never among them). */
export async function unreferencedKeys(references: BlobReferenceStore, keys: string[]): Promise<string[]> {
  const unreferenced: string[] = [];
  for (const layout of LAYOUTS) {
    const mine = keys.filter((key) => layout.matches(key));
    if (mine.length === 0) continue;
    const kept = await layout.referenced(references, mine);
    unreferenced.push(...mine.filter((key) => !kept.has(key)));
  }
  return unreferenced;
}
