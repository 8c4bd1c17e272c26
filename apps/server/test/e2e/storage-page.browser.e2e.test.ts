import { mkdirSync } from 'fs';
import { join } from 'path';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';
import { totpCode } from '../../src/modules/auth/totp';
import { createTestUser, TestUser } from '../support/fixtures';
import {
  ApiClient,
  attachToIssue,
  createIssue,
  createRepository,
  startRun,
  uploadArtifact,
  uploadGenericPackage,
  uploadLfsObject,
} from '../support/sized-uploads';
import { startTestServer, TestServer } from '../support/test-server';

/** Debian's chromium (installed by .ci/run); playwright-core downloads no browser. */
const CHROMIUM = process.env.BELLOWS_CHROMIUM ?? '/usr/bin/chromium';
const KiB = 1024;
/** The page's document, inside page.evaluate (this program has no DOM types). */
declare const document: { activeElement: { textContent: string | null } | null };

/**
 * The storage pages as a person sees them: headless Chromium signs in through
 * the form (and a two-factor user through the passcode step), opens
 * `/user/settings/storage`, and the test reads what is drawn against what the
 * API answers for the same user. On both engines (BELLOWS_TEST_DB).
 */
describe('storage page (headless Chromium)', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: TestUser;
  let ada: TestUser;
  let bob: TestUser;
  let org: string;
  const repo = 'docs';

  beforeAll(async () => {
    server = await startTestServer();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    admin = await createTestUser(server, { name: 'root', admin: true });
    ada = await createTestUser(server, { name: 'ada' });
    bob = await createTestUser(server, { name: 'bob' });
    const asAdmin = { auth: { token: admin.token } };
    const group = await server.request('/admin/quota/groups', {
      method: 'POST',
      ...asAdmin,
      body: {
        name: 'starter',
        rules: [
          { name: 'everything', limit: 1024 * KiB, subjects: ['size:all'] },
          { name: 'assets', limit: 256 * KiB, subjects: ['size:assets:packages:all', 'size:assets:attachments:all'] },
        ],
      },
    });
    expect(group.status).toBe(201);
    expect((await server.request(`/admin/quota/groups/starter/users/${ada.name}`, { method: 'PUT', ...asAdmin })).status).toBe(204);

    const client: ApiClient = { url: server.url, token: ada.token, owner: ada.name };
    await createRepository(client, repo);
    const issue = await createIssue(client, repo);
    await attachToIssue(client, repo, issue, Buffer.alloc(30 * KiB, 1));
    await uploadLfsObject(client, repo, Buffer.alloc(40 * KiB, 4));
    await uploadArtifact(await startRun(client, repo), 'build-output', Buffer.alloc(10 * KiB, 5));
    await uploadGenericPackage(client, 'tool', '1.0', 'tool.bin', Buffer.alloc(20 * KiB, 2));
    await uploadGenericPackage(client, 'tool', '2.0', 'tool.bin', Buffer.alloc(150 * KiB, 3));

    org = `acme${Date.now().toString(36)}`;
    expect((await server.request('/orgs', { method: 'POST', auth: { token: ada.token }, body: { username: org } })).status).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A fresh browser (no cookies) signed in as `user` through the form, on `path`. */
  async function signedInPage(user: TestUser, path = 'user/settings/storage'): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    expect(new URL(page.url()).pathname).toBe('/user/login');
    await page.getByLabel('Username or email address').fill(user.name);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}${path}`);
    return { context, page };
  }

  async function apiQuota(user: TestUser): Promise<any> {
    const response = await server.request('/user/quota', { auth: { token: user.token } });
    expect(response.status).toBe(200);
    return response.body;
  }

  it('sends a visitor without a session to the sign-in form and back (303)', async () => {
    const response = await fetch(`${server.url}user/settings/storage`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/user/login?redirect_to=%2Fuser%2Fsettings%2Fstorage');
  });

  it('refuses a wrong password with the form again (401) and no session', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}user/login`);
    await page.getByLabel('Username or email address').fill(ada.name);
    await page.getByLabel('Password').fill('not the password');
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    expect(answer.status()).toBe(401);
    await expect(page.getByRole('alert').textContent()).resolves.toContain('Wrong username or password');
    expect((await context.cookies()).map((c) => c.name)).not.toContain('i_like_gitea');
    await context.close();
  });

  it("shows the owner's figures, equal to GET /user/quota's", async () => {
    const { context, page } = await signedInPage(ada);
    const quota = await apiQuota(ada);
    const used = quota.used.size;
    const shown = async (bucket: string) =>
      Number(await page.locator(`tr[data-bucket="${bucket}"] td[data-bytes]`).getAttribute('data-bytes'));
    expect(await shown('repos:public')).toBe(used.repos.public);
    expect(await shown('repos:private')).toBe(used.repos.private);
    expect(await shown('git:lfs')).toBe(used.git.LFS);
    expect(await shown('attachments:issues')).toBe(used.assets.attachments.issues);
    expect(await shown('attachments:releases')).toBe(used.assets.attachments.releases);
    expect(await shown('artifacts')).toBe(used.assets.artifacts);
    expect(await shown('packages')).toBe(used.assets.packages.all);
    expect(used.assets.packages.all).toBe(170 * KiB);
    expect(used.assets.attachments.issues).toBe(30 * KiB);
    expect(used.git.LFS).toBe(40 * KiB);
    expect(used.assets.artifacts).toBe(10 * KiB);
    const total = used.repos.public + used.repos.private + used.git.LFS + used.assets.attachments.issues + used.assets.attachments.releases;
    expect(Number(await page.locator('[data-total-bytes]').getAttribute('data-total-bytes'))).toBe(
      total + used.assets.artifacts + used.assets.packages.all,
    );
    await context.close();
  });

  it('draws a labelled bar per rule, with percent and IEC sizes, and marks the closest to its limit', async () => {
    const { context, page } = await signedInPage(ada);
    // Names are the operator's: owners see "Group 1"/"Rule n" unless SHOW_NAMES_TO_OWNERS (as the quota API).
    await expect(page.locator('#limits-heading').textContent()).resolves.toBe('Your limits');
    const rules = page.locator('[data-rule]');
    expect(await rules.count()).toBe(2);
    // assets: the packages and attachments, 200 KiB of 256 KiB = 78 %; everything: those and the repository, of 1 MiB.
    const used = (await apiQuota(ada)).used.size;
    const assetBytes = used.assets.packages.all + used.assets.attachments.issues + used.assets.attachments.releases;
    // Rules come in the group's order (by name); owners see them by subjects, not names.
    const assets = rules.filter({ hasText: 'size:assets:packages:all' });
    const everything = rules.filter({ hasNotText: 'size:assets:packages:all' });
    await expect(assets.locator('.bar').first().getAttribute('data-used')).resolves.toBe(String(assetBytes));
    await expect(assets.locator('.figure').first().textContent()).resolves.toBe('200 KiB of 256 KiB (78 %)');
    await expect(assets.locator('.badge').textContent()).resolves.toBe('closest to its limit');
    expect(await everything.locator('.badge').count()).toBe(0);
    await expect(everything.locator('.figure').textContent()).resolves.toMatch(/^\d+(\.\d+)? KiB of 1 MiB \(\d+ %\)$/);
    await expect(everything.locator('h3').textContent()).resolves.toContain('Group 1');
    // Each meter is reachable by its label and carries its figures as text.
    const meter = assets.getByLabel('All of this rule');
    await expect(meter.evaluate((m: { tagName: string; value: number; max: number }) => [m.tagName, m.value, m.max])).resolves.toEqual([
      'METER',
      assetBytes,
      256 * KiB,
    ]);
    // The rule over two subjects has a bar per subject.
    expect(await assets.locator('.bar').count()).toBe(3);
    await context.close();
  });

  it('lists the biggest items of each kind, biggest first, with links that work', async () => {
    const { context, page } = await signedInPage(ada);
    const packages = page.locator('[data-kind="packages"] tr[data-item]');
    await expect(packages.allTextContents()).resolves.toEqual([expect.stringContaining('tool 2.0'), expect.stringContaining('tool 1.0')]);
    const packageUrl = await packages.first().locator('a').getAttribute('href');
    expect(packageUrl).toBe(`${server.url}api/v1/packages/${ada.name}/generic/tool/2.0`);
    const pkg = await server.request(packageUrl!, { auth: { token: ada.token } });
    expect(pkg.status).toBe(200);
    expect(pkg.body.version).toBe('2.0');

    const attachment = page.locator('[data-kind="attachments"] tr[data-item] a');
    expect(await attachment.count()).toBe(1);
    await expect(attachment.textContent()).resolves.toBe('notes.bin');
    const download = await fetch((await attachment.getAttribute('href'))!, { headers: { authorization: `token ${ada.token}` } });
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBe(30 * KiB);

    const lfs = page.locator('[data-kind="lfs"] tr[data-item]');
    expect(await lfs.count()).toBe(1);
    await expect(lfs.locator('td[data-bytes]').getAttribute('data-bytes')).resolves.toBe(String((await apiQuota(ada)).used.size.git.LFS));
    await expect(lfs.locator('a').getAttribute('href')).resolves.toBe(`${server.url}${ada.name}/${repo}`);

    const artifact = page.locator('[data-kind="artifacts"] tr[data-item] a');
    expect(await artifact.count()).toBe(1);
    await expect(artifact.textContent()).resolves.toBe('build-output');
    const artifactApi = await server.request((await artifact.getAttribute('href'))!, { auth: { token: ada.token } });
    expect(artifactApi.status).toBe(200);
    expect(artifactApi.body).toMatchObject({ name: 'build-output', size_in_bytes: 10 * KiB });

    const repoLink = page.locator('[data-kind="repositories"] tr[data-item] a');
    expect(await repoLink.count()).toBe(1);
    await expect(repoLink.getAttribute('href')).resolves.toBe(`${server.url}${ada.name}/${repo}`);
    await context.close();
  });

  it('draws the usage chart from the daily history, one point per stored day', async () => {
    // Three past days and today, as the snapshot job writes them (owner, day, bucket, bytes).
    const today = new Date();
    const day = (back: number) => new Date(today.getTime() - back * 86_400_000).toISOString().slice(0, 10);
    const points = [
      [day(30), 10 * KiB],
      [day(20), 60 * KiB],
      [day(5), 120 * KiB],
    ] as const;
    const p = (n: number) => (server.db.engine === 'postgres' ? `$${n}` : `?${n}`);
    for (const [date, bytes] of points) {
      await server.db.dataSource.query(
        `INSERT INTO quota_usage_snapshot (owner_id, day, bucket, bytes) VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)})`,
        [ada.user.id, date, 'packages', bytes],
      );
    }
    const snapshot = await server.request('/admin/cron/quota_usage_snapshot', { method: 'POST', auth: { token: admin.token } });
    expect(snapshot.status).toBe(204);
    const { context, page } = await signedInPage(ada);
    const svg = page.locator('figure.chart svg');
    await expect(svg.getAttribute('data-points')).resolves.toBe('4');
    const d = (await svg.locator('path.line').getAttribute('d'))!;
    expect(d.match(/[ML]/g)).toHaveLength(4);
    expect(await svg.locator('circle').count()).toBe(4);
    // Drawn, not just present: the line has a real on-screen length.
    const length = await svg.locator('path.line').evaluate((path: { getTotalLength(): number }) => path.getTotalLength());
    expect(length).toBeGreaterThan(100);
    const box = await svg.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    if (process.env.BELLOWS_DOCS_SCREENSHOT === '1') {
      const images = join(__dirname, '../../../../docs/images');
      mkdirSync(images, { recursive: true });
      await page.setViewportSize({ width: 1100, height: 900 });
      await page.screenshot({ path: join(images, 'storage-page.png'), fullPage: true });
    }
    await context.close();
  });

  it('is usable from the keyboard: the skip link first, then the links of the page', async () => {
    const { context, page } = await signedInPage(ada);
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Skip to content');
    const reached: string[] = [];
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      reached.push(await page.evaluate(() => (document.activeElement as { href?: string } | null)?.href ?? ''));
    }
    expect(reached).toEqual(
      expect.arrayContaining([expect.stringContaining('/attachments/'), expect.stringContaining('/api/v1/packages/')]),
    );
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    await context.close();
  });

  it('works with JavaScript off (sign-in, figures, chart) and its text meets WCAG AA contrast, with a visible focus ring', async () => {
    // Today's snapshot, so the chart has a point even when this test runs alone.
    expect((await server.request('/admin/cron/quota_usage_snapshot', { method: 'POST', auth: { token: admin.token } })).status).toBe(204);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}user/settings/storage`);
    await page.getByLabel('Username or email address').fill(ada.name);
    await page.getByLabel('Password').fill(ada.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}user/settings/storage`);
    expect(await page.locator('[data-rule]').count()).toBe(2);
    expect(await page.locator('figure.chart svg circle').count()).toBeGreaterThan(0);
    // Contrast of every kind of text the page shows against its own or its nearest background (4.5:1, AA for body text).
    const ratios = await page.evaluate(() => {
      const w = globalThis as any;
      const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).slice(0, 4).map(Number);
      const luminance = ([r, g, b]: number[]) => {
        const [R, G, B] = [r, g, b].map((v) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * R + 0.7152 * G + 0.0722 * B;
      };
      const background = (el: any): number[] => {
        for (let node = el; node; node = node.parentElement) {
          const [r, g, b, a] = rgb(w.getComputedStyle(node).backgroundColor);
          if (a === undefined || a > 0) return [r, g, b];
        }
        return [255, 255, 255];
      };
      const selectors = ['h1', 'h2', 'h3', 'p', 'th', 'td', 'a', '.muted', '.figure', '.badge', 'label', 'button', 'code', 'figcaption'];
      return selectors.map((selector) => {
        const el = w.document.querySelector(selector);
        const [l1, l2] = [luminance(rgb(w.getComputedStyle(el).color)), luminance(background(el))].sort((a, b) => b - a);
        return { selector, ratio: Math.round(((l1 + 0.05) / (l2 + 0.05)) * 10) / 10 };
      });
    });
    for (const { selector, ratio } of ratios) expect({ selector, ok: ratio >= 4.5, ratio }).toMatchObject({ selector, ok: true });
    // Focus is visible: the first link reached by Tab has a thick outline.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const style = (globalThis as any).getComputedStyle((globalThis as any).document.activeElement);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);
    await context.close();
  });

  it('refuses a sign-out without the CSRF token (403, still signed in), signs out with it', async () => {
    const { context, page } = await signedInPage(ada);
    const forged = await page.request.post(`${server.url}user/logout`, { form: {}, maxRedirects: 0 });
    expect(forged.status()).toBe(403);
    const wrong = await page.request.post(`${server.url}user/logout`, { form: { _csrf: 'x'.repeat(43) }, maxRedirects: 0 });
    expect(wrong.status()).toBe(403);
    await page.reload();
    expect(new URL(page.url()).pathname).toBe('/user/settings/storage');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${server.url}user/login`);
    await page.goto(`${server.url}user/settings/storage`);
    expect(new URL(page.url()).pathname).toBe('/user/login');
    await context.close();
  });

  it('does not let the API accept the session cookie', async () => {
    const { context } = await signedInPage(ada);
    const session = (await context.cookies()).find((c) => c.name === 'i_like_gitea')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false });
    // 14 days from sign-in by default ([session] SESSION_LIFE_TIME), the same in the cookie and the stored row.
    expect(Math.abs(session.expires * 1000 - (Date.now() + 14 * 86_400_000))).toBeLessThan(60_000);
    const user = await fetch(`${server.url}api/v1/user`, { headers: { cookie: `i_like_gitea=${session.value}` } });
    expect(user.status).toBe(401);
    await context.close();
  });

  it('never redirects off the site after sign-in (redirect_to)', async () => {
    // Signing in with the e-mail address as the login, as Basic allows.
    for (const target of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const form = await fetch(`${server.url}user/login`);
      const csrf = /name="_csrf" value="([^"]+)"/.exec(await form.text())![1];
      const cookie = form.headers.get('set-cookie')!.split(';')[0];
      const body = new URLSearchParams({ _csrf: csrf, user_name: `${ada.name}@example.com`, password: ada.password, redirect_to: target });
      const answer = await fetch(`${server.url}user/login`, { method: 'POST', body, headers: { cookie }, redirect: 'manual' });
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe('/user/settings/storage');
    }
  });

  it('refuses a sign-in posted without the form’s CSRF value (403)', async () => {
    const body = new URLSearchParams({ user_name: ada.name, password: ada.password });
    const answer = await fetch(`${server.url}user/login`, { method: 'POST', body, redirect: 'manual' });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('set-cookie') ?? '').not.toContain('i_like_gitea');
  });

  it('asks a two-factor user for the passcode after the password, and checks it', async () => {
    const dave = await createTestUser(server);
    const secret = (await server.request('/user/twofactor/totp', { method: 'POST', auth: { token: dave.token } })).body.secret as string;
    const code = (steps: number) => totpCode(secret, new Date(Date.now() + steps * 30_000));
    const confirm = await server.request('/user/twofactor/totp/confirm', {
      method: 'POST',
      auth: { token: dave.token },
      body: { passcode: code(-1) },
    });
    expect(confirm.status).toBe(204);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}user/settings/storage`);
    await page.getByLabel('Username or email address').fill(dave.name);
    await page.getByLabel('Password').fill(dave.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const passcode = page.getByLabel('Passcode');
    await passcode.waitFor();
    expect((await context.cookies()).map((c) => c.name)).not.toContain('i_like_gitea');
    await passcode.fill(totpCode(secret, new Date(Date.now() - 10 * 60_000)));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('Wrong passcode');
    await page.getByLabel('Passcode').fill(code(1));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}user/settings/storage`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Your storage');
    await context.close();
  });

  it("shows an organization's page to its owners and site admins, 404 to anyone else", async () => {
    const owner = await signedInPage(ada, `org/${org}/settings/storage`);
    await expect(owner.page.locator('h1').textContent()).resolves.toBe(`Storage of ${org}`);
    await owner.context.close();
    const other = await signedInPage(bob);
    const answer = await other.page.goto(`${server.url}org/${org}/settings/storage`);
    expect(answer!.status()).toBe(404);
    expect((await other.page.goto(`${server.url}org/no-such-org/settings/storage`))!.status()).toBe(404);
    await other.context.close();
    const siteAdmin = await signedInPage(admin, `org/${org}/settings/storage`);
    await expect(siteAdmin.page.locator('h1').textContent()).resolves.toBe(`Storage of ${org}`);
    await siteAdmin.context.close();
  });

  it('shows the instance page to site admins only: the totals and the owners storing most, as the overview API', async () => {
    const { context, page } = await signedInPage(admin, '-/admin/storage');
    await expect(page.locator('h1').textContent()).resolves.toBe('Instance storage');
    const used = (await apiQuota(ada)).used.size;
    const adasBytes =
      used.repos.public +
      used.repos.private +
      used.git.LFS +
      used.assets.attachments.issues +
      used.assets.attachments.releases +
      used.assets.artifacts +
      used.assets.packages.all;
    // The overview follows the ledger through the quota worker: wait (≤ 10 s) until it has caught up with ada's uploads.
    let shown: { all: string | null; owners: string | null; ada: string | null } = { all: null, owners: null, ada: null };
    let totals: any;
    for (let tries = 0; tries < 50; tries++) {
      totals = (await server.request('/admin/quota/usage/total', { auth: { token: admin.token } })).body;
      await page.reload();
      shown = {
        all: await page.locator('tr[data-subject="size:all"] td').getAttribute('data-bytes'),
        owners: await page.locator('[data-owners]').getAttribute('data-owners'),
        ada:
          (await page.locator(`tr[data-owner="${ada.name}"]`).count()) > 0
            ? await page.locator(`tr[data-owner="${ada.name}"] td[data-bytes]`).getAttribute('data-bytes')
            : null,
      };
      if (shown.ada === String(adasBytes) && shown.all === String(totals.subjects['size:all'])) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(shown).toEqual({ all: String(totals.subjects['size:all']), owners: String(totals.owners), ada: String(adasBytes) });
    // ada stores most: first in the list.
    await expect(page.locator('tr[data-owner]').first().getAttribute('data-owner')).resolves.toBe(ada.name);
    await context.close();
    const user = await signedInPage(ada);
    expect((await user.page.goto(`${server.url}-/admin/storage`))!.status()).toBe(404);
    await user.context.close();
  });
});

describe('storage page with quota off', () => {
  it('is absent (404) when [quota] ENABLED = false, as the quota API', async () => {
    const server = await startTestServer({ QUOTA__ENABLED: 'false' });
    try {
      expect((await fetch(`${server.url}user/settings/storage`, { redirect: 'manual' })).status).toBe(404);
      expect((await fetch(`${server.url}user/login`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('storage page with [session] settings', () => {
  it('names the cookie COOKIE_NAME and ends the session after SESSION_LIFE_TIME seconds', async () => {
    const server = await startTestServer({ SESSION__COOKIE_NAME: 'bellows_session', SESSION__SESSION_LIFE_TIME: '3600' });
    try {
      const user = await createTestUser(server);
      const form = await fetch(`${server.url}user/login`);
      const csrf = /name="_csrf" value="([^"]+)"/.exec(await form.text())![1];
      const cookie = form.headers.get('set-cookie')!.split(';')[0];
      const body = new URLSearchParams({ _csrf: csrf, user_name: user.name, password: user.password });
      const answer = await fetch(`${server.url}user/login`, { method: 'POST', body, headers: { cookie }, redirect: 'manual' });
      expect(answer.status).toBe(303);
      const session = answer.headers.getSetCookie().find((c) => c.startsWith('bellows_session='))!;
      expect(session).toContain('Max-Age=3600');
      const [row] = await server.db.dataSource.query('SELECT created_at, expires_at FROM web_session');
      expect(Number(row.expires_at) - Number(row.created_at)).toBe(3_600_000);
      const page = await fetch(`${server.url}user/settings/storage`, { headers: { cookie: session.split(';')[0] }, redirect: 'manual' });
      expect(page.status).toBe(200);
      // The session's row reaches its end: the same cookie signs in no more.
      await server.db.dataSource.query('UPDATE web_session SET expires_at = created_at');
      const expired = await fetch(`${server.url}user/settings/storage`, { headers: { cookie: session.split(';')[0] }, redirect: 'manual' });
      expect(expired.status).toBe(303);
    } finally {
      await server.close();
    }
  });
});
