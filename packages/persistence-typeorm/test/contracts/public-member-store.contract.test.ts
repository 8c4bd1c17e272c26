import { Owner, OwnerStore, PublicMemberStore, TeamMemberStore, TeamStore } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { newOwner, newTeam } from '../support/account-fixtures';

/** The PublicMemberStore port (run on SQLite and PostgreSQL), with the team stores that end memberships. */
describeEachEngine('PublicMemberStore contract', (ctx) => {
  const store = (): PublicMemberStore => ctx().db.publicMembers;
  const owners = (): OwnerStore => ctx().db.owners;
  const teams = (): TeamStore => ctx().db.teams;
  const members = (): TeamMemberStore => ctx().db.teamMembers;
  const ids = (rows: Owner[]) => rows.map((row) => row.id);

  async function orgWithMembers(count: number) {
    const org = await newOwner(owners(), { kind: 'organization' });
    const team = await newTeam(teams(), org.id, 'Crew');
    const users: Owner[] = [];
    for (let i = 0; i < count; i++) {
      const user = await newOwner(owners());
      await members().add(team.id, user.id);
      users.push(user);
    }
    return { org, team, users };
  }

  it('publicizes and conceals a membership; doing either twice changes nothing', async () => {
    const { org, users } = await orgWithMembers(1);
    expect(await store().isPublicMember(org.id, users[0].id)).toBe(false);
    await store().publicize(org.id, users[0].id);
    await store().publicize(org.id, users[0].id);
    expect(await store().isPublicMember(org.id, users[0].id)).toBe(true);
    await store().conceal(org.id, users[0].id);
    await store().conceal(org.id, users[0].id);
    expect(await store().isPublicMember(org.id, users[0].id)).toBe(false);
  });

  it('lists one page of the public members by name with the total, never a non-member', async () => {
    const { org, users } = await orgWithMembers(3);
    const stranger = await newOwner(owners());
    for (const user of [...users.slice(0, 2), stranger]) await store().publicize(org.id, user.id);
    const [all, total] = await store().listPublicMembers(org.id, 0, 10);
    expect(total).toBe(2);
    expect(ids(all).sort()).toEqual(ids(users.slice(0, 2)).sort());
    expect(await store().isPublicMember(org.id, stranger.id)).toBe(false);
    const [page] = await store().listPublicMembers(org.id, 1, 1);
    expect(page).toHaveLength(1);
  });

  it('forgets the flag when the membership ends: removed from the team, from the organization, or the team deleted', async () => {
    const { org, team, users } = await orgWithMembers(3);
    const other = await newTeam(teams(), org.id, 'Other');
    await members().add(other.id, users[2].id);
    for (const user of users) await store().publicize(org.id, user.id);
    await members().remove(team.id, users[0].id);
    await members().removeFromOrg(org.id, users[1].id);
    await teams().delete(team.id);
    for (const user of users.slice(0, 2)) await members().add(other.id, user.id);
    expect(await store().isPublicMember(org.id, users[0].id)).toBe(false);
    expect(await store().isPublicMember(org.id, users[1].id)).toBe(false);
    expect(await store().isPublicMember(org.id, users[2].id)).toBe(true);
  });

  it('lists only public memberships of a user when asked', async () => {
    const { org, users } = await orgWithMembers(1);
    const { org: second } = await orgWithMembers(0);
    const crew = await newTeam(teams(), second.id, 'Second');
    await members().add(crew.id, users[0].id);
    await store().publicize(second.id, users[0].id);
    expect(ids((await members().listOrgsOfUser(users[0].id, 0, 10))[0]).sort()).toEqual([org.id, second.id].sort());
    expect(ids((await members().listOrgsOfUser(users[0].id, 0, 10, undefined, true))[0])).toEqual([second.id]);
  });
});
