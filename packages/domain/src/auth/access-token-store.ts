import { AccessToken, NewAccessToken } from './access-token';

/** Port: where personal access tokens are kept (hashed). */
export abstract class AccessTokenStore {
  /** Stores a new token; AccessTokenNameTakenError when the owner has a token of that name. */
  abstract insert(token: NewAccessToken): Promise<AccessToken>;
  /** Candidates for a presented token: the tokens whose clear last eight characters match. */
  abstract findByLastEight(lastEight: string): Promise<AccessToken[]>;
  /** The owner's token of that name (exact match), or null. */
  abstract findByOwnerAndName(ownerId: number, name: string): Promise<AccessToken | null>;
  /** The token of that id if it is the owner's, else null (also for an id no token can have, however large). */
  abstract findByOwnerAndId(ownerId: number, id: number): Promise<AccessToken | null>;
  /** One page of the owner's tokens in the order they were created, and the number of all. */
  abstract listForOwner(ownerId: number, skip: number, take: number): Promise<[AccessToken[], number]>;
  /** Records when the token was last used, without rewriting the rest of the row. */
  abstract markUsed(id: number, when: Date): Promise<void>;
  /** Deletes the token; deleting a missing token changes nothing. */
  abstract delete(id: number): Promise<void>;
}
