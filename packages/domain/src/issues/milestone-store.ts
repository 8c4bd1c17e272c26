import { Milestone, MilestoneChanges, MilestoneCounts, MilestoneFilter, NewMilestone } from './milestone';

/** Port: milestones of repositories, and how many issues of each are open and closed. */
export abstract class MilestoneStore {
  abstract create(input: NewMilestone): Promise<Milestone>;
  /** The repository's milestone with this id; null when there is none (or it is another repository's). */
  abstract findById(repoId: number, id: number): Promise<Milestone | null>;
  /** The milestones with these ids that exist (in no particular order). */
  abstract findByIds(ids: number[]): Promise<Milestone[]>;
  /** The first milestone (lowest id) of the repository with this name, compared case-insensitively. */
  abstract findByName(repoId: number, name: string): Promise<Milestone | null>;
  /** A page of the repository's milestones matching the filter, by id, and how many match in all. */
  abstract list(filter: MilestoneFilter, skip: number, take: number): Promise<[Milestone[], number]>;
  /**
   * The milestone's current row, locked until the transaction ends (on
   * PostgreSQL), for a change computed from what is stored now (such as its
   * update date, which only moves forward); null when it is gone. Call inside a transaction.
   */
  abstract findForChange(id: number): Promise<Milestone | null>;
  /** Writes the given columns by id; false when the milestone is gone (a deleted milestone is never written back). */
  abstract update(id: number, changes: MilestoneChanges): Promise<boolean>;
  /** Deletes the milestone; its issues stay, without a milestone. */
  abstract delete(id: number): Promise<void>;
  /** Open and closed issues of each milestone (every id is a key). */
  abstract countsOf(milestoneIds: number[]): Promise<Map<number, MilestoneCounts>>;
}
