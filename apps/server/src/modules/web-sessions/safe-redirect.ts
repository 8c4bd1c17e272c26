/** Where a sign-in lands when it was not sent from a page. */
export const DEFAULT_LANDING = '/user/settings/storage';

/**
 * `redirect_to` when it is a path on this site, else the default landing
 * (under `base`, ROOT_URL's path).
 * Only a single leading slash followed by a path is accepted: `//host`,
 * `/\host` (browsers read a backslash as a slash), schemes, and control
 * characters would send the user elsewhere — an open redirect.
 */
export function safeRedirectTarget(value: string | undefined, base = ''): string {
  const landing = base + DEFAULT_LANDING;
  if (!value || value.length > 2048) return landing;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return landing;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return landing;
  const origin = 'http://bellows.invalid';
  const resolved = new URL(value, origin);
  if (resolved.origin !== origin) return landing;
  return resolved.pathname + resolved.search + resolved.hash;
}

/** The sign-in form's address that comes back to `path` (as routed, without `base`) afterwards. */
export function loginUrlFor(path: string, base = ''): string {
  return `${base}/user/login?redirect_to=${encodeURIComponent(base + path)}`;
}
