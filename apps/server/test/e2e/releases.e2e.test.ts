import { execFile } from 'child_process';
import { promisify } from 'util';
import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { fetchOwnDocument, operationsOf } from '../support/openapi-operations';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/** What `git ls-remote` lists when it asks the server (asynchronously: the server runs in this process). */
async function lsRemote(server: TestServer, owner: string, repo: string, ...refs: string[]): Promise<string> {
  return (await promisify(execFile)('git', ['ls-remote', `${server.url}${owner}/${repo}.git`, ...refs], { encoding: 'utf8' })).stdout;
}

/** The tags a git client sees, by name, with their commits. */
async function remoteTags(server: TestServer, owner: string, repo: string): Promise<Map<string, string>> {
  const out = await lsRemote(server, owner, repo, 'refs/tags/*');
  return new Map(
    out
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [sha, ref] = line.split('\t');
        return [ref.replace(/^refs\/tags\//, ''), sha];
      }),
  );
}

/** Makes the database refuse to give a release the tag `tagName`, as a failing write would (a trigger on either engine). */
async function refuseReleaseUpdates(server: TestServer, tagName: string): Promise<void> {
  if (server.db.engine === 'sqlite') {
    await server.db.dataSource.query(
      `CREATE TRIGGER refuse_release_tag BEFORE UPDATE ON release WHEN NEW.tag_name = '${tagName}' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
    );
    return;
  }
  await server.db.dataSource.query(
    `CREATE FUNCTION refuse_release_tag() RETURNS trigger AS $$ BEGIN IF NEW.tag_name = '${tagName}' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
  );
  await server.db.dataSource.query(
    'CREATE TRIGGER refuse_release_tag BEFORE UPDATE ON release FOR EACH ROW EXECUTE FUNCTION refuse_release_tag()',
  );
}

async function allowReleaseUpdates(server: TestServer): Promise<void> {
  if (server.db.engine === 'sqlite') {
    await server.db.dataSource.query('DROP TRIGGER IF EXISTS refuse_release_tag');
    return;
  }
  await server.db.dataSource.query('DROP TRIGGER IF EXISTS refuse_release_tag ON release');
  await server.db.dataSource.query('DROP FUNCTION IF EXISTS refuse_release_tag()');
}

function attachmentForm(content: string, fileName = 'app.bin'): FormData {
  const form = new FormData();
  form.append('attachment', new Blob([content]), fileName);
  return form;
}

describe('releases', () => {
  let server: TestServer;
  let owner: TestUser;
  let reader: TestUser;
  let repo: RepositoryEntity;
  let base: string;

  beforeAll(async () => {
    server = await startTestServer({ BELLOWS__API__DEFAULT_PAGING_NUM: '3' });
    owner = await createTestUser(server);
    reader = await createTestUser(server);
    repo = await createTestRepository(server, owner.user, { autoInit: true });
    base = `/repos/${owner.name}/${repo.name}/releases`;
  });
  afterAll(async () => server?.close());

  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const create = (body: Record<string, unknown>, user = owner) => server.request(base, { method: 'POST', ...as(user), body });

  async function upload(path: string, form: FormData, user: TestUser, query = ''): Promise<{ status: number; body: any }> {
    const res = await fetch(`${server.apiUrl}${path}${query}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `token ${user.token}` },
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  async function releaseUsage(user: TestUser, path = '/user/quota'): Promise<number> {
    const res = await server.request(path, as(user));
    expect(res.status).toBe(200);
    return res.body.used.size.assets.attachments.releases;
  }

  it('creates a release and its git tag at the default branch', async () => {
    const res = await create({ tag_name: 'v1.0.0', name: 'First', body: 'notes' });
    expect(res.status).toBe(201);
    const slug = `${owner.name}/${repo.name}`;
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      tag_name: 'v1.0.0',
      target_commitish: 'main',
      name: 'First',
      body: 'notes',
      draft: false,
      prerelease: false,
      url: `${server.apiUrl}/repos/${slug}/releases/${res.body.id}`,
      html_url: `${server.url}${slug}/releases/tag/v1.0.0`,
      zipball_url: `${server.url}${slug}/archive/v1.0.0.zip`,
      tarball_url: `${server.url}${slug}/archive/v1.0.0.tar.gz`,
      upload_url: `${server.apiUrl}/repos/${slug}/releases/${res.body.id}/assets`,
      author: expect.objectContaining({ login: owner.name }),
      assets: [],
    });
    expect(Date.parse(res.body.published_at)).not.toBeNaN();
    const main = (await lsRemote(server, owner.name, repo.name, 'refs/heads/main')).split('\t')[0];
    expect((await remoteTags(server, owner.name, repo.name)).get('v1.0.0')).toBe(main);
  });

  it('answers 409 for a second release of a tag, 422 for a missing target or a bad tag name', async () => {
    await create({ tag_name: 'dup' });
    expect((await create({ tag_name: 'dup' })).status).toBe(409);
    const missing = await create({ tag_name: 'nowhere', target_commitish: 'no-such-branch' });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toContain('target_commitish');
    expect((await remoteTags(server, owner.name, repo.name)).has('nowhere')).toBe(false);
    const bad = await create({ tag_name: 'bad..name' });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toContain('tag_name');
    expect((await create({})).status).toBe(422);
  });

  it('reuses an existing tag', async () => {
    const first = await create({ tag_name: 'reused' });
    expect((await server.request(`${base}/${first.body.id}`, { method: 'DELETE', ...as(owner) })).status).toBe(204);
    expect((await remoteTags(server, owner.name, repo.name)).has('reused')).toBe(true); // deleting by id keeps the tag
    const again = await create({ tag_name: 'reused', target_commitish: 'no-such-branch' });
    expect(again.status).toBe(201);
  });

  it('keeps drafts from readers and tags them only when published; latest skips drafts and pre-releases', async () => {
    const draftRepo = await createTestRepository(server, owner.user, { autoInit: true });
    const path = `/repos/${owner.name}/${draftRepo.name}/releases`;
    const stable = await server.request(path, { method: 'POST', ...as(owner), body: { tag_name: 'v1' } });
    await server.request(path, { method: 'POST', ...as(owner), body: { tag_name: 'v2-rc', prerelease: true } });
    const draft = await server.request(path, { method: 'POST', ...as(owner), body: { tag_name: 'v2', draft: true } });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ draft: true, published_at: null });
    expect((await remoteTags(server, owner.name, draftRepo.name)).has('v2')).toBe(false);

    expect((await server.request(path, as(reader))).body.map((r: any) => r.tag_name)).toEqual(['v2-rc', 'v1']);
    expect((await server.request(path, as(owner))).body.map((r: any) => r.tag_name)).toEqual(['v2', 'v2-rc', 'v1']);
    expect((await server.request(`${path}/${draft.body.id}`, as(reader))).status).toBe(404);
    expect((await server.request(`${path}/tags/v2`)).status).toBe(404);
    expect((await server.request(`${path}?pre-release=true`, as(owner))).body.map((r: any) => r.tag_name)).toEqual(['v2-rc']);
    expect((await server.request(`${path}/latest`)).body.id).toBe(stable.body.id);

    const published = await server.request(`${path}/${draft.body.id}`, { method: 'PATCH', ...as(owner), body: { draft: false } });
    expect(published.status).toBe(200);
    expect(published.body.draft).toBe(false);
    expect((await remoteTags(server, owner.name, draftRepo.name)).has('v2')).toBe(true);
    expect((await server.request(`${path}/latest`)).body.tag_name).toBe('v2');
    expect((await server.request(`${path}/tags/v2`, as(reader))).body.id).toBe(draft.body.id);
  });

  it('pages with page and limit and ignores per_page', async () => {
    const pagedRepo = await createTestRepository(server, owner.user, { autoInit: true });
    const path = `/repos/${owner.name}/${pagedRepo.name}/releases`;
    for (const tag of ['a1', 'a2', 'a3', 'a4', 'a5'])
      expect((await server.request(path, { method: 'POST', ...as(owner), body: { tag_name: tag } })).status).toBe(201);

    const second = await server.request(`${path}?page=2&limit=2`);
    expect(second.body.map((r: any) => r.tag_name)).toEqual(['a3', 'a2']);
    expect(second.headers.get('x-total-count')).toBe('5');
    expect(second.headers.get('link')).toContain('rel="next"');

    // per_page is not a paging parameter: the default page size (3 here) applies.
    const perPage = await server.request(`${path}?per_page=1`);
    expect(perPage.body).toHaveLength(3);
    expect((await server.request(`${path}?limit=1&per_page=4`)).body).toHaveLength(1);
  });

  it('describes repoListReleases with page and limit and without per_page', async () => {
    const operation = operationsOf(await fetchOwnDocument(server)).find((op) => op.operationId === 'repoListReleases');
    expect(operation).toBeDefined();
    const names = operation!.spec.parameters.map((parameter: any) => parameter.name);
    expect(names).toEqual(expect.arrayContaining(['page', 'limit']));
    expect(names).not.toContain('per_page');
  });

  it('describes every attachment upload as a multipart form or the raw file, with name and 400/413', async () => {
    const operations = operationsOf(await fetchOwnDocument(server));
    for (const operationId of ['repoCreateReleaseAttachment', 'issueCreateIssueAttachment', 'issueCreateIssueCommentAttachment']) {
      const operation = operations.find((op) => op.operationId === operationId);
      expect(operation).toBeDefined();
      const content = operation!.spec.requestBody.content;
      expect(Object.keys(content).sort()).toEqual(['application/octet-stream', 'multipart/form-data']);
      expect(content['multipart/form-data'].schema.properties.attachment).toEqual({ type: 'string', format: 'binary' });
      expect(content['application/octet-stream'].schema).toEqual({ type: 'string', format: 'binary' });
      expect(operation!.spec.parameters.map((parameter: any) => parameter.name)).toContain('name');
      expect(Object.keys(operation!.spec.responses)).toEqual(expect.arrayContaining(['201', '400', '413']));
    }
  });

  it('edits a release and deletes one by tag together with its tag', async () => {
    const created = await create({ tag_name: 'edit-me' });
    const edited = await server.request(`${base}/${created.body.id}`, {
      method: 'PATCH',
      ...as(owner),
      body: { name: 'Renamed', body: 'new notes', prerelease: true },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Renamed', body: 'new notes', prerelease: true, tag_name: 'edit-me' });
    expect((await server.request(`${base}/tags/edit-me`)).body.name).toBe('Renamed');
    expect((await server.request(`${base}/${created.body.id}`, { method: 'PATCH', ...as(reader), body: { name: 'x' } })).status).toBe(403);
    expect((await server.request(`${base}/${created.body.id}`, { method: 'PATCH', ...as(owner), body: { draft: 'yes' } })).status).toBe(
      422,
    );

    expect((await server.request(`${base}/tags/edit-me`, { method: 'DELETE', ...as(owner) })).status).toBe(204);
    expect((await server.request(`${base}/${created.body.id}`)).status).toBe(404);
    expect((await remoteTags(server, owner.name, repo.name)).has('edit-me')).toBe(false);
    expect((await server.request(`${base}/tags/edit-me`, { method: 'DELETE', ...as(owner) })).status).toBe(404);
  });

  describe('changing the tag of a release', () => {
    const edit = (id: number, body: Record<string, unknown>) => server.request(`${base}/${id}`, { method: 'PATCH', ...as(owner), body });
    const tags = () => remoteTags(server, owner.name, repo.name);
    const branchHead = async () =>
      (await server.request(`/repos/${owner.name}/${repo.name}/branches/main`, as(owner))).body.commit.id as string;
    /** A new commit on main, so that "the target" and "the old tag's commit" differ. */
    async function commitOnMain(): Promise<string> {
      const file = `retag-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}.txt`;
      const res = await server.request(`/repos/${owner.name}/${repo.name}/contents/${file}`, {
        method: 'POST',
        ...as(owner),
        body: { content: Buffer.from('x').toString('base64') },
      });
      expect(res.status).toBe(201);
      return branchHead();
    }

    it('makes a missing tag at the stored target (main as it is now), keeps the old tag, and finds the release under its new name', async () => {
      const created = await create({ tag_name: 'rt-old' });
      const oldCommit = (await tags()).get('rt-old')!;
      const head = await commitOnMain();
      expect(head).not.toBe(oldCommit);

      const edited = await edit(created.body.id, { tag_name: 'rt-new', name: 'Moved' });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ id: created.body.id, tag_name: 'rt-new', target_commitish: 'main', name: 'Moved', draft: false });
      const after = await tags();
      expect(after.get('rt-new')).toBe(head);
      expect(after.get('rt-old')).toBe(oldCommit);
      expect((await server.request(`${base}/tags/rt-new`)).body).toMatchObject({ id: created.body.id, name: 'Moved' });
      expect((await server.request(`${base}/tags/rt-old`)).status).toBe(404);
    });

    it('makes the tag at target_commitish when the edit gives one, and stores that target', async () => {
      const first = await branchHead();
      await commitOnMain();
      const created = await create({ tag_name: 'rt-at' });
      const edited = await edit(created.body.id, { tag_name: 'rt-at-first', target_commitish: first });
      expect(edited.status).toBe(200);
      expect(edited.body.target_commitish).toBe(first);
      expect((await tags()).get('rt-at-first')).toBe(first);
    });

    it('moves the release to a tag that exists, leaving the tag where it is', async () => {
      const earlier = await create({ tag_name: 'rt-existing' });
      const existingCommit = (await tags()).get('rt-existing')!;
      // Deleting by id keeps the tag (as Forgejo): it exists in git with no release.
      expect((await server.request(`${base}/${earlier.body.id}`, { method: 'DELETE', ...as(owner) })).status).toBe(204);
      await commitOnMain();
      const created = await create({ tag_name: 'rt-mover' });
      const edited = await edit(created.body.id, { tag_name: 'rt-existing' });
      expect(edited.status).toBe(200);
      expect(edited.body.tag_name).toBe('rt-existing');
      expect((await tags()).get('rt-existing')).toBe(existingCommit);
      expect((await server.request(`${base}/tags/rt-existing`)).body.id).toBe(created.body.id);
    });

    it('refuses a tag another release has (409), a bad name (422) and a missing target (422), changing nothing', async () => {
      const taken = await create({ tag_name: 'rt-taken' });
      const created = await create({ tag_name: 'rt-keep', name: 'Kept' });
      const before = await tags();
      const conflict = await edit(created.body.id, { tag_name: 'rt-taken', name: 'Changed' });
      expect(conflict.status).toBe(409);
      expect(conflict.body.message).toContain('rt-taken');
      const bad = await edit(created.body.id, { tag_name: 'bad..name', name: 'Changed' });
      expect(bad.status).toBe(422);
      expect(bad.body.message).toContain('tag_name');
      const nowhere = await edit(created.body.id, { tag_name: 'rt-nowhere', target_commitish: 'no-such-branch', name: 'Changed' });
      expect(nowhere.status).toBe(422);
      expect(nowhere.body.message).toContain('no-such-branch');

      expect(await tags()).toEqual(before);
      expect((await server.request(`${base}/${created.body.id}`)).body).toMatchObject({
        tag_name: 'rt-keep',
        name: 'Kept',
        target_commitish: 'main',
      });
      expect((await server.request(`${base}/${taken.body.id}`)).body.tag_name).toBe('rt-taken');
    });

    it('treats an empty tag_name as no change, as Forgejo does', async () => {
      const created = await create({ tag_name: 'rt-empty' });
      const edited = await edit(created.body.id, { tag_name: '', target_commitish: '', name: 'Still here' });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ tag_name: 'rt-empty', target_commitish: 'main', name: 'Still here' });
    });

    it('keeps the title and notes when an edit sends them empty, as Forgejo does (Go SDK clients send every field)', async () => {
      const created = await create({ tag_name: 'rt-sdk', name: 'Title', body: 'Notes' });
      const edited = await edit(created.body.id, { tag_name: '', target_commitish: '', name: '', body: '', prerelease: true });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ tag_name: 'rt-sdk', name: 'Title', body: 'Notes', prerelease: true });
    });

    it('gives a draft its new name without a tag, and makes the tag when it is published', async () => {
      const draft = await create({ tag_name: 'rt-draft', draft: true });
      expect((await edit(draft.body.id, { tag_name: 'rt-draft-2' })).body).toMatchObject({ tag_name: 'rt-draft-2', draft: true });
      const between = await tags();
      expect(between.has('rt-draft')).toBe(false);
      expect(between.has('rt-draft-2')).toBe(false);
      const published = await edit(draft.body.id, { draft: false, tag_name: 'rt-draft-3' });
      expect(published.body).toMatchObject({ tag_name: 'rt-draft-3', draft: false, published_at: expect.any(String) });
      expect((await tags()).get('rt-draft-3')).toBe(await branchHead());
      expect((await tags()).has('rt-draft-2')).toBe(false);
    });

    it('answers 404 for a release deleted meanwhile, and makes no tag for it', async () => {
      const created = await create({ tag_name: 'rt-gone' });
      await server.db.dataSource.query('DELETE FROM release WHERE id = ' + Number(created.body.id));
      expect((await edit(created.body.id, { tag_name: 'rt-gone-2' })).status).toBe(404);
      expect((await tags()).has('rt-gone-2')).toBe(false);
    });

    it('takes back the tag it made when writing the release fails', async () => {
      const created = await create({ tag_name: 'rt-fail' });
      await refuseReleaseUpdates(server, 'rt-fail-2');
      try {
        const edited = await edit(created.body.id, { tag_name: 'rt-fail-2', name: 'Never' });
        expect(edited.status).toBe(500);
      } finally {
        await allowReleaseUpdates(server);
      }
      expect((await tags()).has('rt-fail-2')).toBe(false);
      expect((await server.request(`${base}/${created.body.id}`)).body).toMatchObject({ tag_name: 'rt-fail', name: '' });
    });
  });

  it('uploads, lists, downloads, renames and deletes release attachments, counted for the owner', async () => {
    const release = await create({ tag_name: 'with-assets' });
    const assets = `${base}/${release.body.id}/assets`;
    const before = await releaseUsage(owner);

    const uploaded = await upload(assets, attachmentForm('x'.repeat(1234)), owner, '?name=tool.tar');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({
      name: 'tool.tar',
      size: 1234,
      browser_download_url: `${server.url}attachments/${uploaded.body.uuid}`,
    });
    expect(await releaseUsage(owner)).toBe(before + 1234);
    expect(await releaseUsage(reader)).toBe(0);
    expect((await upload(assets, attachmentForm('x'), reader)).status).toBe(403);
    // The owner's quota listing points at the asset and at the release, by API and by tag.
    const listed = (await server.request('/user/quota/attachments', as(owner))).body.find((a: any) => a.name === 'tool.tar');
    expect(listed.contained_in).toEqual({ api_url: release.body.url, html_url: release.body.html_url });
    expect((await server.request(listed.api_url, as(owner))).body.id).toBe(uploaded.body.id);

    expect((await server.request(assets)).body.map((a: any) => a.id)).toEqual([uploaded.body.id]);
    expect((await server.request(`${base}/${release.body.id}`)).body.assets.map((a: any) => a.name)).toEqual(['tool.tar']);
    const download = await fetch(uploaded.body.browser_download_url);
    expect(download.status).toBe(200);
    expect((await download.text()).length).toBe(1234);

    const renamed = await server.request(`${assets}/${uploaded.body.id}`, { method: 'PATCH', ...as(owner), body: { name: 'tool-1.tar' } });
    expect(renamed.status).toBe(201);
    expect((await server.request(`${assets}/${uploaded.body.id}`)).body.name).toBe('tool-1.tar');

    expect((await server.request(`${assets}/${uploaded.body.id}`, { method: 'DELETE', ...as(owner) })).status).toBe(204);
    expect((await server.request(`${assets}/${uploaded.body.id}`)).status).toBe(404);
    expect((await fetch(uploaded.body.browser_download_url)).status).toBe(404);
    expect(await releaseUsage(owner)).toBe(before);
  });

  it('takes an asset as the raw body, named by the query, with any content type but a form (as Forgejo)', async () => {
    const release = await create({ tag_name: 'raw-assets' });
    const assets = `${server.apiUrl}${base}/${release.body.id}/assets`;
    const before = await releaseUsage(owner);
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const uploads: [Buffer, string, string][] = [
      [Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251)), 'application/octet-stream', 'tool.bin'],
      [png, 'image/png', 'logo.png'],
      [Buffer.from('release notes\n'), 'text/plain', 'NOTES.txt'],
    ];
    for (const [content, contentType, name] of uploads) {
      const res = await fetch(`${assets}?name=${name}`, {
        method: 'POST',
        body: content,
        headers: { authorization: `token ${owner.token}`, 'content-type': contentType },
      });
      expect({ name, status: res.status }).toEqual({ name, status: 201 });
      const created = (await res.json()) as any;
      expect(created).toMatchObject({ name, size: content.length });
      expect(Buffer.from(await (await fetch(created.browser_download_url)).arrayBuffer()).equals(content)).toBe(true);
    }
    expect((await server.request(`${base}/${release.body.id}`)).body.assets.map((a: any) => a.name)).toEqual([
      'tool.bin',
      'logo.png',
      'NOTES.txt',
    ]);
    expect(await releaseUsage(owner)).toBe(before + uploads.reduce((sum, [content]) => sum + content.length, 0));
    expect(await server.db.quotaRecount.differences(owner.user.id)).toEqual([]);

    const nameless = await fetch(assets, {
      method: 'POST',
      body: Buffer.from('x'),
      headers: { authorization: `token ${owner.token}`, 'content-type': 'application/octet-stream' },
    });
    expect(nameless.status).toBe(400);
    expect(((await nameless.json()) as any).message).toContain('"name" query parameter');
    expect((await server.request(`${base}/${release.body.id}/assets`)).body).toHaveLength(3);
  });

  it('frees the usage of its attachments when a release is deleted', async () => {
    const release = await create({ tag_name: 'doomed' });
    const before = await releaseUsage(owner);
    const uploaded = await upload(`${base}/${release.body.id}/assets`, attachmentForm('y'.repeat(500)), owner);
    expect(await releaseUsage(owner)).toBe(before + 500);
    expect((await server.request(`${base}/${release.body.id}`, { method: 'DELETE', ...as(owner) })).status).toBe(204);
    expect(await releaseUsage(owner)).toBe(before);
    expect((await fetch(uploaded.body.browser_download_url)).status).toBe(404);
  });

  it("counts an organization repository's release attachments for the organization", async () => {
    const org = `rel-org-${Date.now().toString(36)}`;
    expect((await server.request('/orgs', { method: 'POST', ...as(owner), body: { username: org, visibility: 'public' } })).status).toBe(
      201,
    );
    const orgRepo = await createTestRepository(server, (await server.db.owners.findByName(org))!, { autoInit: true });
    const member = await createTestUser(server);
    await server.request(`/repos/${org}/${orgRepo.name}/collaborators/${member.name}`, {
      method: 'PUT',
      ...as(owner),
      body: { permission: 'write' },
    });
    const release = await server.request(`/repos/${org}/${orgRepo.name}/releases`, {
      method: 'POST',
      ...as(member),
      body: { tag_name: 'v1' },
    });
    expect(release.status).toBe(201);

    expect(
      (await upload(`/repos/${org}/${orgRepo.name}/releases/${release.body.id}/assets`, attachmentForm('z'.repeat(700)), member)).status,
    ).toBe(201);
    expect(await releaseUsage(owner, `/orgs/${org}/quota`)).toBe(700);
    expect(await releaseUsage(member)).toBe(0);
  });

  it('answers 413 above [attachment] MAX_SIZE, to a form or a raw body, and keeps nothing', async () => {
    const small = await startTestServer({ BELLOWS__ATTACHMENT__MAX_SIZE: '1' });
    try {
      const user = await createTestUser(small);
      const smallRepo = await createTestRepository(small, user.user, { autoInit: true });
      const path = `/repos/${user.name}/${smallRepo.name}/releases`;
      const release = await small.request(path, { method: 'POST', auth: { token: user.token }, body: { tag_name: 'big' } });
      const form = new FormData();
      form.append('attachment', new Blob([Buffer.alloc(1024 * 1024 + 1)]), 'big.bin');
      const res = await fetch(`${small.apiUrl}${path}/${release.body.id}/assets`, {
        method: 'POST',
        body: form,
        headers: { authorization: `token ${user.token}` },
      });
      expect(res.status).toBe(413);
      const raw = await fetch(`${small.apiUrl}${path}/${release.body.id}/assets?name=big.bin`, {
        method: 'POST',
        body: Buffer.alloc(1024 * 1024 + 1),
        headers: { authorization: `token ${user.token}`, 'content-type': 'application/octet-stream' },
      });
      expect(raw.status).toBe(413);
      expect((await small.request(`${path}/${release.body.id}/assets`)).body).toEqual([]);
      expect((await small.request('/user/quota', { auth: { token: user.token } })).body.used.size.assets.attachments.releases).toBe(0);
      expect(await small.db.quotaRecount.differences(user.user.id)).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it('streams source archives on demand without counting them', async () => {
    const release = await create({ tag_name: 'v-archive' });
    const usage = async () => (await server.request('/user/quota', as(owner))).body.used;
    const before = await usage();

    const zip = await fetch(release.body.zipball_url);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(Buffer.from(await zip.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const tarball = await fetch(release.body.tarball_url);
    expect(tarball.status).toBe(200);
    expect(Buffer.from(await tarball.arrayBuffer()).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    const branch = await fetch(`${server.url}${owner.name}/${repo.name}/archive/main.zip`);
    expect(branch.status).toBe(200);
    await branch.arrayBuffer();

    expect(await usage()).toEqual(before);
    expect((await fetch(`${server.url}${owner.name}/${repo.name}/archive/no-such-ref.zip`)).status).toBe(404);
    expect((await fetch(`${server.url}${owner.name}/${repo.name}/archive/main.rar`)).status).toBe(404);
  });

  it("hides a private repository's releases, assets and archives from outsiders (404)", async () => {
    const hidden = await createTestRepository(server, owner.user, { autoInit: true, isPrivate: true });
    const path = `/repos/${owner.name}/${hidden.name}/releases`;
    const release = await server.request(path, { method: 'POST', ...as(owner), body: { tag_name: 'secret' } });
    expect(release.status).toBe(201);
    const asset = await upload(`${path}/${release.body.id}/assets`, attachmentForm('private'), owner);

    for (const url of [path, `${path}/${release.body.id}`, `${path}/latest`, `${path}/tags/secret`, `${path}/${release.body.id}/assets`]) {
      expect((await server.request(url, as(reader))).status).toBe(404);
      expect((await server.request(url)).status).toBe(404);
    }
    expect((await server.request(path, { method: 'POST', ...as(reader), body: { tag_name: 'x' } })).status).toBe(404);
    expect((await fetch(release.body.zipball_url)).status).toBe(404);
    expect((await fetch(asset.body.browser_download_url)).status).toBe(404);
    const zip = await fetch(release.body.zipball_url, { headers: { authorization: `token ${owner.token}` } });
    expect(zip.status).toBe(200);
    // Read to the end: an archive nobody reads holds its response open, and the server's close waits for it.
    await zip.arrayBuffer();
  });
});
