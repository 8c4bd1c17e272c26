/** A milestone's update date, as the policy needs it. */
export interface MilestoneDates {
  readonly updatedAt: Date;
}

/**
 * The update date of a milestone an issue has just been put into: the later of
 * its current value and the issue's new update date. An earlier (back-dated)
 * date never lowers it, so a milestone's update date is the maximum of its
 * issues' update dates.
 */
export function milestoneUpdateDate(milestone: MilestoneDates, issueUpdatedAt: Date): Date {
  return issueUpdatedAt.getTime() > milestone.updatedAt.getTime() ? issueUpdatedAt : milestone.updatedAt;
}
