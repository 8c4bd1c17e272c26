import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * A user's e-mail addresses: list, add (all or none), delete (not the primary
 * one), one address per user across the instance, sign-in by an added address,
 * and the site admin's list and search of everyone's.
 */
describe("users' e-mail addresses", () => {
  let server: TestServer;
  let ada: TestUser;
  let bo: TestUser;
  let admin: TestUser;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const addresses = async (user: TestUser) => (await server.request('/user/emails', as(user))).body.map((e: any) => e.email);
  const add = (user: TestUser, emails: unknown) => server.request('/user/emails', { ...as(user), method: 'POST', body: { emails } });
  const remove = (user: TestUser, emails: unknown) => server.request('/user/emails', { ...as(user), method: 'DELETE', body: { emails } });

  beforeAll(async () => {
    server = await startTestServer();
    ada = await createTestUser(server);
    bo = await createTestUser(server);
    admin = await createTestUser(server, { admin: true });
  });
  afterAll(async () => server?.close());

  it('lists the primary address first, adds addresses (verified) and answers all of them', async () => {
    const listed = await server.request('/user/emails', as(ada));
    expectForgejoShape('GET', '/user/emails', 200, listed.body);
    expect(listed.body).toEqual([{ email: ada.user.email, verified: true, primary: true, user_id: ada.user.id, username: ada.name }]);

    const added = await add(ada, [`Work.${ada.name}@example.org`, `home.${ada.name}@example.net`]);
    expect(added.status).toBe(201);
    expectForgejoShape('POST', '/user/emails', 201, added.body);
    expect(added.body.map((e: any) => [e.email, e.primary, e.verified])).toEqual([
      [ada.user.email, true, true],
      [`Work.${ada.name}@example.org`, false, true],
      [`home.${ada.name}@example.net`, false, true],
    ]);
  });

  it('refuses an address any user has (case-insensitively), an invalid one or none, and then adds nothing', async () => {
    const before = await addresses(bo);
    const taken = await add(bo, [`fresh.${bo.name}@example.org`, `WORK.${ada.name}@EXAMPLE.ORG`]);
    expect([taken.status, taken.body.message]).toEqual([422, `Email address has been used: WORK.${ada.name}@EXAMPLE.ORG`]);
    expect((await add(bo, [ada.user.email.toUpperCase()])).status).toBe(422);
    expect((await add(bo, [bo.user.email])).status).toBe(422);
    const invalid = await add(bo, ['not an address']);
    expect([invalid.status, invalid.body.message]).toEqual([422, 'emails: "not an address" is not a valid e-mail address']);
    expect((await add(bo, [])).status).toBe(422);
    expect((await add(bo, 'x@example.org')).status).toBe(422);
    expect(await addresses(bo)).toEqual(before);
    // The address taken by another user cannot become someone's primary one either.
    const edit = await server.request(`/admin/users/${bo.name}`, {
      ...as(admin),
      method: 'PATCH',
      body: { login_name: bo.name, source_id: 0, email: `work.${ada.name}@example.org` },
    });
    expect(edit.status).toBe(422);
  });

  it('deletes added addresses, all or none: 404 for one the user has not, 422 for the primary one', async () => {
    await add(bo, [`one.${bo.name}@example.org`, `two.${bo.name}@example.org`]);
    expect((await remove(bo, [`one.${bo.name}@example.org`, `home.${ada.name}@example.net`])).status).toBe(404);
    expect((await remove(bo, [bo.user.email])).status).toBe(422);
    expect(await addresses(bo)).toEqual([bo.user.email, `one.${bo.name}@example.org`, `two.${bo.name}@example.org`]);
    expect((await remove(bo, [`ONE.${bo.name}@example.org`])).status).toBe(204);
    expect((await remove(bo, [])).status).toBe(204);
    expect(await addresses(bo)).toEqual([bo.user.email, `two.${bo.name}@example.org`]);
    expect(await addresses(ada)).toContain(`home.${ada.name}@example.net`);
    // A deleted address is free again.
    expect((await add(ada, [`one.${bo.name}@example.org`])).status).toBe(201);
  });

  it('signs in with an added address', async () => {
    const basic = Buffer.from(`work.${ada.name}@example.org:${ada.password}`).toString('base64');
    const me = await server.request('/user', { headers: { authorization: `Basic ${basic}` } });
    expect([me.status, me.body.login]).toEqual([200, ada.name]);
  });

  it('lists and searches everyone’s addresses for site admins only', async () => {
    const all = await server.request('/admin/emails?limit=50', as(admin));
    expectForgejoShape('GET', '/admin/emails', 200, all.body);
    expect(Number(all.headers.get('x-total-count'))).toBeGreaterThanOrEqual(6);
    const found = await server.request(`/admin/emails/search?q=${ada.name}`, as(admin));
    expectForgejoShape('GET', '/admin/emails/search', 200, found.body);
    expect(found.body.map((e: any) => e.email).sort()).toEqual(
      [ada.user.email, `Work.${ada.name}@example.org`, `home.${ada.name}@example.net`, `one.${bo.name}@example.org`].sort(),
    );
    expect(found.body.every((e: any) => e.username === ada.name && e.user_id === ada.user.id)).toBe(true);
    const byAddress = await server.request(`/admin/emails/search?q=two.${bo.name}`, as(admin));
    expect(byAddress.body).toEqual([
      { email: `two.${bo.name}@example.org`, verified: true, primary: false, user_id: bo.user.id, username: bo.name },
    ]);
    expect((await server.request('/admin/emails', as(ada))).status).toBe(403);
    expect((await server.request('/admin/emails/search?q=a', as(ada))).status).toBe(403);
    expect((await server.request('/user/emails')).status).toBe(401);
  });

  it('lets the addresses go with a deleted user', async () => {
    const leaving = await createTestUser(server);
    await add(leaving, [`kept.${leaving.name}@example.org`]);
    expect((await server.request(`/admin/users/${leaving.name}`, { ...as(admin), method: 'DELETE' })).status).toBe(204);
    expect((await add(bo, [`kept.${leaving.name}@example.org`])).status).toBe(201);
  });
});
