/**
 * An OAuth2 application a user registered, so that other software may act on
 * behalf of the users who grant it access (Forgejo's OAuth2 provider). Only a
 * salted hash of the client secret is kept: the secret is shown once, when it
 * is made (at creation and at each update, which makes a new one).
 */
export interface OAuth2Application {
  id: number;
  ownerId: number;
  name: string;
  /** Public identifier clients present (a UUID), unique. */
  clientId: string;
  clientSecretHash: string;
  clientSecretSalt: string;
  /** Where the authorization endpoint may send the user back; matched exactly. */
  redirectUris: string[];
  /** A confidential client keeps its secret (a server); a public one cannot (a desktop or mobile app) and must use PKCE. */
  confidentialClient: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export type NewOAuth2Application = Omit<OAuth2Application, 'id'>;

/** What an update changes; a new client secret comes with every update, as in Forgejo. */
export type OAuth2ApplicationChanges = Pick<
  OAuth2Application,
  'name' | 'redirectUris' | 'confidentialClient' | 'clientSecretHash' | 'clientSecretSalt' | 'updatedAt'
>;
