import { DEFAULT_BRANCH_PROTECTION, ProtectionStore } from '@bellows/domain';
import { RepositoryEntity } from '../../src/entities/repository.entity';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner, uniqueName } from '../support/quota-fixtures';

/** The ProtectionStore port: branch rules unique by name, settings kept whole, tag rules by id (SQLite and PostgreSQL). */
describeEachEngine('ProtectionStore contract', (ctx) => {
  const store = (): ProtectionStore => ctx().db.protection;

  async function repository() {
    const owner = await insertOwner(ctx().db);
    return ctx().db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo') });
  }

  it('keeps a branch rule’s settings whole, one rule per name, and updates them by id', async () => {
    const repo = await repository();
    const settings = { ...DEFAULT_BRANCH_PROTECTION, enablePush: true, pushWhitelistUserIds: [3, 4], statusCheckContexts: ['ci'] };
    const rule = await store().createBranchRule(repo.id, 'main', settings);
    expect(rule).toMatchObject({ repoId: repo.id, ruleName: 'main', settings });
    expect(await store().createBranchRule(repo.id, 'main', DEFAULT_BRANCH_PROTECTION)).toBeNull();
    expect(await store().updateBranchRule(rule!.id, { ...settings, requiredApprovals: 2 })).toBe(true);
    expect((await store().findBranchRule(repo.id, 'main'))?.settings.requiredApprovals).toBe(2);
    expect((await store().branchRules(repo.id)).map((r) => r.ruleName)).toEqual(['main']);
    expect(await store().deleteBranchRule(rule!.id)).toBe(true);
    expect(await store().updateBranchRule(rule!.id, settings)).toBe(false);
  });

  it('keeps tag rules by id within their repository, and loses every rule with the repository', async () => {
    const repo = await repository();
    const tag = await store().createTagRule(repo.id, { namePattern: 'v*', whitelistUserIds: [1], whitelistTeamIds: [] });
    expect(await store().findTagRule(repo.id, tag.id)).toMatchObject({ namePattern: 'v*', whitelistUserIds: [1], whitelistTeamIds: [] });
    expect(await store().findTagRule(repo.id + 1_000_000, tag.id)).toBeNull();
    expect(await store().updateTagRule(tag.id, { namePattern: 'w*', whitelistUserIds: [], whitelistTeamIds: [7] })).toBe(true);
    expect((await store().tagRules(repo.id))[0]).toMatchObject({ namePattern: 'w*', whitelistTeamIds: [7] });
    await store().createBranchRule(repo.id, 'main', DEFAULT_BRANCH_PROTECTION);
    await ctx().db.dataSource.getRepository(RepositoryEntity).delete({ id: repo.id });
    expect(await store().tagRules(repo.id)).toEqual([]);
    expect(await store().branchRules(repo.id)).toEqual([]);
  });
});
