import { OwnerStore, TeamMemberStore, TeamNameTakenError, TeamStore } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { newOwner, newTeam } from '../support/account-fixtures';

/** The TeamStore port (run on SQLite and PostgreSQL). */
describeEachEngine('TeamStore contract', (ctx) => {
  const store = (): TeamStore => ctx().db.teams;
  const owners = (): OwnerStore => ctx().db.owners;
  const members = (): TeamMemberStore => ctx().db.teamMembers;
  const org = () => newOwner(owners(), { kind: 'organization' });

  it('stores a team with every field and its lower-case name, and finds it by id', async () => {
    const { id: orgId } = await org();
    const created = await store().insert({
      orgId,
      name: 'Release-Team',
      description: 'ships',
      permission: 'write',
      includesAllRepositories: true,
      canCreateOrgRepo: true,
      unitsMap: '{"repo.code":"write"}',
    });
    expect(created).toMatchObject({ orgId, name: 'Release-Team', lowerName: 'release-team' });
    expect(await store().findById(created.id)).toEqual({
      id: created.id,
      orgId,
      name: 'Release-Team',
      lowerName: 'release-team',
      description: 'ships',
      permission: 'write',
      includesAllRepositories: true,
      canCreateOrgRepo: true,
      unitsMap: '{"repo.code":"write"}',
    });
  });

  it('answers null for a team that does not exist, whatever the id', async () => {
    expect(await store().findById(2_000_000_000)).toBeNull();
    expect(await store().findById(99_999_999_999)).toBeNull();
  });

  it('finds a team by name case-insensitively, within its organization only', async () => {
    const [first, second] = [await org(), await org()];
    const team = await newTeam(store(), first.id, 'Developers');
    expect((await store().findByOrgAndName(first.id, 'DEVELOPERS'))?.id).toBe(team.id);
    expect(await store().findByOrgAndName(second.id, 'developers')).toBeNull();
    expect(await store().findByOrgAndName(first.id, 'designers')).toBeNull();
  });

  it('refuses a second team whose name differs only in case in the same organization (TeamNameTakenError), not in another', async () => {
    const [first, second] = [await org(), await org()];
    await newTeam(store(), first.id, 'Writers');
    await expect(newTeam(store(), first.id, 'WRITERS')).rejects.toBeInstanceOf(TeamNameTakenError);
    await expect(newTeam(store(), second.id, 'writers')).resolves.toMatchObject({ orgId: second.id });
  });

  it("finds the organization's Owners team (permission 'owner'), or null when it has none", async () => {
    const [withOwners, without] = [await org(), await org()];
    await newTeam(store(), withOwners.id, 'Readers');
    const ownersTeam = await newTeam(store(), withOwners.id, 'Owners', 'owner');
    await newTeam(store(), without.id, 'Readers');
    expect((await store().findOwnersTeam(withOwners.id))?.id).toBe(ownersTeam.id);
    expect(await store().findOwnersTeam(without.id)).toBeNull();
  });

  it("lists one page of the organization's teams in the order they were created, with the total", async () => {
    const { id: orgId } = await org();
    const created = [await newTeam(store(), orgId, 'zeta'), await newTeam(store(), orgId, 'alpha'), await newTeam(store(), orgId, 'mid')];
    await newTeam(store(), (await org()).id, 'elsewhere');
    const [page, total] = await store().listForOrg(orgId, 1, 2);
    expect(total).toBe(3);
    expect(page.map((team) => team.id)).toEqual([created[1].id, created[2].id]);
    expect(await store().listForOrg((await org()).id, 0, 10)).toEqual([[], 0]);
  });

  it('writes exactly the given columns, keeping a change another writer made to other columns; the lower-case name follows', async () => {
    const { id: orgId } = await org();
    const team = await newTeam(store(), orgId, 'Old');
    expect(await store().update(team.id, { description: 'changed meanwhile' })).toBe(true);
    expect(await store().update(team.id, { name: 'New-Name', permission: 'admin', canCreateOrgRepo: true })).toBe(true);
    expect(await store().findById(team.id)).toMatchObject({
      name: 'New-Name',
      lowerName: 'new-name',
      description: 'changed meanwhile',
      permission: 'admin',
      canCreateOrgRepo: true,
      includesAllRepositories: false,
      unitsMap: '{}',
    });
  });

  it('answers false when the team to update is gone, and never writes it back', async () => {
    const { id: orgId } = await org();
    const team = await newTeam(store(), orgId, 'Doomed');
    await store().delete(team.id);
    expect(await store().update(team.id, { description: 'revived?' })).toBe(false);
    expect(await store().findById(team.id)).toBeNull();
  });

  it('answers whether the team exists when given no changes', async () => {
    const { id: orgId } = await org();
    const team = await newTeam(store(), orgId, 'Unchanged');
    expect(await store().update(team.id, {})).toBe(true);
    await store().delete(team.id);
    expect(await store().update(team.id, {})).toBe(false);
  });

  it('refuses renaming a team to a name another team of the organization has: TeamNameTakenError', async () => {
    const { id: orgId } = await org();
    await newTeam(store(), orgId, 'Taken');
    const team = await newTeam(store(), orgId, 'Free');
    await expect(store().update(team.id, { name: 'TAKEN' })).rejects.toBeInstanceOf(TeamNameTakenError);
    expect((await store().findById(team.id))?.name).toBe('Free');
  });

  it('deletes a team with its memberships; deleting a missing team changes nothing', async () => {
    const { id: orgId } = await org();
    const user = await newOwner(owners());
    const team = await newTeam(store(), orgId, 'Gone');
    await members().add(team.id, user.id);
    await store().delete(team.id);
    expect(await store().findById(team.id)).toBeNull();
    expect(await members().isTeamMember(team.id, user.id)).toBe(false);
    await expect(store().delete(team.id)).resolves.toBeUndefined();
  });

  it('goes with its organization', async () => {
    const organization = await org();
    const team = await newTeam(store(), organization.id, 'Orphan');
    await owners().delete(organization.id);
    expect(await store().findById(team.id)).toBeNull();
  });
});
