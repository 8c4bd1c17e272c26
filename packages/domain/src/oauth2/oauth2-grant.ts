/**
 * A user's consent that an application may act for them, with the scope they
 * granted (space-separated, as requested). One per application and user.
 * Authorization codes and tokens hang off the grant: deleting the application
 * deletes its grants, and with them every code and token it was given.
 */
export interface OAuth2Grant {
  id: number;
  applicationId: number;
  userId: number;
  scope: string;
  /** The OpenID Connect nonce of the last authorization, repeated in the ID tokens (empty when none was sent). */
  nonce: string;
  createdAt: Date;
}

/** PKCE transformations Forgejo accepts (RFC 7636). */
export type CodeChallengeMethod = 'S256' | 'plain';

/**
 * An authorization code handed to the client through the user's browser. Kept
 * hashed, valid for minutes, and good for one exchange: taking it deletes it.
 */
export interface NewOAuth2AuthorizationCode {
  grantId: number;
  codeHash: string;
  redirectUri: string;
  codeChallenge: string;
  /** Empty when the client sent no challenge (allowed for confidential clients only). */
  codeChallengeMethod: CodeChallengeMethod | '';
  expiresAt: Date;
}

export interface OAuth2AuthorizationCode extends NewOAuth2AuthorizationCode {
  id: number;
}

export type OAuth2TokenKind = 'access' | 'refresh';

/** An access or refresh token given to an application; only its hash is stored. */
export interface NewOAuth2Token {
  grantId: number;
  kind: OAuth2TokenKind;
  tokenHash: string;
  expiresAt: Date;
}

/** A presented token's grant, when the token is known, of that kind and not expired. */
export interface GrantOfToken {
  grant: OAuth2Grant;
  applicationId: number;
}
