/** Where a sign-in lands when it was not sent from a page. */
export const DEFAULT_LANDING = '/user/settings/storage';

/**
 * `redirect_to` when it is a path on this site, else the default landing.
 * Only a single leading slash followed by a path is accepted: `//host`,
 * `/\host` (browsers read a backslash as a slash), schemes, and control
 * characters would send the user elsewhere — an open redirect.
 */
export function safeRedirectTarget(value: string | undefined): string {
  if (!value || value.length > 2048) return DEFAULT_LANDING;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return DEFAULT_LANDING;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return DEFAULT_LANDING;
  const base = 'http://bellows.invalid';
  const resolved = new URL(value, base);
  if (resolved.origin !== base) return DEFAULT_LANDING;
  return resolved.pathname + resolved.search + resolved.hash;
}

/** The sign-in form's address that comes back to `path` afterwards. */
export function loginUrlFor(path: string): string {
  return `/user/login?redirect_to=${encodeURIComponent(path)}`;
}
