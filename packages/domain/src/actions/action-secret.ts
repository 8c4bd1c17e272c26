/** Who holds a secret: a user or organization, or a repository. */
export type SecretHolder = { ownerId: number } | { repoId: number };

/** The scope a holder's secrets are unique in: `owner:<id>` or `repo:<id>` (also what a sealed value is bound to). */
export function secretScopeOf(holder: SecretHolder): string {
  return 'ownerId' in holder ? `owner:${holder.ownerId}` : `repo:${holder.repoId}`;
}

/**
 * An actions secret of a user, an organization (ownerId set) or a repository
 * (repoId set). Names are upper-cased, so they are unique per holder
 * case-insensitively. `data` is sealed by the server: the plaintext never
 * reaches the store.
 */
export interface ActionSecret {
  id: number;
  /** `owner:<id>` or `repo:<id>` (secretScopeOf). */
  scope: string;
  ownerId: number | null;
  repoId: number | null;
  name: string;
  data: string;
  createdAt: Date;
}
