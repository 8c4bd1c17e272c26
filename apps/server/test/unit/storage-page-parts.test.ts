import { humanPercent, humanSize } from '@bellows/domain';
import { usageChartSection } from '../../src/modules/storage-page/usage-chart';
import { DEFAULT_LANDING, loginUrlFor, safeRedirectTarget } from '../../src/modules/web-sessions/safe-redirect';
import { signInPage } from '../../src/modules/web-sessions/sign-in-page';
import { basePathOf, renderWebPage } from '../../src/modules/web-sessions/web-page';
import { WebSigner } from '../../src/modules/web-sessions/session-secrets';

describe('human sizes (IEC)', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 KiB'],
    [1536, '1.5 KiB'],
    [200 * 1024, '200 KiB'],
    [12.34 * 1024 * 1024, '12.3 MiB'],
    [5 * 1024 ** 3, '5 GiB'],
    [-1, 'unlimited'],
  ])('%d bytes → %s', (bytes, text) => expect(humanSize(bytes)).toBe(text));

  it('rounds percents for people', () => {
    expect(humanPercent(78.125)).toBe('78 %');
    expect(humanPercent(4.56)).toBe('4.6 %');
    expect(humanPercent(Infinity)).toBe('over 999 %');
  });
});

describe('redirect_to after sign-in', () => {
  it.each(['/user/settings/storage', '/org/acme/settings/storage?x=1', '/-/admin/storage#top'])('keeps the same-site path %s', (path) =>
    expect(safeRedirectTarget(path)).toBe(path),
  );

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '/\t/evil.example', 'relative', ''])(
    'refuses %j (an open redirect)',
    (target) => expect(safeRedirectTarget(target)).toBe(DEFAULT_LANDING),
  );
});

describe('web signatures', () => {
  const signer = new WebSigner('secret key');

  it('makes a CSRF token per session, checked in constant time', () => {
    const token = signer.csrfTokenOf('session-a');
    expect(signer.csrfTokenMatches('session-a', token)).toBe(true);
    expect(signer.csrfTokenMatches('session-b', token)).toBe(false);
    expect(signer.csrfTokenMatches('session-a', undefined)).toBe(false);
    expect(new WebSigner('another key').csrfTokenMatches('session-a', token)).toBe(false);
  });

  it('makes a second-step pass that expires and dies with a password change', () => {
    const now = Date.now();
    const pass = signer.pendingPass(7, 'hash-1', now + 1000);
    expect(WebSigner.pendingPassUserId(pass)).toBe(7);
    expect(signer.pendingPassHolds(pass, 'hash-1', now)).toBe(true);
    expect(signer.pendingPassHolds(pass, 'hash-2', now)).toBe(false);
    expect(signer.pendingPassHolds(pass, 'hash-1', now + 1000)).toBe(false);
    expect(signer.pendingPassHolds(pass.replace(/^7\./, '8.'), 'hash-1', now)).toBe(false);
  });
});

describe('usage chart', () => {
  it('says there is no history yet when there are no points', () => {
    expect(usageChartSection({ from: '2026-01-01', to: '2026-03-31', points: [] })).toContain('No history yet');
  });

  it('draws one point per day at its date (15 Feb is day 45 of 89), the highest at the top', () => {
    const html = usageChartSection({
      from: '2026-01-01',
      to: '2026-03-31',
      points: [
        { date: '2026-01-01', bytes: 0 },
        { date: '2026-02-15', bytes: 512 },
        { date: '2026-03-31', bytes: 1024 },
      ],
    });
    expect(html).toContain('data-points="3"');
    const d = /class="line" d="([^"]+)"/.exec(html)![1];
    expect(d).toBe('M64 208 L387.6 112 L704 16');
  });
});

describe('Bellows under a sub-path of its domain (ROOT_URL https://example.com/forge/)', () => {
  const base = basePathOf('https://example.com/forge/');

  it('starts every link, form action and redirect with the path', () => {
    expect(base).toBe('/forge');
    expect(basePathOf('http://localhost:3000/')).toBe('');
    const page = renderWebPage({ base, title: 't', main: '', signedIn: { userName: 'ada', csrfToken: 'c' } });
    expect(page).toContain('href="/forge/assets/bellows-web.css"');
    expect(page).toContain('action="/forge/user/logout"');
    expect(signInPage({ base, csrf: 'c', redirectTo: '/forge/user/settings/storage' })).toContain('action="/forge/user/login"');
    expect(loginUrlFor('/user/settings/storage', base)).toBe('/forge/user/login?redirect_to=%2Fforge%2Fuser%2Fsettings%2Fstorage');
    expect(safeRedirectTarget('//evil.example', base)).toBe('/forge/user/settings/storage');
    expect(safeRedirectTarget('/forge/org/acme/settings/storage', base)).toBe('/forge/org/acme/settings/storage');
  });

  it('escapes what the sign-in form echoes', () => {
    const page = signInPage({ base: '', csrf: '"><script>', redirectTo: '/x"><script>', login: '<b>ada</b>', error: '<img src=x>' });
    expect(page).not.toMatch(/<script>|<b>|<img/);
    expect(page).toContain('&lt;b&gt;ada&lt;/b&gt;');
  });
});
