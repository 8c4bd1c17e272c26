import { Label, LabelChanges, LabelHolder, NewLabel, UsableLabels } from './label';

/** Port: labels of repositories and organizations. */
export abstract class LabelStore {
  /** One page of the holder's labels, by name (then id), and how many it has. */
  abstract list(holder: LabelHolder, skip: number, take: number): Promise<[Label[], number]>;
  /** The holder's label with this id; null when there is none (or it is another holder's). */
  abstract find(holder: LabelHolder, id: number): Promise<Label | null>;
  abstract create(holder: LabelHolder, input: NewLabel): Promise<Label>;
  /** Writes exactly the given columns by id; false when the label is gone (a deleted label is never written back). */
  abstract update(id: number, changes: LabelChanges): Promise<boolean>;
  /** Deletes the label; it goes off every issue with it. */
  abstract delete(id: number): Promise<void>;
  /**
   * The usable labels matching the given ids or names, by name (a name may
   * match a repository label and an organization label alike: both are returned).
   */
  abstract findUsable(usable: UsableLabels, ids: readonly number[], names: readonly string[]): Promise<Label[]>;
  /** The labels with these ids that exist, whoever holds them. */
  abstract findByIds(ids: readonly number[]): Promise<Label[]>;
}
