import { EmailAddressStore, EmailNotFoundError, EmailTakenError } from '@bellows/domain';
import { Database } from '../../src/database';
import { newOwnerFields } from '../../src/testing/owners';
import { describeEachEngine } from '../support/each-engine';
import { uniqueName } from '../support/quota-fixtures';

/** A user with a primary address of its own. */
function insertUser(db: Database) {
  const name = uniqueName('em');
  return db.owners.insert(newOwnerFields(name, { email: `${name}@example.com` }));
}

/** The EmailAddressStore port: one user per address (primary or added), all or nothing, even at the same moment (SQLite and PostgreSQL). */
describeEachEngine('EmailAddressStore contract', (ctx) => {
  const store = (): EmailAddressStore => ctx().db.emailAddresses;
  const addressesOf = async (userId: number) => (await store().emailsOf(userId)).map((e) => [e.email, e.primary]);

  it('lists the primary address first, then the added ones, and removes added ones case-insensitively', async () => {
    const user = await insertUser(ctx().db);
    await store().add(user.id, [`B.${user.name}@example.org`, `a.${user.name}@example.org`], true);
    expect(await addressesOf(user.id)).toEqual([
      [user.email, true],
      [`B.${user.name}@example.org`, false],
      [`a.${user.name}@example.org`, false],
    ]);
    await store().remove(user.id, [`b.${user.name}@EXAMPLE.org`]);
    expect(await addressesOf(user.id)).toEqual([
      [user.email, true],
      [`a.${user.name}@example.org`, false],
    ]);
  });

  it('refuses an address a user has, primary or added, and then adds none of the list', async () => {
    const [holder, other] = [await insertUser(ctx().db), await insertUser(ctx().db)];
    await store().add(holder.id, [`kept.${holder.name}@example.org`], true);
    await expect(store().add(other.id, [`new.${other.name}@example.org`, holder.email.toUpperCase()], true)).rejects.toThrow(
      EmailTakenError,
    );
    await expect(store().add(other.id, [`KEPT.${holder.name}@example.org`], true)).rejects.toThrow(EmailTakenError);
    await expect(store().add(other.id, [`twice.${other.name}@example.org`, `Twice.${other.name}@example.org`], true)).rejects.toThrow(
      EmailTakenError,
    );
    expect(await addressesOf(other.id)).toEqual([[other.email, true]]);
  });

  it('removes all or nothing: an address the user has not added fails the whole list', async () => {
    const [user, other] = [await insertUser(ctx().db), await insertUser(ctx().db)];
    await store().add(user.id, [`x.${user.name}@example.org`], true);
    await store().add(other.id, [`y.${other.name}@example.org`], true);
    await expect(store().remove(user.id, [`x.${user.name}@example.org`, `y.${other.name}@example.org`])).rejects.toThrow(
      EmailNotFoundError,
    );
    expect(await addressesOf(user.id)).toHaveLength(2);
    expect(await addressesOf(other.id)).toHaveLength(2);
  });

  it('finds a user by an added, activated address only', async () => {
    const user = await insertUser(ctx().db);
    await store().add(user.id, [`on.${user.name}@example.org`], true);
    await store().add(user.id, [`off.${user.name}@example.org`], false);
    expect((await ctx().db.owners.findUserByEmail(`ON.${user.name}@example.org`))?.id).toBe(user.id);
    expect(await ctx().db.owners.findUserByEmail(`off.${user.name}@example.org`)).toBeNull();
  });

  it('searches everyone’s addresses by address or user name, ordered by address, with the total', async () => {
    const user = await insertUser(ctx().db);
    await store().add(user.id, [`zz.${user.name}@example.org`, `aa.${user.name}@example.org`], false);
    const [rows, total] = await store().search(user.name, 0, 2);
    expect(total).toBe(3);
    expect(rows.map((row) => [row.email, row.primary, row.verified, row.userId, row.username])).toEqual([
      [`aa.${user.name}@example.org`, false, false, user.id, user.name],
      [user.email, true, true, user.id, user.name],
    ]);
    expect((await store().search(`zz.${user.name}`, 0, 10))[1]).toBe(1);
    expect((await store().search('100%_no_such', 0, 10))[1]).toBe(0);
  });

  it('gives an address to one of two users adding it at the same moment', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => insertUser(ctx().db)));
    const address = `race.${users[0].name}@example.org`;
    const outcomes = await Promise.allSettled(users.map((user) => store().add(user.id, [address], true)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(
      outcomes.filter((o) => o.status === 'rejected').every((o) => (o as PromiseRejectedResult).reason instanceof EmailTakenError),
    ).toBe(true);
  });
});
