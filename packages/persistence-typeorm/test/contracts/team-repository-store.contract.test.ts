import { TeamRepositoryStore } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner, uniqueName } from '../support/quota-fixtures';
import { insertTeam } from '../support/repository-fixtures';

/** The TeamRepositoryStore port (run on SQLite and PostgreSQL). */
describeEachEngine('TeamRepositoryStore contract', (ctx) => {
  const store = (): TeamRepositoryStore => ctx().db.teamRepositories;

  async function organization() {
    const { db } = ctx();
    const org = await insertOwner(db, 'organization');
    const user = await insertOwner(db);
    const repo = await db.repositories.insert({ ownerId: org.id, name: uniqueName('repo') });
    return { org, user, repo };
  }

  const ids = (teams: { id: number }[]) => teams.map((team) => team.id).sort((a, b) => a - b);

  it('reaches a repository through the teams it was added to, those including all repositories, and the Owners team', async () => {
    const { db } = ctx();
    const { org, user, repo } = await organization();
    const added = await insertTeam(db, org.id, { members: [user.id] });
    const all = await insertTeam(db, org.id, { includesAllRepositories: true, members: [user.id] });
    const owners = await insertTeam(db, org.id, { permission: 'owner', members: [user.id] });
    await insertTeam(db, org.id, { members: [user.id] }); // not added
    await insertTeam(db, org.id, { includesAllRepositories: true }); // the user is not a member
    await store().add(added.id, repo.id);
    const reaching = await store().teamsOfUserReaching(org.id, repo.id, user.id);
    expect(ids(reaching)).toEqual(ids([added, all, owners]));
    expect(reaching.find((team) => team.id === added.id)).toMatchObject({ orgId: org.id, permission: 'read', unitsMap: '{}' });
  });

  it('adding a repository twice changes nothing; removing it takes the access away', async () => {
    const { db } = ctx();
    const { org, user, repo } = await organization();
    const team = await insertTeam(db, org.id, { members: [user.id] });
    await store().add(team.id, repo.id);
    await store().add(team.id, repo.id);
    expect(ids(await store().teamsOfUserReaching(org.id, repo.id, user.id))).toEqual([team.id]);
    await store().remove(team.id, repo.id);
    expect(await store().teamsOfUserReaching(org.id, repo.id, user.id)).toEqual([]);
    await expect(store().remove(team.id, repo.id)).resolves.toBeUndefined();
  });

  it('answers the teams through which a member may create repositories', async () => {
    const { db } = ctx();
    const { org, user } = await organization();
    const creators = await insertTeam(db, org.id, { canCreateOrgRepo: true, members: [user.id] });
    await insertTeam(db, org.id, { members: [user.id] });
    await insertTeam(db, org.id, { canCreateOrgRepo: true });
    expect(ids(await store().teamsThatMayCreate(org.id, user.id))).toEqual([creators.id]);
    expect(await store().teamsThatMayCreate(org.id, (await insertOwner(db)).id)).toEqual([]);
  });
});
