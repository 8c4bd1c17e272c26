import type { Owner } from '../accounts/owner';

/** What a collaborator may do in a repository. */
export type CollaborationMode = 'read' | 'write' | 'admin';

/** A user given access to one repository they neither own nor reach through a team. */
export interface Collaboration {
  id: number;
  repoId: number;
  userId: number;
  mode: CollaborationMode;
}

/** A collaborator of a repository as listed: the user and their mode. */
export interface Collaborator {
  user: Owner;
  mode: CollaborationMode;
}
