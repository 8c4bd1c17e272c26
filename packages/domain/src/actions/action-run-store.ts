import { ActionRun, ArtifactUpload, AssembledUpload, NewActionRun, NewArtifactUpload } from './action-run';

/** Port: actions runs registered by CI systems, and the artifact uploads of those runs that are not finalized yet. */
export abstract class ActionRunStore {
  /** Inserts the run with the repository's next run number. Call inside a transaction. */
  abstract insert(input: NewActionRun): Promise<ActionRun>;
  abstract findById(id: number): Promise<ActionRun | null>;
  /** The run when it belongs to that repository. */
  abstract findInRepository(repoId: number, id: number): Promise<ActionRun | null>;
  /** One page of the repository's runs, newest first, and how many there are. */
  abstract listForRepository(repoId: number, skip: number, take: number): Promise<[ActionRun[], number]>;
  /** Starts an artifact upload while holding its run; ContainerGoneError when the run is gone. Names are unique per run. */
  abstract insertUpload(input: NewArtifactUpload): Promise<ArtifactUpload>;
  abstract findUpload(id: number): Promise<ArtifactUpload | null>;
  abstract findUploadByName(runId: number, name: string): Promise<ArtifactUpload | null>;
  /** Records where the upload's content was assembled (in a transaction of its own). */
  abstract markUploadAssembled(id: number, assembled: AssembledUpload): Promise<void>;
  /** False when the upload was gone already (finalized or abandoned by another request). */
  abstract deleteUpload(id: number): Promise<boolean>;
  /** Up to `take` uploads started before `before` and never finalized (abandoned by their client), oldest id first. */
  abstract listUploadsStartedBefore(before: Date, take: number): Promise<ArtifactUpload[]>;
}
