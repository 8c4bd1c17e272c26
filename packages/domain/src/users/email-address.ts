/**
 * One of a user's e-mail addresses as Forgejo lists them: the primary one is
 * the account's own address (`Owner.email`), the others were added by the user.
 */
export interface UserEmail {
  email: string;
  userId: number;
  username: string;
  primary: boolean;
  verified: boolean;
}

/** Raised when an address is already a user's (any user's, compared case-insensitively). */
export class EmailTakenError extends Error {
  constructor(readonly email: string) {
    super(`e-mail address has been used: ${email}`);
    this.name = 'EmailTakenError';
  }
}

/** Raised when the user has no such added address. */
export class EmailNotFoundError extends Error {
  constructor(readonly email: string) {
    super(`e-mail address ${email} is not one of yours`);
    this.name = 'EmailNotFoundError';
  }
}

/**
 * Port: the addresses users add beside their primary one. An address belongs
 * to one user only, primary or added, compared case-insensitively. Each call
 * is all or nothing: when one address of a list fails, none is changed.
 */
export abstract class EmailAddressStore {
  /** The user's addresses: the primary one first, then the added ones, oldest first. */
  abstract emailsOf(userId: number): Promise<UserEmail[]>;
  /** Adds the addresses to the user; EmailTakenError naming the first that a user (this one too) has already. */
  abstract add(userId: number, emails: readonly string[], verified: boolean): Promise<void>;
  /** Removes added addresses; EmailNotFoundError naming the first the user has not added. */
  abstract remove(userId: number, emails: readonly string[]): Promise<void>;
  /**
   * Every user's addresses, primary and added (for site admins), ordered by
   * address, one page and the total; a keyword matches the address or the user's name.
   */
  abstract search(keyword: string | undefined, skip: number, take: number): Promise<[UserEmail[], number]>;
}
