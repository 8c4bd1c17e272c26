import { QuotaGroup } from './group';
import { QuotaSubject } from './subject';
import { QuotaUsage } from './usage';

/**
 * The groups that apply to one owner. The list stands when ANY group stands: each
 * group is an alternative allowance, and the owner may use the most generous one.
 *
 * An empty list stands (an owner no group applies to is never over quota). The
 * engine never evaluates an empty list: the built-in default group fills in
 * (see groupsToEvaluate in effective-groups.ts).
 */
export class QuotaGroupList {
  constructor(readonly groups: readonly QuotaGroup[]) {}

  get isEmpty(): boolean {
    return this.groups.length === 0;
  }

  /** The plain definition: some group has all of its rules standing. */
  standsWith(usage: QuotaUsage): boolean {
    return this.isEmpty || this.groups.some((group) => group.standsWith(usage));
  }

  /** For one subject: some group has all rules relevant to the subject standing. */
  standsFor(usage: QuotaUsage, subject: QuotaSubject): boolean {
    return this.isEmpty || this.groups.some((group) => group.standsFor(usage, subject));
  }
}
