import { STYLESHEET_PATH } from './web-stylesheet';

/** Who is signed in, for the page header's sign-out form. */
export interface SignedInHeader {
  userName: string;
  /** The session's CSRF token, which the sign-out form posts. */
  csrfToken: string;
}

export interface WebPageParts {
  /** ROOT_URL's path (see basePathOf): what the page's own links start with. */
  base: string;
  title: string;
  /** The page's content, inside `<main>`: already escaped HTML. */
  main: string;
  signedIn?: SignedInHeader;
}

/** Where the sign-out form posts. */
export const LOGOUT_PATH = '/user/logout';

/**
 * The shell every web page shares: language, title, the stylesheet served by
 * Bellows, a skip link to the content, and the sign-out form. No script: the
 * pages work without JavaScript (see WEB_PAGE_HEADERS' Content-Security-Policy).
 */
export function renderWebPage(parts: WebPageParts): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(parts.title)} · Bellows</title>
<link rel="stylesheet" href="${escapeHtml(parts.base + STYLESHEET_PATH)}">
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header class="site">
<a class="brand" href="${escapeHtml(parts.base)}/user/settings/storage">Bellows</a>
${parts.signedIn ? signedInHeader(parts.signedIn, parts.base) : ''}
</header>
<main id="main" tabindex="-1">
${parts.main}
</main>
</body>
</html>
`;
}

function signedInHeader(signedIn: SignedInHeader, base: string): string {
  return `<div>Signed in as <strong>${escapeHtml(signedIn.userName)}</strong> ·
<form method="post" action="${escapeHtml(base + LOGOUT_PATH)}"><input type="hidden" name="_csrf" value="${escapeHtml(signedIn.csrfToken)}"><button type="submit" class="link">Sign out</button></form></div>`;
}

/**
 * Headers of every web page: never cached (the pages are one user's), never
 * framed, and no script, style or image from anywhere but Bellows itself.
 */
export const WEB_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'content-security-policy':
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

/**
 * ROOT_URL's path without its trailing slash: '' when Bellows is at a domain's
 * root, `/forge` for `https://example.com/forge/`. The routes are served at
 * '/' either way (the proxy in front strips the path); the links, form
 * actions and redirects a browser follows start with it.
 */
export function basePathOf(rootUrl: string): string {
  return new URL(rootUrl).pathname.replace(/\/+$/, '');
}

/** Text made safe for HTML content and attribute values (double- or single-quoted). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}
