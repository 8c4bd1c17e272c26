/**
 * A workflow run registered by an external CI system. Bellows runs nothing
 * itself: the run exists so that its runtime token can upload artifacts.
 * `runNumber` counts the repository's runs from 1.
 */
export interface ActionRun {
  id: number;
  repoId: number;
  runNumber: number;
  name: string;
  event: string;
  workflowId: string;
  headBranch: string;
  headSha: string;
  status: string;
  /** Who registered the run; null once that account is gone. */
  triggeringUserId: number | null;
  createdAt: Date;
}

export type NewActionRun = Omit<ActionRun, 'id' | 'runNumber' | 'createdAt'>;

/**
 * An artifact between CreateArtifact and FinalizeArtifact. It counts toward no
 * quota: only a finalized artifact does. `storageKey`, `size` and `sha256` are
 * set once the uploaded blocks are assembled into one blob.
 */
export interface ArtifactUpload {
  id: number;
  runId: number;
  name: string;
  expiresAt: Date | null;
  storageKey: string | null;
  size: number | null;
  sha256: string | null;
  createdAt: Date;
}

export interface NewArtifactUpload {
  runId: number;
  name: string;
  expiresAt: Date | null;
}

/** Where an upload's blocks were assembled, and what they hashed to. */
export interface AssembledUpload {
  storageKey: string;
  size: number;
  sha256: string;
}
