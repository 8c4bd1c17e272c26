/** Error codes of RFC 6749 the provider answers with, as Forgejo names them. */
export type OAuth2ErrorCode =
  | 'invalid_request'
  | 'unauthorized_client'
  | 'access_denied'
  | 'unsupported_response_type'
  | 'server_error'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type';

/**
 * A refused OAuth2 request, answered as the standard error JSON
 * (`{error, error_description}`): status 400 from the token endpoint, as in
 * Forgejo; from the authorization endpoint a redirect back to the client when
 * the redirect URI is known to be the client's, else a 400 to the browser.
 */
export class OAuth2Error extends Error {
  constructor(
    readonly code: OAuth2ErrorCode,
    readonly description: string,
  ) {
    super(`${code}: ${description}`);
    this.name = 'OAuth2Error';
  }

  toJSON(): { error: OAuth2ErrorCode; error_description: string } {
    return { error: this.code, error_description: this.description };
  }
}
