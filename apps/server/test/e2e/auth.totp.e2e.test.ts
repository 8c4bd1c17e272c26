import { totpCode } from '../../src/modules/auth/totp';
import { createTestUser, TestUser } from '../support/fixtures';
import { startTestServer, TestServer } from '../support/test-server';

describe('two-factor sign-in (TOTP)', () => {
  let server: TestServer;
  let dave: TestUser;
  let secret: string;

  beforeAll(async () => {
    server = await startTestServer();
    dave = await createTestUser(server, { name: 'dave' });
  });
  afterAll(() => server.close());

  const asDave = { basic: ['dave', 'correct horse battery staple'] as [string, string] };
  /** A code that is certainly wrong now: the one from ten minutes ago. */
  const staleCode = () => totpCode(secret, new Date(Date.now() - 10 * 60_000));

  it('enrols: answers a base32 secret and an otpauth URI, stored encrypted, TOTP still off', async () => {
    const enrolled = await server.request('/user/twofactor/totp', { method: 'POST', auth: asDave });
    expect(enrolled.status).toBe(201);
    secret = enrolled.body.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolled.body.uri).toMatch(new RegExp(`^otpauth://totp/Bellows:dave\\?secret=${secret}&issuer=Bellows`));
    const row = await server.db.owners.findById(dave.user.id);
    expect(row?.totpEnabled).toBe(false);
    expect(row?.totpSecret).not.toContain(secret);
    // Pending enrolment does not demand a code yet.
    expect((await server.request('/users/dave/tokens', { auth: asDave })).status).toBe(200);
  });

  it('refuses to confirm with a wrong or malformed code (422)', async () => {
    const wrong = await server.request('/user/twofactor/totp/confirm', { method: 'POST', auth: asDave, body: { passcode: staleCode() } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toContain('passcode');
    expect((await server.request('/user/twofactor/totp/confirm', { method: 'POST', auth: asDave, body: { passcode: 'abc' } })).status).toBe(422);
    expect((await server.request('/user/twofactor/totp/confirm', { method: 'POST', auth: asDave, body: {} })).status).toBe(422);
  });

  it('turns on with the current code', async () => {
    const confirmed = await server.request('/user/twofactor/totp/confirm', { method: 'POST', auth: asDave, body: { passcode: totpCode(secret) } });
    expect(confirmed.status).toBe(204);
    expect((await server.db.owners.findById(dave.user.id))?.totpEnabled).toBe(true);
  });

  it('then needs a valid X-Forgejo-OTP (or X-Gitea-OTP) with a Basic password', async () => {
    const without = await server.request('/users/dave/tokens', { auth: asDave });
    expect(without.status).toBe(401);
    expect(without.body.message).toContain('X-Forgejo-OTP');
    expect((await server.request('/users/dave/tokens', { auth: asDave, headers: { 'X-Forgejo-OTP': staleCode() } })).status).toBe(401);
    expect((await server.request('/users/dave/tokens', { auth: asDave, headers: { 'X-Forgejo-OTP': totpCode(secret) } })).status).toBe(200);
    expect((await server.request('/users/dave/tokens', { auth: asDave, headers: { 'X-Gitea-OTP': totpCode(secret) } })).status).toBe(200);
  });

  it('does not ask for a code when a token is used, in a header or through Basic', async () => {
    expect((await server.request('/users/dave/tokens', { auth: { token: dave.token } })).status).toBe(200);
    expect((await server.request('/users/dave/tokens', { auth: { basic: ['dave', dave.token] } })).status).toBe(200);
  });

  it('refuses a second enrolment while enabled (409)', async () => {
    expect((await server.request('/user/twofactor/totp', { method: 'POST', auth: { token: dave.token } })).status).toBe(409);
  });

  it('turns off only with the current code', async () => {
    expect((await server.request('/user/twofactor/totp', { method: 'DELETE', auth: { token: dave.token }, body: { passcode: staleCode() } })).status).toBe(422);
    expect((await server.request('/user/twofactor/totp', { method: 'DELETE', auth: { token: dave.token }, body: { passcode: totpCode(secret) } })).status).toBe(204);
    expect((await server.request('/users/dave/tokens', { auth: asDave })).status).toBe(200);
    expect((await server.request('/user/twofactor/totp', { method: 'DELETE', auth: { token: dave.token }, body: { passcode: totpCode(secret) } })).status).toBe(404);
  });

  it('needs sign-in and the write:user scope', async () => {
    expect((await server.request('/user/twofactor/totp', { method: 'POST' })).status).toBe(401);
    const reader = await createTestUser(server, { name: 'reader', scopes: 'read:user' });
    const refused = await server.request('/user/twofactor/totp', { method: 'POST', auth: { token: reader.token } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('write:user');
  });
});
