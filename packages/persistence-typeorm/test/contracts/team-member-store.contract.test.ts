import { Owner, OwnerStore, OwnerVisibilityFilter, TeamMemberStore, TeamStore } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { freshName, newOwner, newTeam } from '../support/account-fixtures';

/** The TeamMemberStore port (run on SQLite and PostgreSQL). */
describeEachEngine('TeamMemberStore contract', (ctx) => {
  const store = (): TeamMemberStore => ctx().db.teamMembers;
  const owners = (): OwnerStore => ctx().db.owners;
  const teams = (): TeamStore => ctx().db.teams;
  const user = (name?: string) => newOwner(owners(), { name });
  const org = (visibility: Owner['visibility'] = 'public') => newOwner(owners(), { kind: 'organization', visibility });
  const ids = (rows: Owner[]) => rows.map((row) => row.id);

  it('adds a member; adding an existing member changes nothing', async () => {
    const team = await newTeam(teams(), (await org()).id, 'Devs');
    const ada = await user();
    expect(await store().isTeamMember(team.id, ada.id)).toBe(false);
    await store().add(team.id, ada.id);
    await store().add(team.id, ada.id);
    expect(await store().isTeamMember(team.id, ada.id)).toBe(true);
    expect(await store().countTeamMembers(team.id)).toBe(1);
  });

  it('removes a member; removing a non-member changes nothing', async () => {
    const team = await newTeam(teams(), (await org()).id, 'Devs');
    const [ada, bob] = [await user(), await user()];
    await store().add(team.id, ada.id);
    await store().add(team.id, bob.id);
    await store().remove(team.id, ada.id);
    await expect(store().remove(team.id, ada.id)).resolves.toBeUndefined();
    expect(await store().isTeamMember(team.id, ada.id)).toBe(false);
    expect(await store().countTeamMembers(team.id)).toBe(1);
  });

  it('counts the members of a team (0 for an empty one)', async () => {
    const team = await newTeam(teams(), (await org()).id, 'Empty');
    expect(await store().countTeamMembers(team.id)).toBe(0);
  });

  it("lists one page of a team's members ordered by name, with the total", async () => {
    const team = await newTeam(teams(), (await org()).id, 'Devs');
    const prefix = freshName('m');
    const [c, a, b] = [await user(`${prefix}c`), await user(`${prefix}A`), await user(`${prefix}b`)];
    for (const member of [c, a, b]) await store().add(team.id, member.id);
    await store().add((await newTeam(teams(), (await org()).id, 'Other')).id, (await user()).id);
    const [page, total] = await store().listTeamMembers(team.id, 1, 2);
    expect(total).toBe(3);
    expect(ids(page)).toEqual([b.id, c.id]);
    expect((await store().listTeamMembers(team.id, 0, 1))[0][0]).toMatchObject({ id: a.id, name: `${prefix}A`, kind: 'user' });
  });

  it('makes a member of any team a member of its organization, and of no other', async () => {
    const [first, second] = [await org(), await org()];
    const devs = await newTeam(teams(), first.id, 'Devs');
    const [ada, bob] = [await user(), await user()];
    await store().add(devs.id, ada.id);
    expect(await store().isOrgMember(first.id, ada.id)).toBe(true);
    expect(await store().isOrgMember(first.id, bob.id)).toBe(false);
    expect(await store().isOrgMember(second.id, ada.id)).toBe(false);
  });

  it('lists the members of an organization once each, ordered by name, one page with the total', async () => {
    const organization = await org();
    const [ownersTeam, devs] = [
      await newTeam(teams(), organization.id, 'Owners', 'owner'),
      await newTeam(teams(), organization.id, 'Devs'),
    ];
    const prefix = freshName('o');
    const [z, a, m] = [await user(`${prefix}z`), await user(`${prefix}a`), await user(`${prefix}m`)];
    await store().add(ownersTeam.id, z.id);
    await store().add(devs.id, z.id);
    await store().add(devs.id, a.id);
    await store().add(ownersTeam.id, m.id);
    const [all, total] = await store().listOrgMembers(organization.id, 0, 10);
    expect(total).toBe(3);
    expect(ids(all)).toEqual([a.id, m.id, z.id]);
    expect(ids((await store().listOrgMembers(organization.id, 2, 5))[0])).toEqual([z.id]);
    expect(await store().listOrgMembers((await org()).id, 0, 10)).toEqual([[], 0]);
  });

  it('removes a user from every team of one organization, and from no other', async () => {
    const [first, second] = [await org(), await org()];
    const [a, b, other] = [
      await newTeam(teams(), first.id, 'A'),
      await newTeam(teams(), first.id, 'B'),
      await newTeam(teams(), second.id, 'C'),
    ];
    const [ada, bob] = [await user(), await user()];
    for (const team of [a, b, other]) await store().add(team.id, ada.id);
    await store().add(a.id, bob.id);
    await store().removeFromOrg(first.id, ada.id);
    expect(await store().isOrgMember(first.id, ada.id)).toBe(false);
    expect(await store().isTeamMember(other.id, ada.id)).toBe(true);
    expect(await store().isTeamMember(a.id, bob.id)).toBe(true);
    await expect(store().removeFromOrg((await org()).id, ada.id)).resolves.toBeUndefined();
  });

  it('lists the organizations of a user, ordered by name, restricted to what the filter lets a viewer see', async () => {
    const ada = await user();
    const viewer = await user();
    const prefix = freshName('g');
    const open = await newOwner(owners(), { kind: 'organization', name: `${prefix}a`, visibility: 'public' });
    const limited = await newOwner(owners(), { kind: 'organization', name: `${prefix}b`, visibility: 'limited' });
    const secret = await newOwner(owners(), { kind: 'organization', name: `${prefix}c`, visibility: 'private' });
    const shared = await newOwner(owners(), { kind: 'organization', name: `${prefix}d`, visibility: 'private' });
    for (const organization of [secret, limited, open, shared]) {
      await store().add((await newTeam(teams(), organization.id, 'Owners', 'owner')).id, ada.id);
    }
    await store().add((await newTeam(teams(), shared.id, 'Guests')).id, viewer.id);

    const [all, total] = await store().listOrgsOfUser(ada.id, 0, 10);
    expect([ids(all), total]).toEqual([[open.id, limited.id, secret.id, shared.id], 4]);
    expect(ids((await store().listOrgsOfUser(ada.id, 1, 2))[0])).toEqual([limited.id, secret.id]);
    const anonymous = await store().listOrgsOfUser(ada.id, 0, 10, { visibilities: ['public'] });
    expect([ids(anonymous[0]), anonymous[1]]).toEqual([[open.id], 1]);
    const viewerFilter: OwnerVisibilityFilter = { visibilities: ['public', 'limited'], orId: viewer.id, orMemberOfUserId: viewer.id };
    const signedIn = await store().listOrgsOfUser(ada.id, 0, 10, viewerFilter);
    expect([ids(signedIn[0]), signedIn[1]]).toEqual([[open.id, limited.id, shared.id], 3]);
    expect(await store().listOrgsOfUser(viewer.id, 0, 10, { visibilities: ['public'] })).toEqual([[], 0]);
  });

  it('names the organizations whose Owners team has the user as its only member', async () => {
    const [ada, bob] = [await user(), await user()];
    const [solo, shared, memberOnly] = [await org(), await org(), await org()];
    await store().add((await newTeam(teams(), solo.id, 'Owners', 'owner')).id, ada.id);
    const sharedOwners = await newTeam(teams(), shared.id, 'Owners', 'owner');
    await store().add(sharedOwners.id, ada.id);
    await store().add(sharedOwners.id, bob.id);
    await store().add((await newTeam(teams(), memberOnly.id, 'Devs')).id, ada.id);
    expect(await store().soleOwnedOrgIds(ada.id)).toEqual([solo.id]);
    expect(await store().soleOwnedOrgIds((await user()).id)).toEqual([]);
  });

  it('forgets the memberships of a deleted user', async () => {
    const team = await newTeam(teams(), (await org()).id, 'Devs');
    const ada = await user();
    await store().add(team.id, ada.id);
    await owners().delete(ada.id);
    expect(await store().countTeamMembers(team.id)).toBe(0);
  });
});
