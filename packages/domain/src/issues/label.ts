/**
 * A label of one repository (`repoId`) or of an organization (`orgId`, usable
 * in all its repositories); exactly one of the two is set. A name `scope/name`
 * with `exclusive` makes it exclusive within its scope (see `labelScope`).
 */
export interface Label {
  id: number;
  repoId: number | null;
  orgId: number | null;
  name: string;
  /** `#rrggbb`, lower case. */
  color: string;
  description: string;
  exclusive: boolean;
  isArchived: boolean;
}

/** Where a label lives: one repository, or an organization (then usable in all its repositories). */
export type LabelHolder = { repoId: number } | { orgId: number };

export interface NewLabel {
  name: string;
  color: string;
  description: string;
  exclusive: boolean;
  isArchived: boolean;
}

export type LabelChanges = Partial<NewLabel>;

/** The labels an issue of a repository may carry: the repository's own and its organization's. */
export interface UsableLabels {
  repoId: number;
  /** The organization owning the repository; null for a user's repository. */
  orgId: number | null;
}
