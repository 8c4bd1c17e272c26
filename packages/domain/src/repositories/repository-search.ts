import type { OwnerVisibility } from '../accounts/owner';

/** Orders a repository list can take; `size` is git plus LFS bytes. Ties are broken by id. */
export type RepositoryOrder =
  | 'alphabetically'
  | 'reversealphabetically'
  | 'newest'
  | 'oldest'
  | 'recentupdate'
  | 'leastupdate'
  | 'size'
  | 'reversesize'
  | 'gitsize'
  | 'reversegitsize'
  | 'lfssize'
  | 'reverselfssize'
  | 'id';

/**
 * Which repositories a viewer may list. `undefined` means all (site admins).
 * Otherwise: public repositories of owners with one of `ownerVisibilities`, and
 * every repository `userId` may read (own, collaborator, through a team, or
 * belonging to an organization the user is a member of and whose owner they see).
 */
export interface RepositoryViewer {
  userId?: number;
  ownerVisibilities: OwnerVisibility[];
}

/** A search over repositories: every given criterion must hold. */
export interface RepositorySearch {
  ownerId?: number;
  /** Only repositories `userId` owns or has explicit access to (collaborator, team). */
  accessibleToUserId?: number;
  /** Case-insensitive substring of the name. */
  keyword?: string;
  isPrivate?: boolean;
  /** False leaves out private repositories even when the viewer may read them. */
  includePrivate?: boolean;
  isArchived?: boolean;
  /** Only the repositories this team reaches (all of its organization's when it includes all). */
  reachedByTeamId?: number;
  /** Only the forks of this repository. */
  forkOf?: number;
  viewer?: RepositoryViewer;
  order: RepositoryOrder;
  skip: number;
  take: number;
}
