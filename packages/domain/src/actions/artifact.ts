export type ArtifactStatus = 'active' | 'expired';

/**
 * An actions artifact. It counts (compressed size) toward the repository owner
 * while its status is `active`; expiring it takes it off the ledger.
 */
export interface Artifact {
  id: number;
  repoId: number;
  runId: number;
  name: string;
  compressedSize: number;
  expiresAt: Date | null;
  status: ArtifactStatus;
  /** Where the zip lives in the blob storage; null on older rows. */
  storageKey: string | null;
  sha256: string | null;
  /** When it was finalized; null on older rows. */
  createdAt: Date | null;
}

export interface NewArtifact {
  repoId: number;
  runId: number;
  name: string;
  compressedSize: number;
  expiresAt?: Date | null;
  /** Where the zip is stored, its sha256 and when it was finalized. */
  storageKey?: string | null;
  sha256?: string | null;
  createdAt?: Date | null;
}

/** Which artifacts of a repository a listing wants. */
export interface ArtifactFilter {
  repoId: number;
  runId?: number;
  name?: string;
  id?: number;
}
