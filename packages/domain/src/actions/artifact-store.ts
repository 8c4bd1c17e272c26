import type { CountedArtifact } from '../quota/counted-objects';
import { Artifact, ArtifactFilter, NewArtifact } from './artifact';

/**
 * Port: actions artifacts. Their compressed size counts toward the repository
 * owner while they are active; the store keeps the ledger in step.
 */
export abstract class ArtifactStore {
  abstract findById(id: number): Promise<Artifact | null>;
  /** Records a finalized (active) artifact while its repository and run are held; ContainerGoneError when either is gone. */
  abstract insert(input: NewArtifact): Promise<Artifact>;
  /** One page of a repository's artifacts (newest first) and how many match. */
  abstract listForRepository(filter: ArtifactFilter, skip: number, take: number): Promise<[Artifact[], number]>;
  /** The active artifacts of some runs, oldest first (the artifact protocol lists only what can still be downloaded). */
  abstract listActiveForRuns(runIds: number[]): Promise<Artifact[]>;
  /** Up to `take` active artifacts whose expiry date has passed, oldest expiry first (the cleanup job's work list). */
  abstract listDueForExpiry(now: Date, take: number): Promise<Artifact[]>;
  /** Marks an active artifact expired: it stops counting. False when it was not active (or is gone). */
  abstract markExpired(id: number): Promise<boolean>;
  /** Deletes the artifact (an active one stops counting); false when it was gone. */
  abstract delete(id: number): Promise<boolean>;
  /** One page of the owner's active artifacts, biggest first, and how many there are. */
  abstract listCountedForOwner(ownerId: number, skip: number, take: number): Promise<[CountedArtifact[], number]>;
}
