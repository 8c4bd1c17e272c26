/**
 * Whether `presented` is one of an application's registered redirect URIs.
 * The match is exact, as Forgejo's, with one exception RFC 8252 (section 7.3)
 * asks for: a public client (a native app) listening on a loopback address gets
 * a port from the system at run time, so there the port is not compared.
 */
export function isRegisteredRedirectUri(registered: readonly string[], presented: string, confidentialClient: boolean): boolean {
  if (registered.includes(presented)) return true;
  if (confidentialClient) return false;
  const target = loopbackWithoutPort(presented);
  return target !== null && registered.some((uri) => loopbackWithoutPort(uri) === target);
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]']);

function loopbackWithoutPort(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname)) return null;
  url.port = '';
  return url.toString();
}

/** Whether `uri` can be registered as a redirect URI: absolute, with a scheme, and no fragment (RFC 6749 section 3.1.2). */
export function isValidRedirectUri(uri: string): boolean {
  try {
    const url = new URL(uri);
    return url.protocol.length > 1 && url.hash === '' && !uri.includes('#');
  } catch {
    return false;
  }
}
