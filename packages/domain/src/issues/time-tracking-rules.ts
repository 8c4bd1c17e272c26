/**
 * Who may track time, as Forgejo decides it with its repository defaults
 * (time tracker on, only contributors may track time): those who may write to
 * the repository's issues, and the issue's own poster.
 */
export function mayTrackTime(who: { isWriter: boolean; isPoster: boolean }): boolean {
  return who.isWriter || who.isPoster;
}

/** Whose times a listing may show: writers and site admins see everyone's; anyone else only their own. */
export function mayListTimesOfOthers(who: { isWriter: boolean; isSiteAdmin: boolean }): boolean {
  return who.isWriter || who.isSiteAdmin;
}

/** A tracked time may be deleted by its own user and by site admins (Forgejo's rule; repository admins may not). */
export function mayDeleteTime(who: { userId: number; isSiteAdmin: boolean }, time: { userId: number }): boolean {
  return who.isSiteAdmin || who.userId === time.userId;
}

/** Recording time in another user's name (`user_name`) is for repository admins and site admins. */
export function mayTrackTimeForOthers(who: { isRepoAdmin: boolean; isSiteAdmin: boolean }): boolean {
  return who.isRepoAdmin || who.isSiteAdmin;
}
