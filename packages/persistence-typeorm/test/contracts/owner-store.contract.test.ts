import {
  DEFAULT_USER_PREFERENCES,
  NewOwner,
  Owner,
  OwnerNameTakenError,
  OwnerStore,
  OwnerVisibilityFilter,
  TeamMemberStore,
  TeamStore,
} from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { freshName, newOwner, newTeam } from '../support/account-fixtures';

/** The OwnerStore port (run on SQLite and PostgreSQL); TOTP use and races are also in owner.store.test.ts. */
/** A new owner's follow counters (the follow store moves them) and default settings. */
const NO_FOLLOWS = { numFollowers: 0, numFollowing: 0, ...DEFAULT_USER_PREFERENCES };

describeEachEngine('OwnerStore contract', (ctx) => {
  const store = (): OwnerStore => ctx().db.owners;
  const teams = (): TeamStore => ctx().db.teams;
  const members = (): TeamMemberStore => ctx().db.teamMembers;
  const ids = (rows: Owner[]) => rows.map((row) => row.id);
  const fields = (name: string, more: Partial<NewOwner> = {}): NewOwner => ({
    name,
    kind: 'user',
    fullName: 'Full Name',
    email: `${name}@example.com`,
    passwordHash: 'scrypt$1$1$1$salt$hash',
    isAdmin: true,
    isActive: true,
    prohibitLogin: false,
    visibility: 'limited',
    description: 'about',
    website: 'https://example.com',
    location: 'here',
    totpSecret: null,
    totpEnabled: false,
    createdAt: new Date(1_700_000_000_123),
    updatedAt: new Date(1_700_000_000_456),
    lastLoginAt: null,
    ...more,
  });

  it('stores an owner with every field and its lower-case name, found by id and by name case-insensitively', async () => {
    const name = freshName('Ada');
    const created = await store().insert(fields(name));
    const expected = { ...fields(name), id: created.id, lowerName: name.toLowerCase(), ...NO_FOLLOWS };
    expect(await store().findById(created.id)).toEqual(expected);
    expect(await store().findByName(name.toUpperCase())).toEqual(expected);
  });

  it('answers null for an owner that does not exist, whatever the id', async () => {
    expect(await store().findById(2_000_000_000)).toBeNull();
    expect(await store().findById(99_999_999_999)).toBeNull();
    expect(await store().findById(-99_999_999_999)).toBeNull();
    expect(await store().findByName(freshName('nobody'))).toBeNull();
  });

  it('refuses a second owner, user or organization, whose name differs only in case: OwnerNameTakenError', async () => {
    const name = freshName('Twin');
    await store().insert(fields(name));
    await expect(store().insert(fields(name.toUpperCase(), { kind: 'organization', email: '' }))).rejects.toBeInstanceOf(
      OwnerNameTakenError,
    );
  });

  it('finds a user by e-mail address case-insensitively, never an organization', async () => {
    const user = await store().insert(fields(freshName('mail'), { email: `${freshName('Mixed')}@Example.COM` }));
    expect((await store().findUserByEmail(user.email.toLowerCase()))?.id).toBe(user.id);
    const orgEmail = `${freshName('org')}@example.com`;
    await store().insert(fields(freshName('org'), { kind: 'organization', email: orgEmail }));
    expect(await store().findUserByEmail(orgEmail)).toBeNull();
  });

  it('searches one kind of owner by keyword in the name or full name (wildcards taken literally), ordered by name, with the total', async () => {
    const word = freshName('kw');
    const b = await store().insert(fields(`${word}b`));
    const a = await store().insert(fields(freshName('x'), { fullName: `The ${word.toUpperCase()} one` }));
    const c = await store().insert(fields(`${word}c`));
    await store().insert(fields(`${word}org`, { kind: 'organization' }));
    const [all, total] = await store().search({ kind: 'user', keyword: word }, 0, 10);
    expect(total).toBe(3);
    expect(ids(all)).toEqual(ids([a, b, c].sort((x, y) => x.lowerName.localeCompare(y.lowerName))));
    expect((await store().search({ kind: 'user', keyword: word }, 2, 10))[0]).toHaveLength(1);
    expect(await store().search({ kind: 'user', keyword: `${word}%` }, 0, 10)).toEqual([[], 0]);
    expect(await store().search({ kind: 'user', keyword: `${word.slice(0, 2)}_` }, 0, 10)).toEqual([[], 0]);
    expect(ids((await store().search({ kind: 'user', id: b.id }, 0, 10))[0])).toEqual([b.id]);
    expect(await store().search({ kind: 'user', id: 99_999_999_999 }, 0, 10)).toEqual([[], 0]);
    expect((await store().search({ kind: 'organization', keyword: word }, 0, 10))[1]).toBe(1);
  });

  it('searches only what the visibility filter lets a viewer see: the visibilities, the viewer, their organizations', async () => {
    const word = freshName('vis');
    const open = await store().insert(fields(`${word}a`, { kind: 'organization', visibility: 'public' }));
    const limited = await store().insert(fields(`${word}b`, { kind: 'organization', visibility: 'limited' }));
    const hidden = await store().insert(fields(`${word}c`, { kind: 'organization', visibility: 'private' }));
    const joined = await store().insert(fields(`${word}d`, { kind: 'organization', visibility: 'private' }));
    const viewer = await newOwner(store());
    await members().add((await newTeam(teams(), joined.id, 'Members')).id, viewer.id);
    const search = (visibleTo?: OwnerVisibilityFilter) => store().search({ kind: 'organization', keyword: word, visibleTo }, 0, 10);
    expect(ids((await search())[0])).toEqual([open.id, limited.id, hidden.id, joined.id]);
    expect(ids((await search({ visibilities: ['public'] }))[0])).toEqual([open.id]);
    const [memberView, memberTotal] = await search({ visibilities: ['public', 'limited'], orMemberOfUserId: viewer.id });
    expect([ids(memberView), memberTotal]).toEqual([[open.id, limited.id, joined.id], 3]);
    expect(ids((await search({ visibilities: ['public'], orId: hidden.id }))[0])).toEqual([open.id, hidden.id]);
  });

  it('writes exactly the given columns, keeping a change another writer made to other columns', async () => {
    const stored = fields(freshName('edit'));
    const owner = await store().insert(stored);
    expect(await store().update(owner.id, { location: 'changed meanwhile' })).toBe(true);
    expect(await store().update(owner.id, { fullName: 'New Name', isAdmin: false, updatedAt: new Date(1_800_000_000_000) })).toBe(true);
    expect(await store().findById(owner.id)).toEqual({
      ...stored,
      ...NO_FOLLOWS,
      id: owner.id,
      lowerName: owner.lowerName,
      location: 'changed meanwhile',
      fullName: 'New Name',
      isAdmin: false,
      updatedAt: new Date(1_800_000_000_000),
    });
  });

  it('answers false when the owner to update is gone, and never writes it back', async () => {
    const owner = await newOwner(store());
    await store().delete(owner.id);
    expect(await store().update(owner.id, { fullName: 'revived?' })).toBe(false);
    expect(await store().findById(owner.id)).toBeNull();
  });

  it('deletes an owner with its teams and memberships; deleting a missing owner changes nothing', async () => {
    const [org, user] = [await newOwner(store(), { kind: 'organization' }), await newOwner(store())];
    const team = await newTeam(teams(), org.id, 'Owners', 'owner');
    await members().add(team.id, user.id);
    await store().delete(org.id);
    expect(await store().findById(org.id)).toBeNull();
    expect(await teams().findById(team.id)).toBeNull();
    expect(await store().findById(user.id)).not.toBeNull();
    await expect(store().delete(org.id)).resolves.toBeUndefined();
  });

  it('records a sign-in and nothing else', async () => {
    const stored = fields(freshName('login'));
    const owner = await store().insert(stored);
    const lastLoginAt = new Date(1_750_000_000_789);
    await store().recordLogin(owner.id, lastLoginAt);
    expect(await store().findById(owner.id)).toEqual({ ...stored, ...NO_FOLLOWS, id: owner.id, lowerName: owner.lowerName, lastLoginAt });
  });

  it('enrols, enables and removes a TOTP secret; a code step is accepted once, and afresh after a new enrolment', async () => {
    const owner = await newOwner(store());
    await store().beginTotpEnrolment(owner.id, 'sealed');
    expect(await store().findById(owner.id)).toMatchObject({ totpSecret: 'sealed', totpEnabled: false });
    expect(await store().recordTotpUse(owner.id, 10)).toBe(true);
    expect(await store().recordTotpUse(owner.id, 10)).toBe(false);
    expect(await store().recordTotpUse(owner.id, 9)).toBe(false);
    await store().enableTotp(owner.id);
    expect(await store().findById(owner.id)).toMatchObject({ totpSecret: 'sealed', totpEnabled: true });
    expect(await store().recordTotpUse(owner.id, 11)).toBe(true);
    await store().removeTotp(owner.id);
    expect(await store().findById(owner.id)).toMatchObject({ totpSecret: null, totpEnabled: false });
    await store().beginTotpEnrolment(owner.id, 'again');
    expect(await store().recordTotpUse(owner.id, 11)).toBe(true);
  });
});
