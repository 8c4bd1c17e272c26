import { Owner } from './owner';

/**
 * Port: which members of an organization show their membership publicly.
 * Membership itself comes from the teams; a member is concealed unless they
 * publicized it. Only current members count: a row left by someone who no
 * longer belongs to any team of the organization shows nothing.
 */
export abstract class PublicMemberStore {
  /** Marks the membership public; doing it twice changes nothing. */
  abstract publicize(orgId: number, userId: number): Promise<void>;
  /** Marks the membership concealed; concealing a concealed one changes nothing. */
  abstract conceal(orgId: number, userId: number): Promise<void>;
  /** Whether `userId` is a member of the organization who made it public. */
  abstract isPublicMember(orgId: number, userId: number): Promise<boolean>;
  /** One page of the organization's public members, ordered by lower-case name, and the number of all. */
  abstract listPublicMembers(orgId: number, skip: number, take: number): Promise<[Owner[], number]>;
}
