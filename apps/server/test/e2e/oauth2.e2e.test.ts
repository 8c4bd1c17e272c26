import { createHash, createPublicKey, randomBytes, verify } from 'crypto';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Bellows as an OAuth2 provider, driven over HTTP as a client and a browser
 * would: register an application, authorize with PKCE, exchange the code,
 * call the API with the Bearer token, refresh, and revoke by deleting the
 * application; and the refusals a client meets (wrong redirect URI, reused
 * code, wrong verifier, wrong secret) as Forgejo's OAuth2 error JSON.
 */
describe('OAuth2 applications and provider', () => {
  let server: TestServer;
  let ada: TestUser;
  let bo: TestUser;
  const REDIRECT = 'https://client.example.com/callback';
  const basic = (user: string, secret: string) => `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;
  const signedIn = (user: TestUser) => ({ authorization: basic(user.name, user.password) });

  /** A request to the web routes (outside /api/v1), redirects not followed. */
  async function web(path: string, init: { method?: string; headers?: Record<string, string>; form?: Record<string, string> } = {}) {
    const headers = { ...(init.headers ?? {}) };
    let body: string | undefined;
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const response = await fetch(`${server.url}${path.replace(/^\//, '')}`, {
      method: init.method ?? 'GET',
      headers,
      body,
      redirect: 'manual',
    });
    const text = await response.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, json, text };
  }

  async function register(user: TestUser, confidential: boolean, name = 'dashboard') {
    const created = await server.request('/user/applications/oauth2', {
      auth: { token: user.token },
      method: 'POST',
      body: { name, redirect_uris: [REDIRECT], confidential_client: confidential },
    });
    expect(created.status).toBe(201);
    return created.body as { id: number; client_id: string; client_secret: string };
  }

  function pkce() {
    const verifier = randomBytes(32).toString('base64url');
    return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
  }

  /** Authorize as `user` (consent asked and granted when needed) and answer the code the client gets back. */
  async function authorize(user: TestUser, clientId: string, extra: Record<string, string> = {}): Promise<string> {
    const query = new URLSearchParams({ client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', state: 'xyz', ...extra });
    const asked = await web(`/login/oauth/authorize?${query}`, { headers: signedIn(user) });
    let location: string;
    if (asked.status === 200) {
      const granted = await web('/login/oauth/grant', {
        method: 'POST',
        headers: signedIn(user),
        form: {
          client_id: clientId,
          redirect_uri: REDIRECT,
          state: 'xyz',
          scope: asked.json.scope,
          consent: asked.json.consent,
          granted: 'true',
        },
      });
      expect(granted.status).toBe(303);
      location = granted.headers.get('location') as string;
    } else {
      expect(asked.status).toBe(303);
      location = asked.headers.get('location') as string;
    }
    const back = new URL(location);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('xyz');
    return back.searchParams.get('code') as string;
  }

  async function token(form: Record<string, string>, headers: Record<string, string> = {}) {
    return web('/login/oauth/access_token', { method: 'POST', headers, form });
  }

  beforeAll(async () => {
    server = await startTestServer();
    ada = await createTestUser(server);
    bo = await createTestUser(server);
  });
  afterAll(async () => server?.close());

  it('manages applications: the secret shown once, new on update, and another user’s applications 404', async () => {
    const app = await register(ada, true, 'first');
    expect(app.client_secret).toMatch(/^gto_/);
    expectForgejoShape('POST', '/user/applications/oauth2', 201, app);
    const listed = await server.request('/user/applications/oauth2', { auth: { token: ada.token } });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('x-total-count')).toBe('1');
    expect(listed.body).toEqual([expect.objectContaining({ id: app.id, name: 'first', client_secret: '', redirect_uris: [REDIRECT] })]);
    const one = await server.request(`/user/applications/oauth2/${app.id}`, { auth: { token: ada.token } });
    expect(one.body).toMatchObject({ client_id: app.client_id, client_secret: '', confidential_client: true });

    const updated = await server.request(`/user/applications/oauth2/${app.id}`, {
      auth: { token: ada.token },
      method: 'PATCH',
      body: { name: 'renamed', redirect_uris: [REDIRECT, 'http://127.0.0.1/cb'], confidential_client: false },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: app.id, name: 'renamed', client_id: app.client_id, confidential_client: false });
    expect(updated.body.client_secret).toMatch(/^gto_/);
    expect(updated.body.client_secret).not.toBe(app.client_secret);

    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const theirs = await server.request(`/user/applications/oauth2/${app.id}`, {
        auth: { token: bo.token },
        method,
        body: method === 'PATCH' ? { name: 'stolen', redirect_uris: [REDIRECT] } : undefined,
      });
      expect(theirs.status).toBe(404);
    }
    expect((await server.request('/user/applications/oauth2', { auth: { token: bo.token } })).body).toEqual([]);
    expect((await server.request(`/user/applications/oauth2/${app.id}`, { auth: { token: ada.token } })).body.name).toBe('renamed');

    const bad = await server.request('/user/applications/oauth2', {
      auth: { token: ada.token },
      method: 'POST',
      body: { name: 'x', redirect_uris: ['not a uri'] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toContain('not a uri');

    expect((await server.request(`/user/applications/oauth2/${app.id}`, { auth: { token: ada.token }, method: 'DELETE' })).status).toBe(
      204,
    );
    expect((await server.request(`/user/applications/oauth2/${app.id}`, { auth: { token: ada.token } })).status).toBe(404);
  });

  it('runs the whole flow: PKCE, Bearer on the API, refresh once, and deleting the application revokes', async () => {
    const app = await register(ada, true);
    const { verifier, challenge } = pkce();
    const code = await authorize(ada, app.client_id, { code_challenge: challenge, code_challenge_method: 'S256' });

    const issued = await token(
      { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT },
      {
        authorization: basic(app.client_id, app.client_secret),
      },
    );
    expect(issued.status).toBe(200);
    expect(issued.json).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(issued.headers.get('cache-control')).toBe('no-store');

    for (const scheme of ['Bearer', 'token']) {
      const me = await server.request('/user', { headers: { authorization: `${scheme} ${issued.json.access_token}` } });
      expect(me.status).toBe(200);
      expect(me.body.login).toBe(ada.name);
    }

    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: issued.json.refresh_token,
      client_id: app.client_id,
      client_secret: app.client_secret,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.access_token).not.toBe(issued.json.access_token);
    const again = await token({
      grant_type: 'refresh_token',
      refresh_token: issued.json.refresh_token,
      client_id: app.client_id,
      client_secret: app.client_secret,
    });
    expect(again.status).toBe(400);
    expect(again.json.error).toBe('unauthorized_client');
    expect((await server.request('/user', { headers: { authorization: `Bearer ${refreshed.json.access_token}` } })).status).toBe(200);

    // A confidential client granted before gets its next code without asking the user again.
    const query = new URLSearchParams({ client_id: app.client_id, redirect_uri: REDIRECT, response_type: 'code', state: 's' });
    const silent = await web(`/login/oauth/authorize?${query}`, { headers: signedIn(ada) });
    expect(silent.status).toBe(303);
    expect(new URL(silent.headers.get('location') as string).searchParams.get('code')).toBeTruthy();

    expect((await server.request(`/user/applications/oauth2/${app.id}`, { auth: { token: ada.token }, method: 'DELETE' })).status).toBe(
      204,
    );
    for (const accessToken of [issued.json.access_token, refreshed.json.access_token]) {
      expect((await server.request('/user', { headers: { authorization: `Bearer ${accessToken}` } })).status).toBe(401);
    }
    const afterDelete = await token({ grant_type: 'refresh_token', refresh_token: refreshed.json.refresh_token, client_id: app.client_id });
    expect(afterDelete.status).toBe(400);
    expect(afterDelete.json.error).toBe('invalid_client');
  });

  it('tells who the token is for at /login/oauth/userinfo, with the organizations and teams as groups', async () => {
    const org = await server.request('/orgs', { auth: { token: ada.token }, method: 'POST', body: { username: `oidc-${Date.now()}` } });
    expect(org.status).toBe(201);
    const app = await register(ada, false);
    const { verifier, challenge } = pkce();
    const code = await authorize(ada, app.client_id, { code_challenge: challenge, code_challenge_method: 'S256', scope: 'openid profile' });
    const issued = await token({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      client_id: app.client_id,
    });
    const info = await web('/login/oauth/userinfo', { headers: { authorization: `Bearer ${issued.json.access_token}` } });
    expect(info.status).toBe(200);
    expect(info.json).toEqual({
      sub: String(ada.user.id),
      name: ada.name,
      preferred_username: ada.name,
      email: `${ada.name.toLowerCase()}@example.com`,
      picture: expect.stringContaining(`avatars/${ada.user.id}`),
      groups: [org.body.username, `${org.body.username}:owners`],
    });
    const personal = await web('/login/oauth/userinfo', { headers: { authorization: `Bearer ${ada.token}` } });
    expect(personal.status).toBe(401);
    expect(personal.headers.get('www-authenticate')).toBe('Bearer realm=""');
    expect((await web('/login/oauth/userinfo')).status).toBe(401);
  });

  it('signs an OpenID Connect ID token with the key /login/oauth/keys publishes, as discovery announces', async () => {
    const discovery = await web('/.well-known/openid-configuration');
    expect(discovery.status).toBe(200);
    const issuer = server.url.replace(/\/$/, '');
    expect(discovery.json).toMatchObject({
      issuer,
      authorization_endpoint: `${server.url}login/oauth/authorize`,
      token_endpoint: `${server.url}login/oauth/access_token`,
      jwks_uri: `${server.url}login/oauth/keys`,
      userinfo_endpoint: `${server.url}login/oauth/userinfo`,
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['plain', 'S256'],
    });
    const keys = await web('/login/oauth/keys');
    expect(keys.json.keys).toHaveLength(1);
    const jwk = keys.json.keys[0];
    expect(jwk).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });

    const app = await register(ada, true);
    const { verifier, challenge } = pkce();
    const code = await authorize(ada, app.client_id, {
      code_challenge: challenge,
      code_challenge_method: 'S256',
      scope: 'openid profile email',
      nonce: 'n-0S6_WzA2Mj',
    });
    const issued = await token({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      client_id: app.client_id,
      client_secret: app.client_secret,
    });
    expect(issued.status).toBe(200);
    const [header, payload, signature] = (issued.json.id_token as string).split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'RS256', kid: jwk.kid, typ: 'JWT' });
    const publicKey = createPublicKey({ key: jwk, format: 'jwk' });
    expect(verify('sha256', Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims).toMatchObject({
      iss: issuer,
      aud: [app.client_id],
      sub: String(ada.user.id),
      nonce: 'n-0S6_WzA2Mj',
      preferred_username: ada.name,
      email: `${ada.name.toLowerCase()}@example.com`,
      email_verified: true,
    });
    expect(claims.exp - claims.iat).toBe(3600);
    // The API token of an openid-only grant may do all the user may, as in Forgejo.
    expect((await server.request('/user', { headers: { authorization: `Bearer ${issued.json.access_token}` } })).status).toBe(200);
    const withoutOpenId = await register(ada, true);
    const plainCode = await authorize(ada, withoutOpenId.client_id);
    const plain = await token({
      grant_type: 'authorization_code',
      code: plainCode,
      redirect_uri: REDIRECT,
      client_id: withoutOpenId.client_id,
      client_secret: withoutOpenId.client_secret,
    });
    expect(plain.json.id_token).toBeUndefined();
  });

  it('limits the token to the API scopes granted', async () => {
    const app = await register(ada, false);
    const { verifier, challenge } = pkce();
    const code = await authorize(ada, app.client_id, {
      code_challenge: challenge,
      code_challenge_method: 'S256',
      scope: 'openid read:user',
    });
    const issued = await token({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      client_id: app.client_id,
    });
    expect(issued.status).toBe(200);
    const bearer = { authorization: `Bearer ${issued.json.access_token}` };
    expect((await server.request('/user', { headers: bearer })).status).toBe(200);
    const write = await server.request('/user/repos', { headers: bearer, method: 'POST', body: { name: 'nope' } });
    expect(write.status).toBe(403);
  });

  it('refuses, as Forgejo: wrong redirect URI, missing PKCE, reused code, wrong verifier, wrong secret', async () => {
    const confidential = await register(ada, true);
    const publicApp = await register(ada, false);

    const wrongRedirect = await web(
      `/login/oauth/authorize?${new URLSearchParams({ client_id: confidential.client_id, redirect_uri: 'https://evil.example.com/cb', response_type: 'code' })}`,
      { headers: signedIn(ada) },
    );
    expect(wrongRedirect.status).toBe(400);
    expect(wrongRedirect.headers.get('location')).toBeNull();
    expect(wrongRedirect.json).toEqual({ error: 'invalid_request', error_description: 'Unregistered Redirect URI' });

    const unknownClient = await web(
      `/login/oauth/authorize?client_id=nope&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code`,
      {
        headers: signedIn(ada),
      },
    );
    expect(unknownClient.status).toBe(400);
    expect(unknownClient.json.error).toBe('unauthorized_client');

    const anonymous = await web(`/login/oauth/authorize?client_id=${publicApp.client_id}&redirect_uri=${encodeURIComponent(REDIRECT)}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic/);

    const noPkce = await web(
      `/login/oauth/authorize?${new URLSearchParams({ client_id: publicApp.client_id, redirect_uri: REDIRECT, response_type: 'code', state: 'st' })}`,
      { headers: signedIn(ada) },
    );
    expect(noPkce.status).toBe(303);
    const refused = new URL(noPkce.headers.get('location') as string).searchParams;
    expect([refused.get('error'), refused.get('state')]).toEqual(['invalid_request', 'st']);

    const withToken = await web(
      `/login/oauth/authorize?${new URLSearchParams({ client_id: confidential.client_id, redirect_uri: REDIRECT, response_type: 'code' })}`,
      { headers: { authorization: `token ${ada.token}` } },
    );
    expect(withToken.status).toBe(403);

    const { verifier, challenge } = pkce();
    const code = await authorize(ada, publicApp.client_id, { code_challenge: challenge, code_challenge_method: 'S256' });
    const wrongVerifier = await token({
      grant_type: 'authorization_code',
      code,
      code_verifier: 'x'.repeat(43),
      redirect_uri: REDIRECT,
      client_id: publicApp.client_id,
    });
    expect(wrongVerifier.status).toBe(400);
    expect(wrongVerifier.json).toEqual({ error: 'unauthorized_client', error_description: 'failed PKCE code challenge' });

    const code2 = await authorize(ada, publicApp.client_id, { code_challenge: challenge, code_challenge_method: 'S256' });
    const exchange = () =>
      token({
        grant_type: 'authorization_code',
        code: code2,
        code_verifier: verifier,
        redirect_uri: REDIRECT,
        client_id: publicApp.client_id,
      });
    expect((await exchange()).status).toBe(200);
    const reused = await exchange();
    expect(reused.status).toBe(400);
    expect(reused.json.error).toBe('unauthorized_client');

    const code3 = await authorize(ada, confidential.client_id, { code_challenge: verifier, code_challenge_method: 'plain' });
    const wrongSecret = await token({
      grant_type: 'authorization_code',
      code: code3,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      client_id: confidential.client_id,
      client_secret: 'gto_wrong',
    });
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.json).toEqual({ error: 'unauthorized_client', error_description: 'invalid client secret' });
    const plainOk = await token({
      grant_type: 'authorization_code',
      code: code3,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      client_id: confidential.client_id,
      client_secret: confidential.client_secret,
    });
    expect(plainOk.status).toBe(200);

    const unsupported = await token({ grant_type: 'password', username: ada.name, password: ada.password });
    expect(unsupported.json.error).toBe('unsupported_grant_type');
  });

  it('asks for consent in HTML, and a grant without the consent it answers changes nothing', async () => {
    const app = await register(bo, false, '<b>tricky</b>');
    const { challenge } = pkce();
    const query = new URLSearchParams({
      client_id: app.client_id,
      redirect_uri: REDIRECT,
      response_type: 'code',
      state: 'abc',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const page = await web(`/login/oauth/authorize?${query}`, { headers: { ...signedIn(bo), accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain('&lt;b&gt;tricky&lt;/b&gt;');
    expect(page.text).toContain('action="/login/oauth/grant"');

    const forged = await web('/login/oauth/grant', {
      method: 'POST',
      headers: signedIn(bo),
      form: { client_id: app.client_id, redirect_uri: REDIRECT, state: 'abc', granted: 'true', consent: 'forged.value' },
    });
    expect(forged.status).toBe(400);
    expect(forged.json.error).toBe('invalid_request');

    const asked = await web(`/login/oauth/authorize?${query}`, { headers: signedIn(bo) });
    const stolen = await web('/login/oauth/grant', {
      method: 'POST',
      headers: signedIn(ada),
      form: { consent: asked.json.consent, granted: 'true' },
    });
    expect(stolen.status).toBe(400);

    const denied = await web('/login/oauth/grant', {
      method: 'POST',
      headers: signedIn(bo),
      form: { consent: asked.json.consent, granted: 'false' },
    });
    expect(denied.status).toBe(303);
    expect(new URL(denied.headers.get('location') as string).searchParams.get('error')).toBe('access_denied');
  });
});

describe('OAuth2 token lifetimes from [oauth2]', () => {
  let server: TestServer;
  afterAll(async () => server?.close());

  it('answers ACCESS_TOKEN_EXPIRATION_TIME as expires_in, and refuses the token once it has run out', async () => {
    server = await startTestServer({ OAUTH2__ACCESS_TOKEN_EXPIRATION_TIME: '1' });
    const ada = await createTestUser(server);
    const redirect = 'https://client.example.com/cb';
    const app = (
      await server.request('/user/applications/oauth2', {
        auth: { token: ada.token },
        method: 'POST',
        body: { name: 'short', redirect_uris: [redirect], confidential_client: true },
      })
    ).body;
    const signIn = { authorization: `Basic ${Buffer.from(`${ada.name}:${ada.password}`).toString('base64')}` };
    const query = new URLSearchParams({ client_id: app.client_id, redirect_uri: redirect, response_type: 'code', state: 's' });
    const asked = (await (await fetch(`${server.url}login/oauth/authorize?${query}`, { headers: signIn })).json()) as { consent: string };
    const granted = await fetch(`${server.url}login/oauth/grant`, {
      method: 'POST',
      headers: { ...signIn, 'content-type': 'application/json' },
      body: JSON.stringify({ consent: asked.consent, granted: 'true' }),
      redirect: 'manual',
    });
    const code = new URL(granted.headers.get('location') as string).searchParams.get('code') as string;
    const issued = (await (
      await fetch(`${server.url}login/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirect,
          client_id: app.client_id,
          client_secret: app.client_secret,
        }),
      })
    ).json()) as { expires_in: number; access_token: string };
    expect(issued.expires_in).toBe(1);
    expect((await server.request('/user', { headers: { authorization: `Bearer ${issued.access_token}` } })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await server.request('/user', { headers: { authorization: `Bearer ${issued.access_token}` } })).status).toBe(401);
  });
});
