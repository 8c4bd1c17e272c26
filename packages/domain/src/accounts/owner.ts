import type { UserPreferences } from '../users/user-settings';

/** Users and organizations share one namespace, as in Forgejo: an owner is either. */
export type OwnerKind = 'user' | 'organization';
export type OwnerVisibility = 'public' | 'limited' | 'private';

/** A user or an organization as stored. Organizations have no password and no e-mail sign-in. */
export interface Owner extends UserPreferences {
  id: number;
  name: string;
  /** The name lower-cased: names are unique case-insensitively. */
  lowerName: string;
  kind: OwnerKind;
  fullName: string;
  email: string;
  /** scrypt hash in the form `scrypt$N$r$p$salt$hash`; null for organizations. */
  passwordHash: string | null;
  isAdmin: boolean;
  isActive: boolean;
  prohibitLogin: boolean;
  visibility: OwnerVisibility;
  description: string;
  website: string;
  location: string;
  /** TOTP secret, sealed with the instance secret key; null when never enrolled. */
  totpSecret: string | null;
  totpEnabled: boolean;
  createdAt: Date;
  updatedAt: Date;
  lastLoginAt: Date | null;
  /** How many users follow this one, and how many it follows (counters kept by the follow store). */
  numFollowers: number;
  numFollowing: number;
}

/** What creating an owner takes: every column but the generated ones and the counters. */
export type NewOwner = Omit<Owner, 'id' | 'lowerName' | 'numFollowers' | 'numFollowing' | keyof UserPreferences>;

/** The columns of a user or organization an edit may write (the name, TOTP and sign-in columns have their own operations). */
export type OwnerChanges = Partial<
  Pick<
    Owner,
    | 'fullName'
    | 'email'
    | 'passwordHash'
    | 'isAdmin'
    | 'isActive'
    | 'prohibitLogin'
    | 'visibility'
    | 'description'
    | 'website'
    | 'location'
    | 'updatedAt'
  >
> &
  Partial<UserPreferences>;

/**
 * Which owners a viewer may see in a list: those with one of `visibilities`,
 * plus the viewer's own account (`orId`) and the organizations the viewer is a
 * member of (`orMemberOfUserId`). No filter at all means "everything" (site admins).
 */
export interface OwnerVisibilityFilter {
  visibilities: OwnerVisibility[];
  orId?: number;
  orMemberOfUserId?: number;
}

/** A search over one kind of owner: by id, or by a keyword in the name or full name. */
export interface OwnerSearch {
  kind: OwnerKind;
  id?: number;
  keyword?: string;
  /** Which owners the viewer may see; absent means all (site admins). */
  visibleTo?: OwnerVisibilityFilter;
}

/**
 * Raised by the store when an owner would take a name a user or organization
 * already has (names are unique case-insensitively). Checks made before a write
 * can race with another writer; this is the answer the check would have given.
 */
export class OwnerNameTakenError extends Error {
  constructor(readonly ownerName: string) {
    super(`name "${ownerName}" is already taken by a user or organization`);
    this.name = 'OwnerNameTakenError';
  }
}
