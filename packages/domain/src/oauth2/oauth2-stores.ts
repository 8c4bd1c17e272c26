import { NewOAuth2Application, OAuth2Application, OAuth2ApplicationChanges } from './oauth2-application';
import { NewOAuth2AuthorizationCode, NewOAuth2Token, OAuth2AuthorizationCode, OAuth2Grant, OAuth2TokenKind } from './oauth2-grant';

/** Port: the OAuth2 applications users registered. */
export abstract class OAuth2ApplicationStore {
  abstract insert(application: NewOAuth2Application): Promise<OAuth2Application>;
  /** The application of that id if the owner registered it, else null (also for ids no row can have). */
  abstract findByOwnerAndId(ownerId: number, id: number): Promise<OAuth2Application | null>;
  abstract findByClientId(clientId: string): Promise<OAuth2Application | null>;
  /** One page of the owner's applications, oldest first, and the number of all. */
  abstract listForOwner(ownerId: number, skip: number, take: number): Promise<[OAuth2Application[], number]>;
  /** Writes the changes to the owner's application by id; the row as stored after, or null when there is none. */
  abstract update(ownerId: number, id: number, changes: OAuth2ApplicationChanges): Promise<OAuth2Application | null>;
  /** Deletes the owner's application with its grants, codes and tokens; false when there was none. */
  abstract delete(ownerId: number, id: number): Promise<boolean>;
}

/** Port: users' grants to applications, with the codes and tokens issued under them. */
export abstract class OAuth2GrantStore {
  /** The user's grant to the application, made with this scope if there was none (one grant per pair, even under races). */
  abstract grantFor(applicationId: number, userId: number, scope: string): Promise<OAuth2Grant>;
  abstract findGrant(applicationId: number, userId: number): Promise<OAuth2Grant | null>;
  /** Records the nonce of the grant's latest authorization (Forgejo keeps one per grant). */
  abstract setNonce(grantId: number, nonce: string): Promise<void>;
  abstract insertCode(code: NewOAuth2AuthorizationCode): Promise<void>;
  /**
   * Takes the code of that hash: deletes it and answers it with its grant, if
   * it existed and had not expired at `now`. Of two concurrent takers only one
   * gets it, so a code is used once.
   */
  abstract takeCode(codeHash: string, now: Date): Promise<{ code: OAuth2AuthorizationCode; grant: OAuth2Grant } | null>;
  abstract insertTokens(tokens: NewOAuth2Token[]): Promise<void>;
  /** The grant of an unexpired token of that hash and kind, or null. */
  abstract findGrantOfToken(tokenHash: string, kind: OAuth2TokenKind, now: Date): Promise<OAuth2Grant | null>;
  /** Like takeCode for a refresh token: deleted on use, so it serves once. */
  abstract takeRefreshToken(tokenHash: string, now: Date): Promise<OAuth2Grant | null>;
}
