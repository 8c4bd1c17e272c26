/**
 * A personal access token as stored. Only a salted hash of the token is kept;
 * the last eight characters are kept in clear so that users can tell tokens
 * apart and so that a presented token finds its candidate rows.
 */
export interface AccessToken {
  id: number;
  ownerId: number;
  /** Unique per owner. */
  name: string;
  tokenHash: string;
  tokenSalt: string;
  tokenLastEight: string;
  /** Canonical comma-separated scope list, e.g. `read:user,write:repository`. */
  scopes: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** What creating an access token takes: every column but the id. */
export type NewAccessToken = Omit<AccessToken, 'id'>;

/** Raised by the store when a token would take a name another token of its owner has. */
export class AccessTokenNameTakenError extends Error {
  constructor(readonly tokenName: string) {
    super(`access token name "${tokenName}" has been used already`);
    this.name = 'AccessTokenNameTakenError';
  }
}
