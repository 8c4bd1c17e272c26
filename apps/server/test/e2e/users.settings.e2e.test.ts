import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * A user's settings: read, changed field by field (the rest kept), refused
 * when invalid (nothing changed), and honoured where others see the user:
 * the e-mail address (hide_email) and the pronouns (hide_pronouns).
 */
describe("users' settings", () => {
  let server: TestServer;
  let ada: TestUser;
  let bo: TestUser;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const patch = (user: TestUser, body: unknown) => server.request('/user/settings', { ...as(user), method: 'PATCH', body });

  beforeAll(async () => {
    server = await startTestServer();
    ada = await createTestUser(server);
    bo = await createTestUser(server);
  });
  afterAll(async () => server?.close());

  it('starts with Forgejo’s defaults, the e-mail address kept private', async () => {
    const settings = await server.request('/user/settings', as(ada));
    expectForgejoShape('GET', '/user/settings', 200, settings.body);
    expect(settings.body).toEqual({
      full_name: '',
      website: '',
      description: '',
      location: '',
      pronouns: '',
      language: '',
      theme: 'forgejo-auto',
      diff_view_style: '',
      hide_email: true,
      hide_pronouns: false,
      hide_activity: false,
      enable_repo_unit_hints: true,
    });
    expect((await server.request('/user/settings')).status).toBe(401);
  });

  it('changes exactly the fields given and shows them on the user', async () => {
    const first = await patch(ada, { full_name: 'Ada L.', website: 'https://ada.example', language: 'en-US', diff_view_style: 'split' });
    expect(first.status).toBe(200);
    expectForgejoShape('PATCH', '/user/settings', 200, first.body);
    const second = await patch(ada, { pronouns: 'she/her', location: 'London', hide_activity: true, enable_repo_unit_hints: false });
    expect(second.body).toMatchObject({
      full_name: 'Ada L.',
      website: 'https://ada.example',
      language: 'en-US',
      diff_view_style: 'split',
      pronouns: 'she/her',
      location: 'London',
      hide_activity: true,
      enable_repo_unit_hints: false,
      hide_email: true,
    });
    expect((await server.request('/user/settings', as(ada))).body).toEqual(second.body);
    const seen = (await server.request(`/users/${ada.name}`)).body;
    expect([seen.full_name, seen.website, seen.location, seen.pronouns, seen.language]).toEqual([
      'Ada L.',
      'https://ada.example',
      'London',
      'she/her',
      '',
    ]);
    expect((await server.request('/user', as(ada))).body.language).toBe('en-US');
  });

  it('refuses invalid values with 422 and changes nothing', async () => {
    const before = (await server.request('/user/settings', as(ada))).body;
    for (const body of [
      { full_name: 'ok', website: 'javascript:alert(1)' },
      { full_name: 'ok', diff_view_style: 'sideways' },
      { full_name: 'ok', language: 'not a language' },
      { full_name: 'ok', hide_email: 'yes' },
      { full_name: 'x'.repeat(256) },
    ]) {
      const refused = await patch(ada, body);
      expect([refused.status, typeof refused.body.message]).toEqual([422, 'string']);
    }
    expect((await server.request('/user/settings', as(ada))).body).toEqual(before);
  });

  it('shows the e-mail address to other signed-in users only when it is not hidden', async () => {
    const seenByBo = async () => (await server.request(`/users/${ada.name}`, as(bo))).body.email;
    const seenByAnonymous = async () => (await server.request(`/users/${ada.name}`)).body.email;
    expect(await seenByBo()).toMatch(/@noreply\./);
    expect((await patch(ada, { hide_email: false })).body.hide_email).toBe(false);
    expect(await seenByBo()).toBe(ada.user.email);
    expect(await seenByAnonymous()).toMatch(/@noreply\./);
    await patch(ada, { hide_email: true });
    expect(await seenByBo()).toMatch(/@noreply\./);
    expect((await server.request('/user', as(ada))).body.email).toBe(ada.user.email);
  });

  it('hides the pronouns from anonymous visitors when asked to', async () => {
    await patch(ada, { pronouns: 'she/her', hide_pronouns: true });
    expect((await server.request(`/users/${ada.name}`)).body.pronouns).toBe('');
    expect((await server.request(`/users/${ada.name}`, as(bo))).body.pronouns).toBe('she/her');
  });
});
