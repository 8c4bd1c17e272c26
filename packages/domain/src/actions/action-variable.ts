/**
 * An actions variable of a user, an organization (ownerId set) or a repository
 * (repoId set), held like a secret (see SecretHolder, secretScopeOf) but not
 * secret: `data` is stored and returned as given. Names are upper-cased, so
 * they are unique per holder case-insensitively.
 */
export interface ActionVariable {
  id: number;
  /** `owner:<id>` or `repo:<id>` (secretScopeOf). */
  scope: string;
  ownerId: number | null;
  repoId: number | null;
  name: string;
  data: string;
}
