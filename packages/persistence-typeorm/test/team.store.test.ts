import { Database } from '../src/database';
import { OwnerEntity, OwnerKind, OwnerVisibility } from '../src/entities/owner.entity';
import { describeEachEngine } from './support/each-engine';

describeEachEngine('TeamStore and TeamMemberStore', (ctx) => {
  let seq = 0;
  const owner = (db: Database, kind: OwnerKind, visibility: OwnerVisibility = 'public'): Promise<OwnerEntity> =>
    db.owners.insert({
      name: `${kind === 'user' ? 'u' : 'o'}${seq++}`,
      kind,
      fullName: '',
      email: '',
      passwordHash: null,
      isAdmin: false,
      isActive: true,
      prohibitLogin: false,
      visibility,
      description: '',
      website: '',
      location: '',
      totpSecret: null,
      totpEnabled: false,
      createdAt: new Date(),
      updatedAt: new Date(),
      lastLoginAt: null,
    });
  const team = (db: Database, orgId: number, name: string, permission: 'read' | 'owner' = 'read') =>
    db.teams.insert({ orgId, name, description: '', permission, includesAllRepositories: false, canCreateOrgRepo: false, unitsMap: '{}' });

  it('finds a team by name case-insensitively within its organization only', async () => {
    const { db } = ctx();
    const org = await owner(db, 'organization');
    const other = await owner(db, 'organization');
    const created = await team(db, org.id, 'Developers');
    expect((await db.teams.findByOrgAndName(org.id, 'developers'))?.id).toBe(created.id);
    expect(await db.teams.findByOrgAndName(other.id, 'developers')).toBeNull();
  });

  it('refuses a second team of the same organization whose name differs only in case', async () => {
    const { db } = ctx();
    const org = await owner(db, 'organization');
    await team(db, org.id, 'Ops');
    await expect(team(db, org.id, 'OPS')).rejects.toThrow();
  });

  it('counts a user as an organization member through any of its teams, and lists members once', async () => {
    const { db } = ctx();
    const org = await owner(db, 'organization');
    const [ada, bob] = [await owner(db, 'user'), await owner(db, 'user')];
    const owners = await team(db, org.id, 'Owners', 'owner');
    const devs = await team(db, org.id, 'Devs');
    await db.teamMembers.add(owners.id, ada.id);
    await db.teamMembers.add(devs.id, ada.id);
    await db.teamMembers.add(devs.id, ada.id); // adding twice changes nothing
    expect(await db.teamMembers.isOrgMember(org.id, bob.id)).toBe(false);
    await db.teamMembers.add(devs.id, bob.id);
    const [members, total] = await db.teamMembers.listOrgMembers(org.id, 0, 10);
    expect(total).toBe(2);
    expect(members.map((m) => m.id).sort()).toEqual([ada.id, bob.id].sort());
    expect(await db.teamMembers.countTeamMembers(devs.id)).toBe(2);
    expect((await db.teams.findOwnersTeam(org.id))?.id).toBe(owners.id);
  });

  it('removes a user from every team of one organization', async () => {
    const { db } = ctx();
    const org = await owner(db, 'organization');
    const ada = await owner(db, 'user');
    const a = await team(db, org.id, 'A');
    const b = await team(db, org.id, 'B');
    await db.teamMembers.add(a.id, ada.id);
    await db.teamMembers.add(b.id, ada.id);
    await db.teamMembers.removeFromOrg(org.id, ada.id);
    expect(await db.teamMembers.isOrgMember(org.id, ada.id)).toBe(false);
  });

  it("lists a user's organizations, hiding private ones from a viewer who is not a member", async () => {
    const { db } = ctx();
    const ada = await owner(db, 'user');
    const viewer = await owner(db, 'user');
    const open = await owner(db, 'organization', 'public');
    const secret = await owner(db, 'organization', 'private');
    for (const org of [open, secret]) await db.teamMembers.add((await team(db, org.id, 'Owners', 'owner')).id, ada.id);
    const [all] = await db.teamMembers.listOrgsOfUser(ada.id, 0, 10);
    expect(all.map((o) => o.id).sort()).toEqual([open.id, secret.id].sort());
    const [visible, total] = await db.teamMembers.listOrgsOfUser(ada.id, 0, 10, {
      visibilities: ['public', 'limited'],
      orMemberOfUserId: viewer.id,
    });
    expect(visible.map((o) => o.id)).toEqual([open.id]);
    expect(total).toBe(1);
  });

  it('names the organizations whose Owners team has the user as its only member', async () => {
    const { db } = ctx();
    const [ada, bob] = [await owner(db, 'user'), await owner(db, 'user')];
    const solo = await owner(db, 'organization');
    const shared = await owner(db, 'organization');
    await db.teamMembers.add((await team(db, solo.id, 'Owners', 'owner')).id, ada.id);
    const sharedOwners = await team(db, shared.id, 'Owners', 'owner');
    await db.teamMembers.add(sharedOwners.id, ada.id);
    await db.teamMembers.add(sharedOwners.id, bob.id);
    expect(await db.teamMembers.soleOwnedOrgIds(ada.id)).toEqual([solo.id]);
  });

  it('deletes teams and memberships with their organization', async () => {
    const { db } = ctx();
    const org = await owner(db, 'organization');
    const ada = await owner(db, 'user');
    const t = await team(db, org.id, 'Gone');
    await db.teamMembers.add(t.id, ada.id);
    await db.owners.delete(org.id);
    expect(await db.teams.findById(t.id)).toBeNull();
    expect(await db.teamMembers.isTeamMember(t.id, ada.id)).toBe(false);
  });

  it('searches users by keyword in name or full name, treating % and _ literally', async () => {
    const { db } = ctx();
    const found = await owner(db, 'user');
    await db.owners.update(found.id, { fullName: 'Searchable_Person' });
    const [hits] = await db.owners.search({ kind: 'user', keyword: 'able_per' }, 0, 10);
    expect(hits.map((h) => h.id)).toEqual([found.id]);
    const [none] = await db.owners.search({ kind: 'user', keyword: 'able%per' }, 0, 10);
    expect(none).toEqual([]);
  });
});
