import { NotificationEvent, NotificationStore } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { newOwner } from '../support/account-fixtures';
import { newIssue, newRepository } from '../support/issue-fixtures';

/** The NotificationStore port (run on SQLite and PostgreSQL). */
describeEachEngine('NotificationStore contract', (ctx) => {
  const store = (): NotificationStore => ctx().db.notifications;
  const at = (day: number) => new Date(Date.UTC(2024, 0, day));

  async function issueIn() {
    const { db } = ctx();
    const { owner, repo } = await newRepository(db);
    const issue = await newIssue(db, { repoId: repo.id, posterId: owner.id });
    const event = (fields: Partial<NotificationEvent> = {}): NotificationEvent => ({
      repoId: repo.id,
      issueId: issue.id,
      commentId: null,
      source: 'issue',
      at: at(1),
      ...fields,
    });
    return { owner, repo, issue, event };
  }

  it("counts a user's repositories' explicit watchers, the owning user, and an organization's Owners team", async () => {
    const { db } = ctx();
    const { owner, repo } = await newRepository(db);
    const watcher = await newOwner(db.owners);
    await store().watch(watcher.id, repo.id, at(1));
    await store().watch(watcher.id, repo.id, at(2));
    await store().watch(owner.id, repo.id, at(1));
    expect((await store().repositoryWatcherIds(repo.id, owner.id)).sort()).toEqual([owner.id, watcher.id].sort());
    const { owner: org, repo: orgRepo } = await newRepository(db, 'organization');
    const [admin, reader] = [await newOwner(db.owners), await newOwner(db.owners)];
    const team = (name: string, permission: 'owner' | 'read') =>
      db.teams.insert({
        orgId: org.id,
        name,
        description: '',
        permission,
        includesAllRepositories: true,
        canCreateOrgRepo: false,
        unitsMap: '{}',
      });
    const [ownersTeam, readers] = [await team('Owners', 'owner'), await team('Readers', 'read')];
    await db.teamMembers.add(ownersTeam.id, admin.id);
    await db.teamMembers.add(readers.id, reader.id);
    expect(await store().repositoryWatcherIds(orgRepo.id, org.id)).toEqual([admin.id]);
  });

  it('tells whether a user explicitly watches a repository, until they unwatch it', async () => {
    const { db } = ctx();
    const { owner, repo } = await newRepository(db);
    const user = await newOwner(db.owners);
    expect(await store().isWatching(owner.id, repo.id)).toBe(false);
    await store().watch(user.id, repo.id, at(1));
    expect(await store().isWatching(user.id, repo.id)).toBe(true);
    await store().unwatch(user.id, repo.id);
    expect(await store().isWatching(user.id, repo.id)).toBe(false);
  });

  it('records participants once each', async () => {
    const { db } = ctx();
    const { issue } = await issueIn();
    const [a, b] = [await newOwner(db.owners), await newOwner(db.owners)];
    await store().addParticipants(issue.id, [a.id]);
    await store().addParticipants(issue.id, [a.id, b.id]);
    await store().addParticipants(issue.id, []);
    expect((await store().participantIds(issue.id)).sort()).toEqual([a.id, b.id].sort());
  });

  it("finds an issue's audience in one read: watchers (explicit, the owning user, an organization's Owners team), participants and assignees, each once", async () => {
    const { db } = ctx();
    const { owner, repo, issue } = await issueIn();
    const [watcher, participant, assignee, stranger] = [
      await newOwner(db.owners),
      await newOwner(db.owners),
      await newOwner(db.owners),
      await newOwner(db.owners),
    ];
    await store().watch(watcher.id, repo.id, at(1));
    await store().addParticipants(issue.id, [participant.id, owner.id, watcher.id]);
    await db.issues.setAssignees(issue.id, [assignee.id, participant.id]);
    const audience = await store().audienceOf(issue.id, repo.id, owner.id);
    expect(audience.sort()).toEqual([owner.id, watcher.id, participant.id, assignee.id].sort());
    expect(audience).not.toContain(stranger.id);

    const { owner: org, repo: orgRepo } = await newRepository(db, 'organization');
    const orgIssue = await newIssue(db, { repoId: orgRepo.id, posterId: watcher.id });
    const admin = await newOwner(db.owners);
    const ownersTeam = await db.teams.insert({
      orgId: org.id,
      name: 'Owners',
      description: '',
      permission: 'owner',
      includesAllRepositories: true,
      canCreateOrgRepo: false,
      unitsMap: '{}',
    });
    await db.teamMembers.add(ownersTeam.id, admin.id);
    expect(await store().audienceOf(orgIssue.id, orgRepo.id, org.id)).toEqual([admin.id]);
  });

  it('opens an unread thread per user; a later event refreshes it (a pinned one stays pinned), keeping the comment if none is given', async () => {
    const { db } = ctx();
    const { issue, event } = await issueIn();
    const [reader, pinner] = [await newOwner(db.owners), await newOwner(db.owners)];
    await store().notify([reader.id, pinner.id], event({ commentId: 5 }));
    await store().notify([], event());
    const [[first], [pinned]] = [(await store().list(reader.id, {}, 0, 10))[0], (await store().list(pinner.id, {}, 0, 10))[0]];
    expect(first).toMatchObject({
      userId: reader.id,
      issueId: issue.id,
      commentId: 5,
      status: 'unread',
      source: 'issue',
      createdAt: at(1),
      updatedAt: at(1),
    });
    expect(first.issue?.id).toBe(issue.id);
    await store().setStatus(first.id, 'read');
    await store().setStatus(pinned.id, 'pinned');
    await store().notify([reader.id, pinner.id], event({ at: at(3) }));
    expect(await store().findById(first.id)).toMatchObject({ status: 'unread', updatedAt: at(3), commentId: 5, createdAt: at(1) });
    expect(await store().findById(pinned.id)).toMatchObject({ status: 'pinned', updatedAt: at(3) });
    expect((await store().findById(first.id))?.issue?.id).toBe(issue.id);
  });

  it("lists a user's threads most recently updated first with the total, narrowed by repository, status, source and dates", async () => {
    const { db } = ctx();
    const user = await newOwner(db.owners);
    const [one, two, three] = [await issueIn(), await issueIn(), await issueIn()];
    await store().notify([user.id], one.event({ at: at(1) }));
    await store().notify([user.id], two.event({ at: at(2), source: 'pull' }));
    await store().notify([user.id], three.event({ at: at(3) }));
    const ids = async (filter: Parameters<NotificationStore['list']>[1], skip = 0, take = 10) => {
      const [page, total] = await store().list(user.id, filter, skip, take);
      return { issues: page.map((thread) => thread.issueId), total };
    };
    expect(await ids({})).toEqual({ issues: [three.issue.id, two.issue.id, one.issue.id], total: 3 });
    expect(await ids({}, 1, 1)).toEqual({ issues: [two.issue.id], total: 3 });
    expect(await ids({ repoId: one.repo.id })).toEqual({ issues: [one.issue.id], total: 1 });
    expect(await ids({ sources: ['pull'] })).toEqual({ issues: [two.issue.id], total: 1 });
    expect(await ids({ sources: [] })).toEqual({ issues: [], total: 0 });
    expect(await ids({ updatedAfter: at(2), updatedBefore: at(2) })).toEqual({ issues: [two.issue.id], total: 1 });
    const [[newest]] = await store().list(user.id, {}, 0, 1);
    await store().setStatus(newest.id, 'read');
    expect(await ids({ statuses: ['read'] })).toEqual({ issues: [three.issue.id], total: 1 });
    expect(await ids({ statuses: [] })).toEqual({ issues: [three.issue.id, two.issue.id, one.issue.id], total: 3 });
    expect(await store().countUnread(user.id)).toBe(2);
    expect(await store().list((await newOwner(db.owners)).id, {}, 0, 10)).toEqual([[], 0]);
  });

  it('answers null for a thread that does not exist', async () => {
    expect(await store().findById(2_000_000_000)).toBeNull();
  });

  it("changes the status of the user's matching threads only, answering them as they are now, newest first", async () => {
    const { db } = ctx();
    const [user, other] = [await newOwner(db.owners), await newOwner(db.owners)];
    const [one, two] = [await issueIn(), await issueIn()];
    await store().notify([user.id, other.id], one.event({ at: at(1) }));
    await store().notify([user.id], two.event({ at: at(2) }));
    const changed = await store().setStatusWhere(user.id, { statuses: ['unread'], updatedBefore: at(2) }, 'read');
    expect(changed.map((thread) => [thread.issueId, thread.status, thread.issue?.id])).toEqual([
      [two.issue.id, 'read', two.issue.id],
      [one.issue.id, 'read', one.issue.id],
    ]);
    expect(await store().countUnread(user.id)).toBe(0);
    expect(await store().countUnread(other.id)).toBe(1);
    expect(await store().setStatusWhere(user.id, { statuses: ['unread'] }, 'read')).toEqual([]);
  });
});
