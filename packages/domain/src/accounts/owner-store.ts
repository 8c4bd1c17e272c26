import { NewOwner, Owner, OwnerChanges, OwnerSearch } from './owner';

/**
 * Port: where users and organizations are kept. Names are looked up
 * case-insensitively; an id no owner can have (however large) finds nothing.
 */
export abstract class OwnerStore {
  abstract findById(id: number): Promise<Owner | null>;
  abstract findByName(name: string): Promise<Owner | null>;
  /** The user (never an organization) with that e-mail address, primary or added and activated, compared case-insensitively. */
  abstract findUserByEmail(email: string): Promise<Owner | null>;
  /**
   * One page of the owners matching the search, ordered by name, and the total
   * number of matches. A keyword matches literally (`%` and `_` are no wildcards).
   */
  abstract search(search: OwnerSearch, skip: number, take: number): Promise<[Owner[], number]>;
  /** Stores a new owner; OwnerNameTakenError when a user or organization has the name (case-insensitively). */
  abstract insert(owner: NewOwner): Promise<Owner>;
  /** Writes exactly the given columns by id; false when the owner is gone (a deleted account is never written back). */
  abstract update(id: number, changes: OwnerChanges): Promise<boolean>;
  /**
   * Deletes the owner; its access tokens, its team memberships and, for an
   * organization, its teams go with it. A missing owner changes nothing.
   */
  abstract delete(id: number): Promise<void>;
  /** Records a password sign-in without rewriting the rest of the row. */
  abstract recordLogin(id: number, when: Date): Promise<void>;
  /** Stores a new sealed TOTP secret, two-factor sign-in still off and no code used yet. */
  abstract beginTotpEnrolment(id: number, sealedSecret: string): Promise<void>;
  /** Turns two-factor sign-in on with the secret already stored. */
  abstract enableTotp(id: number): Promise<void>;
  /** Forgets the TOTP secret and turns two-factor sign-in off. */
  abstract removeTotp(id: number): Promise<void>;
  /**
   * Records that the user's TOTP code of `step` was accepted, unless a code of
   * that step or a later one already was: true when this call recorded it, so
   * of two requests racing with the same code exactly one gets true.
   */
  abstract recordTotpUse(id: number, step: number): Promise<boolean>;
}
