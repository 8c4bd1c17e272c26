import { NotFoundException } from '@nestjs/common';
import { resolveRef } from '@bellows/git';
import {
  OwnerEntity,
  RepositoryEntity,
  TeamEntity,
  TypeOrmLabelStore as LabelStore,
  TypeOrmMilestoneStore as MilestoneStore,
  TypeOrmPullRequestStore as PullRequestStore,
  TypeOrmReleaseStore as ReleaseStore,
} from '@bellows/persistence-typeorm';
import { OrganizationsService } from '../../src/modules/accounts/organizations.service';
import { TeamsService } from '../../src/modules/accounts/teams.service';
import { UsersService } from '../../src/modules/accounts/users.service';
import { MilestonesService } from '../../src/modules/issues/milestones.service';
import { RepositoryService } from '../../src/modules/repositories/repository.service';
import { createTestUser, TestUser } from '../support/fixtures';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Issue 9, "never save an entity loaded before an await that another request
 * could have changed". Each test puts a concurrent request between an edit's
 * read and its write: either the edit is handed the row as it was loaded
 * before (as a controller resolves it), or the store read the edit makes is
 * followed at once by the other request's change. The edit must then answer
 * 404 (or 422 for a milestone named in an issue) and leave a deleted row
 * deleted, and must keep what the other request changed in other fields.
 */
