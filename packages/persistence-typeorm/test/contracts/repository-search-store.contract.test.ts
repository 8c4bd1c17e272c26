import { Owner, RepositorySearch, RepositorySearchStore, RepositoryStore } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner, uniqueName } from '../support/quota-fixtures';
import { insertTeam } from '../support/repository-fixtures';

/** The RepositorySearchStore port: filters, orders, paging and what a viewer may list (run on SQLite and PostgreSQL). */
describeEachEngine('RepositorySearchStore contract', (ctx) => {
  const store = (): RepositorySearchStore => ctx().db.repositorySearch;
  const repositories = (): RepositoryStore => ctx().db.repositories;
  const search = (criteria: Partial<RepositorySearch>) => store().search({ order: 'id', skip: 0, take: 50, ...criteria });
  const names = async (criteria: Partial<RepositorySearch>) => (await search(criteria))[0].map((repo) => repo.name);

  /** An owner with repositories named `<prefix>-a…` in the given order of creation. */
  async function ownerWith(specs: { name: string; isPrivate?: boolean; gitSize?: number; lfsSize?: number }[], owner?: Owner) {
    const holder = owner ?? (await insertOwner(ctx().db));
    const repos = [];
    for (const spec of specs) repos.push(await repositories().insert({ ownerId: holder.id, ...spec }));
    return { owner: holder, repos };
  }

  it('lists an owner’s repositories with the owner loaded, one page at a time, with the total', async () => {
    const { owner } = await ownerWith([{ name: 'one' }, { name: 'two' }, { name: 'three' }]);
    const [page, total] = await search({ ownerId: owner.id, skip: 1, take: 1 });
    expect(total).toBe(3);
    expect(page.map((repo) => repo.name)).toEqual(['two']);
    expect(page[0].owner).toMatchObject({ id: owner.id, name: owner.name });
  });

  it('orders by name, size, git size and LFS size, ties by id', async () => {
    const { owner } = await ownerWith([
      { name: 'beta', gitSize: 10, lfsSize: 50 },
      { name: 'Alpha', gitSize: 30, lfsSize: 0 },
      { name: 'gamma', gitSize: 20, lfsSize: 5 },
    ]);
    expect(await names({ ownerId: owner.id, order: 'alphabetically' })).toEqual(['Alpha', 'beta', 'gamma']);
    expect(await names({ ownerId: owner.id, order: 'reversealphabetically' })).toEqual(['gamma', 'beta', 'Alpha']);
    expect(await names({ ownerId: owner.id, order: 'size' })).toEqual(['gamma', 'Alpha', 'beta']);
    expect(await names({ ownerId: owner.id, order: 'reversegitsize' })).toEqual(['Alpha', 'gamma', 'beta']);
    expect(await names({ ownerId: owner.id, order: 'lfssize' })).toEqual(['Alpha', 'gamma', 'beta']);
    expect(await names({ ownerId: owner.id, order: 'oldest' })).toEqual(['beta', 'Alpha', 'gamma']);
  });

  it('matches a keyword as a case-insensitive substring of the name, LIKE wildcards taken literally', async () => {
    const { owner } = await ownerWith([{ name: 'Tools' }, { name: 'my_tools' }, { name: 'myxtools' }, { name: 'other' }]);
    expect(await names({ ownerId: owner.id, keyword: 'TOOL' })).toEqual(['Tools', 'my_tools', 'myxtools']);
    expect(await names({ ownerId: owner.id, keyword: 'y_t' })).toEqual(['my_tools']);
    expect(await names({ ownerId: owner.id, keyword: '%' })).toEqual([]);
  });

  it('filters by privacy and archival', async () => {
    const { owner, repos } = await ownerWith([{ name: 'open' }, { name: 'closed', isPrivate: true }, { name: 'old' }]);
    await repositories().updateDetails(repos[2].id, { isArchived: true });
    expect(await names({ ownerId: owner.id, isPrivate: true })).toEqual(['closed']);
    expect(await names({ ownerId: owner.id, includePrivate: false })).toEqual(['open', 'old']);
    expect(await names({ ownerId: owner.id, isArchived: false })).toEqual(['open', 'closed']);
  });

  it('lists the repositories a user owns or reaches as collaborator or through a team', async () => {
    const { db } = ctx();
    const user = await insertOwner(db);
    const org = await insertOwner(db, 'organization');
    const stranger = await insertOwner(db);
    await ownerWith([{ name: 'own' }], user);
    const { repos: orgRepos } = await ownerWith([{ name: 'by-team' }, { name: 'not-reached' }], org);
    const { repos: strangerRepos } = await ownerWith([{ name: 'as-collaborator', isPrivate: true }, { name: 'unrelated' }], stranger);
    await db.collaborations.set(strangerRepos[0].id, user.id, 'read');
    const team = await insertTeam(db, org.id, { members: [user.id] });
    await db.teamRepositories.add(team.id, orgRepos[0].id);
    expect((await names({ accessibleToUserId: user.id })).sort()).toEqual(['as-collaborator', 'by-team', 'own']);
  });

  it('finds the repositories a team reaches: those it was added to, or all of its organization', async () => {
    const { db } = ctx();
    const org = await insertOwner(db, 'organization');
    const { repos } = await ownerWith([{ name: 'added' }, { name: 'left-out' }], org);
    await ownerWith([{ name: 'other-org' }], await insertOwner(db, 'organization'));
    const team = await insertTeam(db, org.id);
    const all = await insertTeam(db, org.id, { includesAllRepositories: true });
    await db.teamRepositories.add(team.id, repos[0].id);
    expect(await names({ reachedByTeamId: team.id })).toEqual(['added']);
    expect((await names({ reachedByTeamId: all.id })).sort()).toEqual(['added', 'left-out']);
  });

  it('shows a viewer the public repositories of owners they see and the private ones they may read', async () => {
    const { db } = ctx();
    const viewer = await insertOwner(db);
    const { owner, repos } = await ownerWith([
      { name: 'public' },
      { name: 'private', isPrivate: true },
      { name: 'shared', isPrivate: true },
    ]);
    await db.collaborations.set(repos[2].id, viewer.id, 'read');
    expect(await names({ ownerId: owner.id, viewer: { ownerVisibilities: ['public'] } })).toEqual(['public']);
    expect(await names({ ownerId: owner.id, viewer: { userId: viewer.id, ownerVisibilities: ['public', 'limited'] } })).toEqual([
      'public',
      'shared',
    ]);
    expect(await names({ ownerId: owner.id, viewer: { ownerVisibilities: ['limited'] } })).toEqual([]);
  });

  it('answers an empty page and total 0 when nothing matches', async () => {
    expect(await search({ keyword: uniqueName('nothing-like-this') })).toEqual([[], 0]);
  });
});
