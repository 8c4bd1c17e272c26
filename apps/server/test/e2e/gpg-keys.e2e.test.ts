import * as openpgp from 'openpgp';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { startTestServer, TestServer } from '../support/test-server';

/** A fresh ed25519 key (with its encryption subkey) for these user ids. */
async function generateKey(...emails: string[]) {
  const { privateKey, publicKey } = await openpgp.generateKey({
    type: 'ecc',
    userIDs: emails.map((email) => ({ name: 'Tester', email })),
    format: 'armored',
  });
  const key = await openpgp.readPrivateKey({ armoredKey: privateKey });
  const sign = async (text: string) =>
    (await openpgp.sign({
      message: await openpgp.createMessage({ binary: new TextEncoder().encode(text) }),
      signingKeys: key,
      detached: true,
    })) as string;
  return { publicKey, keyId: key.getKeyID().toHex().toUpperCase(), subkeyId: key.subkeys[0].getKeyID().toHex().toUpperCase(), sign };
}

/**
 * GPG keys: add (own e-mail, or any key with a signed token), list, get and
 * delete; ids and e-mails as Forgejo shows them; verifying with a signature
 * of the token; wrong signatures, duplicates and bad armor refused; others'
 * keys invisible to change, public to list, private users hidden.
 */
describe('GPG keys', () => {
  let server: TestServer;
  let ada: TestUser;
  let bo: TestUser;
  let hidden: TestUser;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const email = (user: TestUser) => `${user.name.toLowerCase()}@example.com`;
  const token = async (user: TestUser) => {
    const res = await server.request('/user/gpg_key_token', as(user));
    expect(res.status).toBe(200);
    return res.text;
  };

  beforeAll(async () => {
    server = await startTestServer();
    ada = await createTestUser(server);
    bo = await createTestUser(server);
    hidden = await createTestUser(server);
    const admin = await createTestUser(server, { admin: true });
    const made = await server.request(`/admin/users/${hidden.name}`, {
      ...as(admin),
      method: 'PATCH',
      body: { login_name: hidden.name, source_id: 0, visibility: 'private' },
    });
    expect(made.status).toBe(200);
  }, 60_000);
  afterAll(async () => server?.close());

  it('adds a key with the user’s e-mail, lists, gets and deletes it with its subkey', async () => {
    const key = await generateKey(email(ada), 'someone-else@example.org');
    const added = await server.request('/user/gpg_keys', { ...as(ada), method: 'POST', body: { armored_public_key: key.publicKey } });
    expect(added.status).toBe(201);
    expectForgejoShape('POST', '/user/gpg_keys', 201, added.body);
    expect(added.body).toMatchObject({
      key_id: key.keyId,
      primary_key_id: '',
      emails: [{ email: email(ada), verified: true }],
      can_sign: true,
      can_certify: true,
      verified: false,
      expires_at: '1970-01-01T00:00:00Z',
    });
    expect(added.body.public_key.length).toBeGreaterThan(20);
    expect(added.body.subkeys).toHaveLength(1);
    expect(added.body.subkeys[0]).toMatchObject({
      key_id: key.subkeyId,
      primary_key_id: key.keyId,
      can_encrypt_comms: true,
      can_sign: false,
    });

    const list = await server.request('/user/gpg_keys', as(ada));
    expect(list.status).toBe(200);
    expectForgejoShape('GET', '/user/gpg_keys', 200, list.body);
    expect(list.body.map((k: { id: number }) => k.id)).toEqual([added.body.id]);
    expect(list.headers.get('x-total-count')).toBe('1');
    const publicList = await server.request(`/users/${ada.name}/gpg_keys`);
    expect(publicList.status).toBe(200);
    expectForgejoShape('GET', '/users/{username}/gpg_keys', 200, publicList.body);
    expect(publicList.body[0].key_id).toBe(key.keyId);

    const one = await server.request(`/user/gpg_keys/${added.body.id}`, as(ada));
    expect(one.status).toBe(200);
    expectForgejoShape('GET', '/user/gpg_keys/{id}', 200, one.body);
    expect(one.body).toEqual(added.body);

    expect((await server.request(`/user/gpg_keys/${added.body.id}`, as(bo))).status).toBe(404);
    expect((await server.request(`/user/gpg_keys/${added.body.id}`, { ...as(bo), method: 'DELETE' })).status).toBe(404);
    expect((await server.request(`/user/gpg_keys/${added.body.id}`, { ...as(ada), method: 'DELETE' })).status).toBe(204);
    expect((await server.request(`/user/gpg_keys/${added.body.id}`, as(ada))).status).toBe(404);
    expect((await server.request('/user/gpg_keys', as(ada))).body).toEqual([]);
    // the subkey went with it: the same key can be added again
    const again = await server.request('/user/gpg_keys', { ...as(ada), method: 'POST', body: { armored_public_key: key.publicKey } });
    expect(again.status).toBe(201);
  });

  it('refuses a duplicate key, bad armor, and a key of nobody’s e-mail without a signature, changing nothing', async () => {
    const key = await generateKey(email(bo));
    const post = (user: TestUser, body: object) => server.request('/user/gpg_keys', { ...as(user), method: 'POST', body });
    expect((await post(bo, { armored_public_key: key.publicKey })).status).toBe(201);
    const twice = await post(bo, { armored_public_key: key.publicKey });
    expect(twice.status).toBe(422);
    expect(twice.body.message).toContain(key.keyId);
    expect((await post(ada, { armored_public_key: key.publicKey })).status).toBe(422); // held by bo
    const garbage = await post(bo, {
      armored_public_key: '-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nnot a key\n-----END PGP PUBLIC KEY BLOCK-----',
    });
    expect(garbage.status).toBe(422);
    expect(garbage.body.message).toBeTruthy();
    const stranger = await generateKey('stranger@example.org');
    const noEmail = await post(bo, { armored_public_key: stranger.publicKey });
    expect(noEmail.status).toBe(404);
    expect(noEmail.body.message).toContain('None of the emails');
    expect((await server.request('/user/gpg_keys', as(bo))).body).toHaveLength(1);
  });

  it('adds a key of another e-mail with a signed token, verified', async () => {
    const key = await generateKey('elsewhere@example.org');
    const wrong = await server.request('/user/gpg_keys', {
      ...as(bo),
      method: 'POST',
      body: { armored_public_key: key.publicKey, armored_signature: await key.sign('not the token') },
    });
    expect(wrong.status).toBe(422);
    const added = await server.request('/user/gpg_keys', {
      ...as(bo),
      method: 'POST',
      body: { armored_public_key: key.publicKey, armored_signature: await key.sign(`${await token(bo)}\n`) },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ key_id: key.keyId, verified: true, emails: [] });
  });

  it('verifies a key with a signature of the token; a wrong signature or another key is refused', async () => {
    const key = await generateKey(email(ada));
    const other = await generateKey('other@example.org');
    const added = await server.request('/user/gpg_keys', { ...as(ada), method: 'POST', body: { armored_public_key: key.publicKey } });
    expect(added.status).toBe(201);
    const verify = (body: object, user = ada) => server.request('/user/gpg_key_verify', { ...as(user), method: 'POST', body });

    const adaToken = await token(ada);
    expect(adaToken).toMatch(/^[0-9a-f]{64}$/);
    expect(await token(bo)).not.toBe(adaToken);
    expect((await verify({ key_id: key.keyId, armored_signature: await other.sign(adaToken) })).status).toBe(422);
    expect((await verify({ key_id: key.keyId, armored_signature: await key.sign('yesterday') })).status).toBe(422);
    expect((await verify({ key_id: key.keyId, armored_signature: 'garbage' })).status).toBe(422);
    expect((await verify({ key_id: key.keyId, armored_signature: await key.sign(await token(bo)) }, bo)).status).toBe(404);
    expect((await server.request(`/user/gpg_keys/${added.body.id}`, as(ada))).body.verified).toBe(false);

    const ok = await verify({ key_id: key.keyId, armored_signature: await key.sign(await token(ada)) });
    expect(ok.status).toBe(201);
    expectForgejoShape('POST', '/user/gpg_key_verify', 201, ok.body);
    expect(ok.body).toMatchObject({ id: added.body.id, key_id: key.keyId, verified: true });
    expect((await server.request(`/user/gpg_keys/${added.body.id}`, as(ada))).body.verified).toBe(true);
  });

  it('hides a private user’s keys from others and asks for sign-in on /user', async () => {
    expect((await server.request(`/users/${hidden.name}/gpg_keys`)).status).toBe(404);
    expect((await server.request(`/users/${hidden.name}/gpg_keys`, as(ada))).status).toBe(404);
    expect((await server.request(`/users/${hidden.name}/gpg_keys`, as(hidden))).status).toBe(200);
    expect((await server.request('/users/no-such-user-here/gpg_keys')).status).toBe(404);
    expect((await server.request('/user/gpg_keys')).status).toBe(401);
    expect((await server.request('/user/gpg_key_token')).status).toBe(401);
  });
});