describe('edits write by id, never a row loaded before (issue 9)', () => {
  let server: TestServer;
  let owner: TestUser;
  let admin: TestUser;
  let repo: RepositoryEntity;
  let base: string;
  const as = (user: TestUser) => ({ auth: { token: user.token } });

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
    admin = await createTestUser(server, { admin: true });
    repo = await createTestRepository(server, owner.user, { autoInit: true });
    base = `/repos/${owner.name}/${repo.name}`;
  });
  afterAll(async () => server?.close());
  afterEach(() => jest.restoreAllMocks());

  /** Runs `meanwhile` right after the next call of the store method, as a request racing with this one would. */
  function afterNextRead<T extends object, K extends keyof T>(prototype: T, method: K, meanwhile: () => Promise<unknown>): void {
    const original = prototype[method] as unknown as (...args: unknown[]) => Promise<unknown>;
    jest.spyOn(prototype, method as never).mockImplementationOnce(async function (this: unknown, ...args: unknown[]) {
      const result = await original.apply(this, args);
      await meanwhile();
      return result;
    } as never);
  }

  async function newMilestone(title: string, extra: object = {}) {
    const res = await server.request(`${base}/milestones`, { method: 'POST', body: { title, ...extra }, ...as(owner) });
    expect(res.status).toBe(201);
    return res.body as { id: number; title: string; description: string };
  }

  describe('milestones', () => {
    it('editing a milestone deleted meanwhile answers 404 and does not bring it back', async () => {
      const milestone = await newMilestone('doomed');
      const loadedEarlier = (await server.db.milestones.findById(repo.id, milestone.id))!;
      expect((await server.request(`${base}/milestones/${milestone.id}`, { method: 'DELETE', ...as(owner) })).status).toBe(204);
      await expect(server.app.get(MilestonesService).edit(loadedEarlier, { title: 'revived' })).rejects.toBeInstanceOf(NotFoundException);
      expect(await server.db.milestones.findById(repo.id, milestone.id)).toBeNull();
      expect((await server.request(`${base}/milestones/${milestone.id}`, as(owner))).status).toBe(404);
    });

    it('a milestone edit does not undo a concurrent change of another field', async () => {
      const milestone = await newMilestone('two-editors', { description: 'before' });
      const loadedEarlier = (await server.db.milestones.findById(repo.id, milestone.id))!;
      const other = await server.request(`${base}/milestones/${milestone.id}`, {
        method: 'PATCH',
        body: { description: 'changed meanwhile', state: 'closed' },
        ...as(owner),
      });
      expect(other.status).toBe(200);
      await server.app.get(MilestonesService).edit(loadedEarlier, { title: 'renamed' });
      const now = (await server.request(`${base}/milestones/${milestone.id}`, as(owner))).body;
      expect(now).toMatchObject({ title: 'renamed', description: 'changed meanwhile', state: 'closed' });
    });

    it('opening an issue in a milestone deleted meanwhile answers 422 and does not bring the milestone back', async () => {
      const milestone = await newMilestone('gone-before-the-issue');
      afterNextRead(MilestoneStore.prototype, 'findById', () => server.db.milestones.delete(milestone.id));
      const res = await server.request(`${base}/issues`, {
        method: 'POST',
        body: { title: 'into a milestone', milestone: milestone.id },
        ...as(owner),
      });
      expect(res.status).toBe(422);
      expect(await server.db.milestones.findById(repo.id, milestone.id)).toBeNull();
      const [issues] = await server.db.issues.list({ repoId: repo.id }, 0, 100);
      expect(issues.map((issue) => issue.title)).not.toContain('into a milestone');
    });

    it('moving an issue into a milestone deleted meanwhile answers 422 and does not bring it back', async () => {
      const issue = (await server.request(`${base}/issues`, { method: 'POST', body: { title: 'to be moved' }, ...as(owner) })).body;
      const milestone = await newMilestone('gone-before-the-move');
      afterNextRead(MilestoneStore.prototype, 'findById', () => server.db.milestones.delete(milestone.id));
      const res = await server.request(`${base}/issues/${issue.number}`, {
        method: 'PATCH',
        body: { milestone: milestone.id },
        ...as(owner),
      });
      expect(res.status).toBe(422);
      expect(await server.db.milestones.findById(repo.id, milestone.id)).toBeNull();
      expect((await server.request(`${base}/issues/${issue.number}`, as(owner))).body.milestone).toBeNull();
    });

    it('moving an issue into a milestone keeps the later update date another request gave it meanwhile', async () => {
      const created = new Date('2023-12-01T00:00:00Z');
      const issue = await server.db.transaction((tx) =>
        tx.issues.create({
          repoId: repo.id,
          posterId: owner.user.id,
          title: 'back-dated move',
          body: '',
          isClosed: false,
          milestoneId: null,
          createdAt: created,
        }),
      );
      const milestone = await newMilestone('dated');
      await server.db.milestones.update(milestone.id, { updatedAt: new Date('2024-01-01T00:00:00Z') });
      const later = new Date('2024-03-01T00:00:00Z');
      afterNextRead(MilestoneStore.prototype, 'findById', () => server.db.milestones.update(milestone.id, { updatedAt: later }));
      const res = await server.request(`${base}/issues/${issue.index}`, {
        method: 'PATCH',
        body: { milestone: milestone.id, updated_at: '2024-02-01T00:00:00Z' },
        ...as(owner),
      });
      expect(res.status).toBe(201);
      expect((await server.db.milestones.findById(repo.id, milestone.id))!.updatedAt).toEqual(later);
    });
  });

  describe('pull requests', () => {
    async function newPull(head: string) {
      return server.db.pullRequests.create({
        repoId: repo.id,
        posterId: owner.user.id,
        title: `merge ${head}`,
        body: 'before',
        headBranch: head,
        baseBranch: 'main',
        mergeBase: 'a'.repeat(40),
      });
    }

    it('editing a pull request deleted meanwhile answers 404 and does not bring it back', async () => {
      const pull = await newPull('doomed');
      afterNextRead(PullRequestStore.prototype, 'findByIndex', () => server.db.issues.delete(pull.issueId));
      const res = await server.request(`${base}/pulls/${pull.issue.index}`, {
        method: 'PATCH',
        body: { title: 'revived', state: 'closed' },
        ...as(owner),
      });
      expect(res.status).toBe(404);
      expect(await server.db.pullRequests.findByIndex(repo.id, pull.issue.index)).toBeNull();
      expect(await server.db.issues.findById(pull.issueId)).toBeNull();
    });

    it('a pull request edit does not undo a concurrent change of another field', async () => {
      const pull = await newPull('two-editors');
      afterNextRead(PullRequestStore.prototype, 'findByIndex', () => server.db.issues.update(pull.issueId, { body: 'changed meanwhile' }));
      const res = await server.request(`${base}/pulls/${pull.issue.index}`, { method: 'PATCH', body: { title: 'renamed' }, ...as(owner) });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ title: 'renamed', body: 'changed meanwhile' });
      expect((await server.db.issues.findById(pull.issueId))!.body).toBe('changed meanwhile');
    });
  });

  describe('labels', () => {
    it('editing a label deleted meanwhile answers 404 and does not bring it back', async () => {
      const label = (await server.request(`${base}/labels`, { method: 'POST', body: { name: 'doomed', color: '#aabbcc' }, ...as(owner) }))
        .body;
      afterNextRead(LabelStore.prototype, 'find', () => server.db.labels.delete(label.id));
      const res = await server.request(`${base}/labels/${label.id}`, { method: 'PATCH', body: { name: 'revived' }, ...as(owner) });
      expect(res.status).toBe(404);
      expect(await server.db.labels.findByIds([label.id])).toEqual([]);
    });

    it('a label edit does not undo a concurrent change of another field', async () => {
      const label = (
        await server.request(`${base}/labels`, { method: 'POST', body: { name: 'two-editors', color: '#aabbcc' }, ...as(owner) })
      ).body;
      afterNextRead(LabelStore.prototype, 'find', () => server.db.labels.update(label.id, { description: 'changed meanwhile' }));
      const res = await server.request(`${base}/labels/${label.id}`, { method: 'PATCH', body: { color: '#001122' }, ...as(owner) });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: 'two-editors', color: '001122', description: 'changed meanwhile' });
    });
  });

  describe('accounts', () => {
    const reload = async (id: number) => server.db.owners.findById(id);

    it('editing a user deleted meanwhile answers 404 and does not bring it back', async () => {
      const doomed = await createTestUser(server);
      const loadedEarlier = (await reload(doomed.user.id))!;
      expect((await server.request(`/admin/users/${doomed.name}`, { method: 'DELETE', ...as(admin) })).status).toBe(204);
      await expect(server.app.get(UsersService).editUser(loadedEarlier, { full_name: 'Revived' } as never)).rejects.toBeInstanceOf(
        NotFoundException,
      );
      expect(await reload(doomed.user.id)).toBeNull();
    });

    it("an admin's user edit does not undo a concurrent change of another field", async () => {
      const user = await createTestUser(server);
      const loadedEarlier = (await reload(user.user.id))!;
      const other = await server.request(`/admin/users/${user.name}`, {
        method: 'PATCH',
        body: { login_name: user.name, source_id: 0, website: 'https://meanwhile.example' },
        ...as(admin),
      });
      expect(other.status).toBe(200);
      await server.app.get(UsersService).editUser(loadedEarlier, { location: 'Lisbon' } as never);
      expect(await reload(user.user.id)).toMatchObject({ location: 'Lisbon', website: 'https://meanwhile.example' });
    });

    async function newOrg(): Promise<OwnerEntity> {
      const name = `org${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
      expect((await server.request('/orgs', { method: 'POST', body: { username: name }, ...as(owner) })).status).toBe(201);
      return (await server.db.owners.findByName(name))!;
    }

    it('editing an organization deleted meanwhile answers 404 and does not bring it back', async () => {
      const loadedEarlier = await newOrg();
      expect((await server.request(`/orgs/${loadedEarlier.name}`, { method: 'DELETE', ...as(owner) })).status).toBe(204);
      await expect(server.app.get(OrganizationsService).edit(loadedEarlier, { description: 'revived' })).rejects.toBeInstanceOf(
        NotFoundException,
      );
      expect(await reload(loadedEarlier.id)).toBeNull();
    });

    it('an organization edit does not undo a concurrent change of another field', async () => {
      const loadedEarlier = await newOrg();
      const other = await server.request(`/orgs/${loadedEarlier.name}`, {
        method: 'PATCH',
        body: { description: 'changed meanwhile' },
        ...as(owner),
      });
      expect(other.status).toBe(200);
      await server.app.get(OrganizationsService).edit(loadedEarlier, { website: 'https://example.org' });
      expect(await reload(loadedEarlier.id)).toMatchObject({ description: 'changed meanwhile', website: 'https://example.org' });
    });

    async function newTeam(org: OwnerEntity, name: string): Promise<TeamEntity> {
      const res = await server.request(`/orgs/${org.name}/teams`, { method: 'POST', body: { name, permission: 'read' }, ...as(owner) });
      expect(res.status).toBe(201);
      return (await server.db.teams.findById(res.body.id))!;
    }

    it('editing a team deleted meanwhile answers 404 and does not bring it back', async () => {
      const org = await newOrg();
      const loadedEarlier = await newTeam(org, 'doomed');
      expect((await server.request(`/teams/${loadedEarlier.id}`, { method: 'DELETE', ...as(owner) })).status).toBe(204);
      await expect(server.app.get(TeamsService).edit(loadedEarlier, { name: 'revived' })).rejects.toBeInstanceOf(NotFoundException);
      expect(await server.db.teams.findById(loadedEarlier.id)).toBeNull();
      expect(await server.db.teams.findByOrgAndName(org.id, 'revived')).toBeNull();
    });

    it('a team edit does not undo a concurrent change of another field, and a taken name is still 422', async () => {
      const org = await newOrg();
      const loadedEarlier = await newTeam(org, 'two-editors');
      await newTeam(org, 'taken');
      const other = await server.request(`/teams/${loadedEarlier.id}`, {
        method: 'PATCH',
        body: { name: 'two-editors', description: 'changed meanwhile', permission: 'write' },
        ...as(owner),
      });
      expect(other.status).toBe(200);
      await server.app.get(TeamsService).edit(loadedEarlier, { name: 'renamed', can_create_org_repo: true });
      expect(await server.db.teams.findById(loadedEarlier.id)).toMatchObject({
        name: 'renamed',
        lowerName: 'renamed',
        description: 'changed meanwhile',
        permission: 'write',
        canCreateOrgRepo: true,
      });
      await expect(server.app.get(TeamsService).edit(loadedEarlier, { name: 'TAKEN' })).rejects.toMatchObject({ status: 422 });
    });
  });
  describe('releases', () => {
    async function newRelease(body: object) {
      const res = await server.request(`${base}/releases`, {
        method: 'POST',
        body: { tag_name: `v${Date.now()}${Math.random().toString(36).slice(2, 6)}`, ...body },
        ...as(owner),
      });
      expect(res.status).toBe(201);
      return res.body as { id: number };
    }

    it('editing a release deleted meanwhile answers 404 and does not bring it back', async () => {
      const release = await newRelease({ name: 'doomed' });
      afterNextRead(ReleaseStore.prototype, 'findById', () =>
        server.request(`${base}/releases/${release.id}`, { method: 'DELETE', ...as(owner) }),
      );
      expect(
        (await server.request(`${base}/releases/${release.id}`, { method: 'PATCH', body: { name: 'revived' }, ...as(owner) })).status,
      ).toBe(404);
      expect((await server.request(`${base}/releases/${release.id}`, as(owner))).status).toBe(404);
    });

    it('a release edit does not undo a concurrent change of another field', async () => {
      const release = await newRelease({ name: 'first', body: 'old notes' });
      afterNextRead(ReleaseStore.prototype, 'findById', () =>
        server.request(`${base}/releases/${release.id}`, { method: 'PATCH', body: { body: 'new notes' }, ...as(owner) }),
      );
      expect(
        (await server.request(`${base}/releases/${release.id}`, { method: 'PATCH', body: { name: 'second' }, ...as(owner) })).status,
      ).toBe(200);
      expect((await server.request(`${base}/releases/${release.id}`, as(owner))).body).toMatchObject({ name: 'second', body: 'new notes' });
    });

    it('publishing a draft whose tag is changed meanwhile tags the name it has now', async () => {
      const tag = `d${Date.now().toString(36)}`;
      const release = await newRelease({ tag_name: tag, draft: true });
      afterNextRead(ReleaseStore.prototype, 'findById', () =>
        server.request(`${base}/releases/${release.id}`, { method: 'PATCH', body: { tag_name: `${tag}-renamed` }, ...as(owner) }),
      );
      const published = await server.request(`${base}/releases/${release.id}`, { method: 'PATCH', body: { draft: false }, ...as(owner) });
      expect(published.body).toMatchObject({ tag_name: `${tag}-renamed`, draft: false });
      const repoPath = server.app.get(RepositoryService).pathOf(owner.user, repo);
      expect(await resolveRef(repoPath, `refs/tags/${tag}-renamed`)).toBeDefined();
      expect(await resolveRef(repoPath, `refs/tags/${tag}`)).toBeUndefined();
    });
  });
});
