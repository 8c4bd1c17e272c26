import { CollaborationMode, Collaborator } from './collaboration';

/** Port: the collaborators of repositories and their modes (one per user and repository). */
export abstract class CollaborationStore {
  /** The user's mode in the repository; null when they are not a collaborator. */
  abstract modeOf(repoId: number, userId: number): Promise<CollaborationMode | null>;
  /** Adds the collaborator, or changes the mode of an existing one. */
  abstract set(repoId: number, userId: number, mode: CollaborationMode): Promise<void>;
  /** Removes the collaborator; false when the user was not one. */
  abstract remove(repoId: number, userId: number): Promise<boolean>;
  /** One page of the collaborators, by lower-cased user name, with their modes, and the total number. */
  abstract list(repoId: number, skip: number, take: number): Promise<[Collaborator[], number]>;
}
