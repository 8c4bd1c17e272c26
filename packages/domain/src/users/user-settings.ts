/**
 * A user's own preferences and privacy choices (Forgejo's `UserSettings`),
 * kept on the account row so that every shape of the user can honour them.
 */
export interface UserPreferences {
  /** Hides the e-mail address from other signed-in users (site admins still see it). */
  keepEmailPrivate: boolean;
  /** Stored for clients; Bellows has no public activity feed to hide. */
  keepActivityPrivate: boolean;
  /** Hides the pronouns from anonymous visitors. */
  keepPronounsPrivate: boolean;
  pronouns: string;
  language: string;
  theme: string;
  diffViewStyle: string;
  enableRepoUnitHints: boolean;
}

/** Where a new account starts: e-mail private (Bellows' behaviour before the setting existed), hints on. */
export const DEFAULT_USER_PREFERENCES: UserPreferences = {
  keepEmailPrivate: true,
  keepActivityPrivate: false,
  keepPronounsPrivate: false,
  pronouns: '',
  language: '',
  theme: 'forgejo-auto',
  diffViewStyle: '',
  enableRepoUnitHints: true,
};

/** The diff layouts Forgejo knows ('' means its default, unified). */
export const DIFF_VIEW_STYLES = ['', 'unified', 'split'] as const;

/** The pronouns a viewer sees: hidden ones are shown to signed-in users only, as in Forgejo. */
export function pronounsShownTo(
  user: { id: number; pronouns: string; keepPronounsPrivate: boolean },
  viewer: { id: number; isAdmin: boolean } | undefined,
): string {
  if (!user.keepPronounsPrivate || viewer !== undefined) return user.pronouns ?? '';
  return '';
}

/** Whether a viewer may read the user's address: the user, site admins, and signed-in users when it is not kept private. */
export function emailShownTo(
  user: { id: number; email: string; keepEmailPrivate: boolean },
  viewer: { id: number; isAdmin: boolean } | undefined,
): boolean {
  if (viewer === undefined || user.email === '') return false;
  // Only an explicit `false` shows it: a row read before the setting existed keeps the address private.
  return viewer.id === user.id || viewer.isAdmin || user.keepEmailPrivate === false;
}
