import { AccessTokenNameTakenError, AccessTokenStore, NewAccessToken, OwnerStore } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { newOwner } from '../support/account-fixtures';

/** The AccessTokenStore port (run on SQLite and PostgreSQL). */
describeEachEngine('AccessTokenStore contract', (ctx) => {
  const store = (): AccessTokenStore => ctx().db.accessTokens;
  const owners = (): OwnerStore => ctx().db.owners;
  let seq = 0;
  const token = (ownerId: number, fields: Partial<NewAccessToken> = {}): NewAccessToken => ({
    ownerId,
    name: `token${seq++}`,
    tokenHash: 'hash',
    tokenSalt: 'salt',
    tokenLastEight: String(seq).padStart(8, '0'),
    scopes: 'read:user',
    createdAt: new Date(1_700_000_000_123),
    lastUsedAt: null,
    ...fields,
  });

  it('stores a token with every field, found by its owner and name or id', async () => {
    const owner = await newOwner(owners());
    const fields = token(owner.id, { name: 'ci', tokenHash: 'h1', tokenSalt: 's1', tokenLastEight: 'abcd1234', scopes: 'all,sudo' });
    const created = await store().insert(fields);
    expect(created).toMatchObject(fields);
    expect(await store().findByOwnerAndName(owner.id, 'ci')).toEqual({ ...fields, id: created.id });
    expect(await store().findByOwnerAndId(owner.id, created.id)).toEqual({ ...fields, id: created.id });
    expect((await store().findByOwnerAndName(owner.id, 'ci'))?.createdAt.getTime()).toBe(1_700_000_000_123);
  });

  it('finds no token of another owner, by name or by id, and no name that differs in case', async () => {
    const [ada, bob] = [await newOwner(owners()), await newOwner(owners())];
    const created = await store().insert(token(ada.id, { name: 'deploy' }));
    expect(await store().findByOwnerAndName(bob.id, 'deploy')).toBeNull();
    expect(await store().findByOwnerAndId(bob.id, created.id)).toBeNull();
    expect(await store().findByOwnerAndName(ada.id, 'DEPLOY')).toBeNull();
    expect(await store().findByOwnerAndId(ada.id, 2_000_000_000)).toBeNull();
    expect(await store().findByOwnerAndId(ada.id, 99_999_999_999)).toBeNull();
  });

  it('refuses a second token of one name for one owner (AccessTokenNameTakenError); another owner may use the name', async () => {
    const [ada, bob] = [await newOwner(owners()), await newOwner(owners())];
    await store().insert(token(ada.id, { name: 'same' }));
    await expect(store().insert(token(ada.id, { name: 'same' }))).rejects.toBeInstanceOf(AccessTokenNameTakenError);
    await expect(store().insert(token(bob.id, { name: 'same' }))).resolves.toMatchObject({ ownerId: bob.id });
  });

  it('finds every candidate whose clear last eight characters match, and none otherwise', async () => {
    const [ada, bob] = [await newOwner(owners()), await newOwner(owners())];
    const lastEight = `e${Date.now().toString(16).slice(-7)}`;
    const mine = await store().insert(token(ada.id, { tokenLastEight: lastEight }));
    const theirs = await store().insert(token(bob.id, { tokenLastEight: lastEight }));
    const found = await store().findByLastEight(lastEight);
    expect(found.map((row) => row.id).sort((x, y) => x - y)).toEqual([mine.id, theirs.id].sort((x, y) => x - y));
    expect(await store().findByLastEight('zzzzzzzz')).toEqual([]);
  });

  it("lists one page of an owner's tokens in the order they were made, with the total", async () => {
    const [ada, bob] = [await newOwner(owners()), await newOwner(owners())];
    const made = [];
    for (const name of ['z', 'a', 'm']) made.push(await store().insert(token(ada.id, { name })));
    await store().insert(token(bob.id));
    const [page, total] = await store().listForOwner(ada.id, 1, 2);
    expect(total).toBe(3);
    expect(page.map((row) => row.id)).toEqual([made[1].id, made[2].id]);
    expect(await store().listForOwner((await newOwner(owners())).id, 0, 10)).toEqual([[], 0]);
  });

  it('records when a token was last used, exact to the millisecond, and nothing else', async () => {
    const owner = await newOwner(owners());
    const created = await store().insert(token(owner.id, { name: 'used' }));
    await store().markUsed(created.id, new Date(1_700_000_123_456));
    expect(await store().findByOwnerAndId(owner.id, created.id)).toEqual({ ...created, lastUsedAt: new Date(1_700_000_123_456) });
  });

  it('deletes a token; deleting a missing token changes nothing', async () => {
    const owner = await newOwner(owners());
    const [doomed, kept] = [await store().insert(token(owner.id)), await store().insert(token(owner.id))];
    await store().delete(doomed.id);
    await expect(store().delete(doomed.id)).resolves.toBeUndefined();
    expect(await store().findByOwnerAndId(owner.id, doomed.id)).toBeNull();
    expect(await store().findByOwnerAndId(owner.id, kept.id)).not.toBeNull();
  });

  it('forgets the tokens of a deleted owner', async () => {
    const owner = await newOwner(owners());
    const created = await store().insert(token(owner.id, { tokenLastEight: 'gone0001' }));
    await owners().delete(owner.id);
    expect((await store().findByLastEight('gone0001')).map((row) => row.id)).not.toContain(created.id);
  });
});
