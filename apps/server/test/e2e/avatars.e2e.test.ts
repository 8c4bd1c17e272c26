import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/** A 1×1 PNG and the start of a JPEG: real magic bytes, as clients upload them. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0jpeg-body')]);
const LIMIT = 4096;

/**
 * Avatars: uploading (user, organization, repository), serving what
 * `avatar_url` points at, the checks on the image, deleting back to the
 * default, and who may change or see which avatar.
 */
describe('avatars', () => {
  let server: TestServer;
  let ada: TestUser;
  let bo: TestUser;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const upload = (path: string, user: TestUser, image: string) => server.request(path, { ...as(user), method: 'POST', body: { image } });
  /** GETs an avatar URL as a browser would (optionally with a token): status, type and bytes. */
  const fetchImage = async (url: string, user?: TestUser, headers: Record<string, string> = {}) => {
    const response = await fetch(url, { headers: { ...headers, ...(user ? { authorization: `token ${user.token}` } : {}) } });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      headers: response.headers,
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  };

  beforeAll(async () => {
    server = await startTestServer({ AVATAR__MAX_FILE_SIZE: String(LIMIT) });
    ada = await createTestUser(server);
    bo = await createTestUser(server);
  });
  afterAll(async () => server?.close());

  it('serves a generated default for an owner without an upload, then the uploaded PNG and JPEG with their types', async () => {
    const avatarUrl = (await server.request('/user', as(ada))).body.avatar_url as string;
    expect(avatarUrl).toBe(`${server.url}avatars/${ada.user.id}`);
    const fallback = await fetchImage(avatarUrl);
    expect([fallback.status, fallback.type]).toEqual([200, 'image/svg+xml']);
    expect(fallback.bytes.toString()).toContain('<svg');

    const uploaded = await upload('/user/avatar', ada, PNG.toString('base64'));
    expect(uploaded.status).toBe(204);
    const png = await fetchImage(avatarUrl);
    expect([png.status, png.type, png.bytes.equals(PNG)]).toEqual([200, 'image/png', true]);
    expect(png.headers.get('cache-control')).toContain('no-cache');
    const etag = png.headers.get('etag')!;
    expect((await fetchImage(avatarUrl, undefined, { 'if-none-match': etag })).status).toBe(304);

    expect((await upload('/user/avatar', ada, JPEG.toString('base64'))).status).toBe(204);
    const jpeg = await fetchImage(avatarUrl);
    expect([jpeg.status, jpeg.type, jpeg.bytes.equals(JPEG)]).toEqual([200, 'image/jpeg', true]);
    expect(jpeg.headers.get('etag')).not.toBe(etag);
  });

  it('refuses garbage: bad base64 (400), bytes that are no image (422), too large (413), no image (422); the avatar stays', async () => {
    await upload('/user/avatar', bo, PNG.toString('base64'));
    const badBase64 = await upload('/user/avatar', bo, 'not*base64!');
    expect(badBase64.status).toBe(400);
    expect(badBase64.body.message).toMatch(/base64/);
    const notImage = await upload('/user/avatar', bo, Buffer.from('just some text, not a picture').toString('base64'));
    expect(notImage.status).toBe(422);
    expect(notImage.body.message).toMatch(/PNG, JPEG, GIF or WebP/);
    const tooLarge = await upload('/user/avatar', bo, Buffer.concat([PNG, Buffer.alloc(LIMIT)]).toString('base64'));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toMatch(/limit of 4096 bytes/);
    expect((await server.request('/user/avatar', { ...as(bo), method: 'POST', body: {} })).status).toBe(422);
    expect((await upload('/user/avatar', bo, '')).status).toBe(422);
    expect((await server.request('/user/avatar', { method: 'POST', body: { image: PNG.toString('base64') } })).status).toBe(401);

    const still = await fetchImage(`${server.url}avatars/${bo.user.id}`);
    expect([still.type, still.bytes.equals(PNG)]).toEqual(['image/png', true]);
  });

  it('deleting the avatar serves the default again', async () => {
    const url = `${server.url}avatars/${bo.user.id}`;
    expect((await fetchImage(url)).type).toBe('image/png');
    expect((await server.request('/user/avatar', { ...as(bo), method: 'DELETE' })).status).toBe(204);
    expect((await server.request('/user/avatar', { ...as(bo), method: 'DELETE' })).status).toBe(204);
    const after = await fetchImage(url);
    expect([after.status, after.type]).toEqual([200, 'image/svg+xml']);
    expect((await fetchImage(`${server.url}avatars/999999`)).status).toBe(404);
    expect((await fetchImage(`${server.url}avatars/nope`)).status).toBe(404);
  });

  it("lets an organization's owners change its avatar: 403 for others, 404 when the organization is hidden", async () => {
    const org = `org${Date.now().toString(36)}`;
    expect((await server.request('/orgs', { ...as(ada), method: 'POST', body: { username: org } })).status).toBe(201);
    const image = PNG.toString('base64');
    expect((await upload(`/orgs/${org}/avatar`, bo, image)).status).toBe(403);
    expect((await server.request(`/orgs/${org}/avatar`, { ...as(bo), method: 'DELETE' })).status).toBe(403);
    expect((await upload(`/orgs/${org}/avatar`, ada, image)).status).toBe(204);
    const shown = await server.request(`/orgs/${org}`);
    expectForgejoShape('GET', '/orgs/{org}', 200, shown.body);
    const served = await fetchImage(shown.body.avatar_url);
    expect([served.type, served.bytes.equals(PNG)]).toEqual(['image/png', true]);
    expect((await server.request(`/orgs/${org}/avatar`, { ...as(ada), method: 'DELETE' })).status).toBe(204);
    expect((await fetchImage(shown.body.avatar_url)).type).toBe('image/svg+xml');

    const hidden = `hidden${Date.now().toString(36)}`;
    const made = await server.request('/orgs', { ...as(ada), method: 'POST', body: { username: hidden, visibility: 'private' } });
    expect(made.status).toBe(201);
    expect((await upload(`/orgs/${hidden}/avatar`, bo, image)).status).toBe(404);
    expect((await upload(`/orgs/${hidden}/avatar`, ada, image)).status).toBe(204);
    // The hidden organization's image is as hidden as the organization itself.
    expect((await fetchImage(made.body.avatar_url)).status).toBe(404);
    expect((await fetchImage(made.body.avatar_url, bo)).status).toBe(404);
    expect((await fetchImage(made.body.avatar_url, ada)).type).toBe('image/png');
  });

  it("lets a repository's admins change its avatar; avatar_url shows it; a private repository's avatar is hidden", async () => {
    const repo = await createTestRepository(server, ada.user);
    const path = `/repos/${ada.name}/${repo.name}`;
    expect((await server.request(path)).body.avatar_url).toBe('');
    expect((await upload(`${path}/avatar`, bo, PNG.toString('base64'))).status).toBe(403);
    expect((await upload(`${path}/avatar`, ada, PNG.toString('base64'))).status).toBe(204);
    const shown = await server.request(path);
    expectForgejoShape('GET', '/repos/{owner}/{repo}', 200, shown.body);
    expect(shown.body.avatar_url).toBe(`${server.url}repo-avatars/${repo.id}`);
    const served = await fetchImage(shown.body.avatar_url);
    expect([served.status, served.type, served.bytes.equals(PNG)]).toEqual([200, 'image/png', true]);
    expect((await server.request(`${path}/avatar`, { ...as(bo), method: 'DELETE' })).status).toBe(403);
    expect((await server.request(`${path}/avatar`, { ...as(ada), method: 'DELETE' })).status).toBe(204);
    expect((await server.request(path)).body.avatar_url).toBe('');
    expect((await fetchImage(shown.body.avatar_url)).status).toBe(404);

    const secret = await createTestRepository(server, ada.user, { isPrivate: true });
    const secretPath = `/repos/${ada.name}/${secret.name}`;
    expect((await upload(`${secretPath}/avatar`, bo, JPEG.toString('base64'))).status).toBe(404);
    expect((await upload(`${secretPath}/avatar`, ada, JPEG.toString('base64'))).status).toBe(204);
    const url = (await server.request(secretPath, as(ada))).body.avatar_url;
    expect((await fetchImage(url)).status).toBe(404);
    expect((await fetchImage(url, bo)).status).toBe(404);
    const own = await fetchImage(url, ada);
    expect([own.status, own.type, own.bytes.equals(JPEG)]).toEqual([200, 'image/jpeg', true]);
  });
});
