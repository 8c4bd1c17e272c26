import { NewSshKey, SshKeyInUseError, SshKeyStore, SshKeyTitleTakenError } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner, uniqueName } from '../support/quota-fixtures';

/** The SshKeyStore port: users' keys and deploy keys, one key once per scope (run on SQLite and PostgreSQL). */
describeEachEngine('SshKeyStore contract', (ctx) => {
  const store = (): SshKeyStore => ctx().db.sshKeys;
  const fingerprint = () => `SHA256:${uniqueName('fp')}`;
  const key = (fields: Partial<NewSshKey>): NewSshKey => ({
    ownerId: null,
    repoId: null,
    title: 'laptop',
    content: 'ssh-ed25519 AAAA',
    fingerprint: fingerprint(),
    readOnly: false,
    createdAt: new Date(1_700_000_000_000),
    ...fields,
  });

  async function holders(): Promise<{ userId: number; otherUserId: number; repoId: number; otherRepoId: number }> {
    const { db } = ctx();
    const user = await insertOwner(db);
    const other = await insertOwner(db);
    const repo = await db.repositories.insert({ ownerId: user.id, name: uniqueName('repo') });
    const otherRepo = await db.repositories.insert({ ownerId: user.id, name: uniqueName('repo') });
    return { userId: user.id, otherUserId: other.id, repoId: repo.id, otherRepoId: otherRepo.id };
  }

  it("stores a user's key and finds it by owner, id and fingerprint", async () => {
    const { userId, otherUserId } = await holders();
    const saved = await store().insert(key({ ownerId: userId }));
    expect(saved).toMatchObject({ ownerId: userId, repoId: null, title: 'laptop', readOnly: false });
    expect(saved.createdAt).toEqual(new Date(1_700_000_000_000));
    expect(await store().findByOwnerAndId(userId, saved.id)).toMatchObject({ id: saved.id });
    expect(await store().findByOwnerAndId(otherUserId, saved.id)).toBeNull();
    expect(await store().findByOwnerAndId(userId, 2 ** 40)).toBeNull();
    expect((await store().findByFingerprint(saved.fingerprint)).map((k) => k.id)).toEqual([saved.id]);
  });

  it("refuses a user's key another user (or the same) has already", async () => {
    const { userId, otherUserId } = await holders();
    const first = await store().insert(key({ ownerId: userId }));
    await expect(store().insert(key({ ownerId: otherUserId, fingerprint: first.fingerprint }))).rejects.toBeInstanceOf(SshKeyInUseError);
    await expect(store().insert(key({ ownerId: userId, fingerprint: first.fingerprint }))).rejects.toBeInstanceOf(SshKeyInUseError);
  });

  it('keeps titles unique per user and per repository', async () => {
    const { userId, otherUserId, repoId, otherRepoId } = await holders();
    await store().insert(key({ ownerId: userId, title: 'laptop' }));
    await expect(store().insert(key({ ownerId: userId, title: 'laptop' }))).rejects.toBeInstanceOf(SshKeyTitleTakenError);
    await store().insert(key({ ownerId: otherUserId, title: 'laptop' }));
    await store().insert(key({ repoId, title: 'laptop' }));
    await expect(store().insert(key({ repoId, title: 'laptop' }))).rejects.toBeInstanceOf(SshKeyTitleTakenError);
    await store().insert(key({ repoId: otherRepoId, title: 'laptop' }));
  });

  it('takes one deploy key once per repository, on several repositories', async () => {
    const { repoId, otherRepoId } = await holders();
    const first = await store().insert(key({ repoId, readOnly: true }));
    await expect(store().insert(key({ repoId, fingerprint: first.fingerprint }))).rejects.toBeInstanceOf(SshKeyInUseError);
    const second = await store().insert(key({ repoId: otherRepoId, fingerprint: first.fingerprint }));
    expect((await store().findByFingerprint(first.fingerprint)).map((k) => k.repoId)).toEqual([repoId, otherRepoId]);
    expect(await store().findByRepositoryAndId(repoId, second.id)).toBeNull();
    expect(await store().findByRepositoryAndId(otherRepoId, second.id)).toMatchObject({ readOnly: false });
  });

  it('lists oldest first, paged, narrowed by fingerprint, and deletes', async () => {
    const { userId } = await holders();
    const keys = [];
    for (const title of ['a', 'b', 'c']) keys.push(await store().insert(key({ ownerId: userId, title })));
    const [page, total] = await store().listForOwner(userId, { skip: 1, take: 1 });
    expect(total).toBe(3);
    expect(page.map((k) => k.title)).toEqual(['b']);
    const [one] = await store().listForOwner(userId, { skip: 0, take: 10, fingerprint: keys[2].fingerprint });
    expect(one.map((k) => k.title)).toEqual(['c']);
    await store().delete(keys[0].id);
    await store().delete(keys[0].id);
    expect((await store().listForOwner(userId, { skip: 0, take: 10 }))[1]).toBe(2);
  });
});
